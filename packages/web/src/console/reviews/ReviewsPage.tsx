import {
  api,
  type AdminWithdrawalView,
  type FeedbackView,
  type IdentitySubmissionView,
  type P2pAdminAppealView,
  type P2pApplicationView,
  type Permission,
} from '@oex/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { callAdmin } from '../api.js';
import { useAdminT, type AdminT } from '../i18n.js';
import {
  AdminTable,
  DecisionDialog,
  fieldColours,
  formatAmount,
  formatTime,
  ProtectedImage,
  useAdminPage,
  type Column,
  AdminPager,
  type PagedCall,
} from '../parts.js';
import { useCan } from '../session.js';
import { Button, QueryState, Tabs, type ButtonVariant } from '../../components/ui/index.js';

const TABS = ['identity', 'withdrawals', 'sellers', 'appeals', 'feedback'] as const;
type Tab = (typeof TABS)[number];

/**
 * The review queues (docs/operator-console.md): identity, withdrawals above the limit, seller applications, P2P
 * appeals and feedback. Each decision is confirmed first; a rejection takes a reason the user reads.
 */
export function ReviewsPage() {
  const t = useAdminT('reviews');
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: Tab = TABS.find((value) => value === asked) ?? 'identity';
  return (
    <section className="flex flex-col gap-3">
      <h1 className="text-lg font-semibold">{t('title')}</h1>
      <Tabs<Tab>
        label={t('title')}
        className="flex flex-wrap gap-x-4 gap-y-1 border-b"
        values={TABS}
        active={tab}
        text={(value) => t(`tab.${value}`)}
        onChange={(value) => setParams({ tab: value }, { replace: true })}
      />
      <div role="tabpanel" aria-label={t(`tab.${tab}`)} data-testid={`reviews-${tab}`}>
        {tab === 'identity' && <IdentityQueue t={t} />}
        {tab === 'withdrawals' && <WithdrawalQueue t={t} />}
        {tab === 'sellers' && <SellerQueue t={t} />}
        {tab === 'appeals' && <AppealQueue t={t} />}
        {tab === 'feedback' && <FeedbackQueue t={t} />}
      </div>
    </section>
  );
}

/** A paged queue: a dense table, the selected row's detail under it, and a note for a view-only role. */
function Queue<T>({
  t,
  list,
  params = {},
  permission,
  label,
  empty,
  columns,
  rowKey,
  filters,
  detail,
}: {
  t: AdminT<'reviews'>;
  /** The queue's call: a page of rows of T. */
  list: PagedCall<T>;
  params?: Record<string, unknown>;
  permission: Permission;
  label: string;
  empty: string;
  columns: Column<T>[];
  rowKey(row: T): number;
  filters?: ReactNode;
  detail(row: T, done: () => void, canAct: boolean): ReactNode;
}) {
  const canAct = useCan(permission);
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number | null>(null);
  const query = useAdminPage(list, { ...params, page });
  const current = query.data?.data.find((row) => rowKey(row) === selected);
  const done = () => {
    setSelected(null);
    void queryClient.invalidateQueries({ queryKey: ['admin', list.path] });
  };
  const open: Column<T> = {
    key: 'open',
    header: '',
    cell: (row) => (
      <Button
        size="sm"
        aria-expanded={selected === rowKey(row)}
        onClick={() => setSelected(selected === rowKey(row) ? null : rowKey(row))}
      >
        {selected === rowKey(row) ? t('close') : t('open')}
      </Button>
    ),
  };
  return (
    <div className="flex flex-col gap-2 pt-2">
      {(filters || !canAct) && (
        <div className="flex flex-wrap items-center gap-3">
          {filters}
          {!canAct && (
            <p className="text-xs text-muted" data-testid="reviews-read-only">
              {t('readOnly')}
            </p>
          )}
        </div>
      )}
      <QueryState query={query} isEmpty={(data) => data.data.length === 0} empty={empty}>
        {(data) => (
          <>
            <AdminTable
              label={label}
              columns={[...columns, open]}
              rows={data.data}
              rowKey={rowKey}
              selected={selected}
              testId="reviews-table"
            />
            <AdminPager page={data.current_page} last={data.last_page} onPage={setPage} />
          </>
        )}
      </QueryState>
      {current && (
        <section
          className="flex flex-col gap-3 rounded border border-line bg-panel p-3"
          data-testid="reviews-detail"
        >
          {detail(current, done, canAct)}
        </section>
      )}
    </div>
  );
}

/** Who: the account and the user id. */
function UserRef({ account, id }: { account: string; id: number }) {
  return (
    <span className="break-all">
      {account || '—'} <span className="text-muted">#{id}</span>
    </span>
  );
}

/** Label–value lines of a detail. */
function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-0.5">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted">{label}</dt>
          <dd className="min-w-0 break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

type Decision = 'approve' | 'reject';

/**
 * The approve and reject buttons of a detail, and the confirmation each opens. A rejection always
 * takes a reason the user reads; an approval takes an optional logged note where `approveNote`, or
 * the same required reason where both parties read it (`reasonForBoth`, appeals).
 */
function Decide({
  t,
  canAct,
  testId,
  labels = { approve: t('approve'), reject: t('reject') },
  title,
  approveNote = false,
  reasonForBoth = false,
  summary,
  reasonMax,
  act,
  done,
}: {
  t: AdminT<'reviews'>;
  canAct: boolean;
  testId(decision: Decision): string;
  labels?: Record<Decision, string>;
  title(decision: Decision): string;
  approveNote?: boolean;
  reasonForBoth?: boolean;
  summary?: ReactNode;
  reasonMax?: number;
  act(decision: Decision, reason: string): Promise<unknown>;
  done(): void;
}) {
  const [open, setOpen] = useState<Decision | null>(null);
  if (!canAct) return null;
  const reasonTexts = (decision: Decision) => {
    if (reasonForBoth) return { reasonLabel: t('reason'), reasonHint: t('reasonShownBoth') };
    if (decision === 'reject') return { reasonLabel: t('reason'), reasonHint: t('reasonShown') };
    return approveNote ? { reasonLabel: t('note'), reasonHint: t('noteLogged') } : {};
  };
  return (
    <div className="flex flex-wrap gap-2">
      {(['approve', 'reject'] as const).map((decision) => (
        <Button
          key={decision}
          variant={DECISION_VARIANT[decision]}
          size="fit"
          className="px-3 py-1"
          onClick={() => setOpen(decision)}
        >
          {labels[decision]}
        </Button>
      ))}
      {open && (
        <DecisionDialog
          testId={testId(open)}
          texts={{ title: title(open), confirm: labels[open], cancel: t('cancel'), ...reasonTexts(open) }}
          summary={summary}
          confirmVariant={DECISION_VARIANT[open]}
          reasonRequired={reasonForBoth || open === 'reject'}
          reasonMax={reasonMax}
          onConfirm={(reason) => act(open, reason).then(done)}
          onClose={() => setOpen(null)}
        />
      )}
    </div>
  );
}

/** Each decision's look, on its button and on its confirmation's. */
const DECISION_VARIANT = { approve: 'up', reject: 'down' } as const satisfies Record<Decision, ButtonVariant>;

function DetailTitle({ children }: { children: ReactNode }) {
  return <h2 className="font-semibold">{children}</h2>;
}

// ---- identity ----------------------------------------------------------------------------------

function IdentityQueue({ t }: { t: AdminT<'reviews'> }) {
  return (
    <Queue<IdentitySubmissionView>
      t={t}
      list={api.personal.identityPending}
      permission="reviews.support"
      label={t('tab.identity')}
      empty={t('empty.identity')}
      rowKey={(row) => row.id}
      columns={[
        { key: 'id', header: t('col.id'), cell: (row) => row.id },
        {
          key: 'user',
          header: t('col.user'),
          cell: (row) => <UserRef account={row.account} id={row.user_id} />,
        },
        { key: 'name', header: t('col.name'), cell: (row) => row.name },
        { key: 'card', header: t('col.idNumber'), cell: (row) => row.card_id },
        { key: 'at', header: t('col.submitted'), cell: (row) => formatTime(row.created_at) },
      ]}
      detail={(row, done, canAct) => (
        <>
          <DetailTitle>{t('identity.detail', { id: row.id })}</DetailTitle>
          <Facts
            rows={[
              [t('col.user'), <UserRef key="u" account={row.account} id={row.user_id} />],
              [t('col.name'), row.name],
              [t('col.idNumber'), row.card_id],
              [t('col.submitted'), formatTime(row.created_at)],
            ]}
          />
          <div className="flex flex-wrap gap-3">
            {(
              [
                ['identity.front', row.front_pic],
                ['identity.reverse', row.reverse_pic],
                ['identity.hand', row.hand_pic],
              ] as const
            ).map(
              ([label, path]) =>
                path && (
                  <figure key={label} className="flex flex-col gap-1">
                    <ProtectedImage path={path} alt={t(label)} failedText={t('imageFailed')} />
                    <figcaption className="text-xs text-muted">{t(label)}</figcaption>
                  </figure>
                ),
            )}
          </div>
          <Decide
            t={t}
            canAct={canAct}
            testId={(decision) => `identity-${decision}`}
            title={(decision) =>
              decision === 'approve'
                ? t('identity.approveTitle', { name: row.name })
                : t('identity.rejectTitle', { name: row.name })
            }
            reasonMax={256}
            act={(decision, reason) =>
              decision === 'approve'
                ? callAdmin(api.personal.identityApprove, { id: row.id })
                : callAdmin(api.personal.identityReject, { id: row.id, reason })
            }
            done={done}
          />
        </>
      )}
    />
  );
}

// ---- withdrawals -------------------------------------------------------------------------------

function WithdrawalQueue({ t }: { t: AdminT<'reviews'> }) {
  return (
    <Queue<AdminWithdrawalView>
      t={t}
      list={api.wallet.reviewQueue}
      params={{ limit: 20 }}
      permission="reviews.finance"
      label={t('tab.withdrawals')}
      empty={t('empty.withdrawals')}
      rowKey={(row) => row.id}
      columns={[
        { key: 'id', header: t('col.id'), cell: (row) => row.id },
        {
          key: 'user',
          header: t('col.user'),
          cell: (row) => <UserRef account={row.account} id={row.user_id} />,
        },
        {
          key: 'amount',
          header: t('col.amount'),
          numeric: true,
          cell: (row) => `${formatAmount(row.amount)} ${row.currency_code}`,
        },
        { key: 'network', header: t('col.network'), cell: (row) => row.chain },
        {
          key: 'address',
          header: t('col.address'),
          cell: (row) => <span className="font-mono text-xs break-all">{row.address}</span>,
        },
        { key: 'at', header: t('col.requested'), cell: (row) => row.created_at },
      ]}
      detail={(row, done, canAct) => {
        const summary = (
          <Facts
            rows={[
              [t('col.user'), <UserRef key="u" account={row.account} id={row.user_id} />],
              [t('col.amount'), `${formatAmount(row.amount)} ${row.currency_code}`],
              [t('withdrawal.fee'), `${row.fee} ${row.currency_code}`],
              [t('withdrawal.received'), `${row.received} ${row.currency_code}`],
              [t('col.network'), row.chain],
              [
                t('col.address'),
                <span key="a" className="font-mono text-xs break-all">
                  {row.address}
                </span>,
              ],
              ...(row.memo ? ([[t('withdrawal.memo'), row.memo]] as [string, ReactNode][]) : []),
              [t('col.requested'), row.created_at],
            ]}
          />
        );
        return (
          <>
            <DetailTitle>{t('withdrawal.detail', { id: row.id })}</DetailTitle>
            {summary}
            <Decide
              t={t}
              canAct={canAct}
              testId={(decision) => `withdrawal-${decision}`}
              title={(decision) =>
                decision === 'approve'
                  ? t('withdrawal.approveTitle', { amount: row.received, coin: row.currency_code })
                  : t('withdrawal.rejectTitle')
              }
              approveNote
              summary={summary}
              reasonMax={200}
              act={(decision, reason) =>
                callAdmin(
                  decision === 'approve' ? api.wallet.approveWithdrawal : api.wallet.rejectWithdrawal,
                  {
                    id: row.id,
                    reason,
                  },
                )
              }
              done={done}
            />
          </>
        );
      }}
    />
  );
}

// ---- seller applications -----------------------------------------------------------------------

function SellerQueue({ t }: { t: AdminT<'reviews'> }) {
  const [status, setStatus] = useState<1 | 2 | 3>(1);
  const id = useId();
  return (
    <Queue<P2pApplicationView>
      key={status}
      t={t}
      list={api.p2p.applications}
      params={{ status }}
      permission="reviews.support"
      label={t('tab.sellers')}
      empty={t('empty.sellers')}
      rowKey={(row) => row.id}
      filters={
        <span className="flex items-center gap-2">
          <label htmlFor={id}>{t('sellers.show')}</label>
          <select
            id={id}
            className={`rounded border px-1 py-0.5 ${fieldColours}`}
            value={status}
            onChange={(event) => setStatus(Number(event.target.value) as 1 | 2 | 3)}
          >
            {([1, 2, 3] as const).map((value) => (
              <option key={value} value={value}>
                {t(`sellers.status.${value}`)}
              </option>
            ))}
          </select>
        </span>
      }
      columns={[
        { key: 'id', header: t('col.id'), cell: (row) => row.id },
        {
          key: 'user',
          header: t('col.user'),
          cell: (row) => <UserRef account={row.account} id={row.user_id} />,
        },
        { key: 'at', header: t('col.submitted'), cell: (row) => formatTime(row.created_at) },
        { key: 'status', header: t('col.status'), cell: (row) => t(`sellers.status.${row.status}`) },
        { key: 'reason', header: t('reason'), cell: (row) => row.reason ?? '—' },
      ]}
      detail={(row, done, canAct) => (
        <>
          <DetailTitle>{t('sellers.detail', { id: row.id })}</DetailTitle>
          <Facts
            rows={[
              [t('col.user'), <UserRef key="u" account={row.account} id={row.user_id} />],
              [t('col.submitted'), formatTime(row.created_at)],
              [t('col.status'), t(`sellers.status.${row.status}`)],
              ...(row.decided_at
                ? ([[t('sellers.decided'), formatTime(row.decided_at)]] as [string, ReactNode][])
                : []),
            ]}
          />
          <p className="text-xs text-muted">{t('sellers.hint')}</p>
          {row.status === 1 && (
            <Decide
              t={t}
              canAct={canAct}
              testId={(decision) => `seller-${decision}`}
              title={(decision) =>
                decision === 'approve'
                  ? t('sellers.approveTitle', { account: row.account })
                  : t('sellers.rejectTitle', { account: row.account })
              }
              approveNote
              act={(decision, reason) =>
                callAdmin(api.p2p.decide, {
                  id: row.id,
                  approve: decision === 'approve',
                  reason,
                })
              }
              done={done}
            />
          )}
        </>
      )}
    />
  );
}

// ---- P2P appeals -------------------------------------------------------------------------------

function AppealQueue({ t }: { t: AdminT<'reviews'> }) {
  const { t: app } = useTranslation();
  const [open, setOpen] = useState(true);
  return (
    <Queue<P2pAdminAppealView>
      key={String(open)}
      t={t}
      list={api.p2p.appeals}
      params={{ open: open ? 1 : 0 }}
      permission="reviews.support"
      label={t('tab.appeals')}
      empty={t('empty.appeals')}
      rowKey={(row) => row.order_id}
      filters={
        <label className="flex items-center gap-1.5">
          <input type="checkbox" checked={open} onChange={(event) => setOpen(event.target.checked)} />
          {t('appeals.openOnly')}
        </label>
      }
      columns={[
        { key: 'order', header: t('col.order'), cell: (row) => row.order_id },
        {
          key: 'amount',
          header: t('col.amount'),
          numeric: true,
          cell: (row) => `${formatAmount(row.number)} ${row.currency_code}`,
        },
        {
          key: 'fiat',
          header: t('col.fiat'),
          numeric: true,
          cell: (row) => `${formatAmount(row.fiat_amount)} ${row.fiat}`,
        },
        {
          key: 'parties',
          header: t('col.parties'),
          cell: (row) => `#${row.buyer_id} / #${row.seller_id}`,
        },
        { key: 'by', header: t('col.openedBy'), cell: (row) => t(`appeals.${row.appeal.by}`) },
        { key: 'at', header: t('col.opened'), cell: (row) => formatTime(row.appeal.opened_at) },
        { key: 'status', header: t('col.status'), cell: (row) => app(`p2p.status.${row.status}`) },
      ]}
      detail={(row, done, canAct) => (
        <>
          <DetailTitle>{t('appeals.detail', { id: row.order_id })}</DetailTitle>
          <Facts
            rows={[
              [t('col.amount'), `${row.number} ${row.currency_code}`],
              [t('appeals.price'), `${row.price} ${row.fiat}`],
              [t('col.fiat'), `${row.fiat_amount} ${row.fiat}`],
              [t('appeals.buyerSeller'), `#${row.buyer_id} / #${row.seller_id}`],
              [t('col.submitted'), formatTime(row.created_at)],
              [t('col.status'), app(`p2p.status.${row.status}`)],
            ]}
          />
          <div>
            <h3 className="font-medium">
              {t('appeals.by', {
                who: t(`appeals.${row.appeal.by}`),
                time: formatTime(row.appeal.opened_at),
              })}
            </h3>
            <p className="whitespace-pre-wrap">{row.appeal.reason}</p>
          </div>
          <ImageRow t={t} title={t('appeals.images')} images={row.appeal.images} />
          <ImageRow t={t} title={t('appeals.vouchers')} images={row.vouchers} />
          <div>
            <h3 className="font-medium">{t('appeals.timeline')}</h3>
            <ol className="flex flex-col gap-0.5" data-testid="appeal-timeline">
              {row.timeline.map((entry, index) => (
                <li key={index} className="flex gap-3">
                  <span className="tabular-nums text-muted">{formatTime(entry.at, true)}</span>
                  <span>{app(`p2p.status.${entry.status}`)}</span>
                </li>
              ))}
            </ol>
          </div>
          {row.appeal.resolution ? (
            <p data-testid="appeal-resolution">
              {t('appeals.resolved', {
                who: t(`appeals.${row.appeal.resolution.release_to}`),
                time: formatTime(row.appeal.resolution.at),
                reason: row.appeal.resolution.reason,
              })}
            </p>
          ) : (
            <Decide
              t={t}
              canAct={canAct}
              testId={(decision) => `appeal-${decision === 'approve' ? 'buyer' : 'seller'}`}
              labels={{ approve: t('appeals.toBuyer'), reject: t('appeals.toSeller') }}
              title={(decision) =>
                t(decision === 'approve' ? 'appeals.toBuyerTitle' : 'appeals.toSellerTitle', {
                  amount: row.number,
                  coin: row.currency_code,
                })
              }
              reasonForBoth
              act={(decision, reason) =>
                callAdmin(api.p2p.resolve, {
                  order_id: row.order_id,
                  release_to: decision === 'approve' ? 'buyer' : 'seller',
                  reason,
                })
              }
              done={done}
            />
          )}
        </>
      )}
    />
  );
}

function ImageRow({
  t,
  title,
  images,
}: {
  t: AdminT<'reviews'>;
  title: string;
  images: { id: number; url: string }[];
}) {
  return (
    <div>
      <h3 className="font-medium">{title}</h3>
      {images.length === 0 ? (
        <p className="text-muted">{t('none')}</p>
      ) : (
        <div className="flex flex-wrap gap-2">
          {images.map((image, index) => (
            <ProtectedImage
              key={image.id}
              path={image.url}
              alt={`${title} ${index + 1}`}
              failedText={t('imageFailed')}
            />
          ))}
        </div>
      )}
    </div>
  );
}

// ---- feedback ----------------------------------------------------------------------------------

type FeedbackRow = FeedbackView & { user_id: number };

function FeedbackQueue({ t }: { t: AdminT<'reviews'> }) {
  const [unanswered, setUnanswered] = useState(true);
  return (
    <Queue<FeedbackRow>
      key={String(unanswered)}
      t={t}
      list={api.personal.feedbackAll}
      params={{ unanswered: unanswered ? 1 : 0 }}
      permission="reviews.support"
      label={t('tab.feedback')}
      empty={t('empty.feedback')}
      rowKey={(row) => row.id}
      filters={
        <label className="flex items-center gap-1.5">
          <input
            type="checkbox"
            checked={unanswered}
            onChange={(event) => setUnanswered(event.target.checked)}
          />
          {t('feedback.unanswered')}
        </label>
      }
      columns={[
        { key: 'id', header: t('col.id'), cell: (row) => row.id },
        { key: 'user', header: t('col.user'), cell: (row) => `#${row.user_id}` },
        {
          key: 'content',
          header: t('col.content'),
          cell: (row) => <span className="line-clamp-2 break-words">{row.content}</span>,
        },
        { key: 'replies', header: t('col.replies'), numeric: true, cell: (row) => row.replies.length },
        { key: 'at', header: t('col.submitted'), cell: (row) => formatTime(row.created_at) },
      ]}
      detail={(row, done, canAct) => <FeedbackDetail t={t} row={row} done={done} canAct={canAct} />}
    />
  );
}

function FeedbackDetail({
  t,
  row,
  done,
  canAct,
}: {
  t: AdminT<'reviews'>;
  row: FeedbackRow;
  done(): void;
  canAct: boolean;
}) {
  const [reply, setReply] = useState('');
  const [confirming, setConfirming] = useState(false);
  const id = useId();
  return (
    <>
      <DetailTitle>{t('feedback.detail', { id: row.id, user: row.user_id })}</DetailTitle>
      <p className="whitespace-pre-wrap">{row.content}</p>
      {row.image_url && (
        <ImageRow t={t} title={t('feedback.image')} images={[{ id: row.id, url: row.image_url }]} />
      )}
      <div>
        <h3 className="font-medium">{t('col.replies')}</h3>
        {row.replies.length === 0 ? (
          <p className="text-muted">{t('feedback.none')}</p>
        ) : (
          <ul className="flex flex-col gap-1">
            {row.replies.map((answer) => (
              <li key={answer.id}>
                <span className="tabular-nums text-muted">{formatTime(answer.created_at)}</span>{' '}
                <span className="whitespace-pre-wrap">{answer.content}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
      {canAct && (
        <form
          className="flex flex-col gap-1"
          onSubmit={(event) => {
            event.preventDefault();
            if (reply.trim()) setConfirming(true);
          }}
        >
          <label htmlFor={id}>{t('feedback.replyLabel')}</label>
          <textarea
            id={id}
            rows={3}
            maxLength={2000}
            className={`w-full rounded border px-2 py-1 ${fieldColours}`}
            value={reply}
            aria-describedby={`${id}-hint`}
            onChange={(event) => setReply(event.target.value)}
          />
          <span id={`${id}-hint`} className="text-xs text-muted">
            {t('feedback.replyHint')}
          </span>
          <Button
            variant="primary"
            size="fit"
            type="submit"
            disabled={!reply.trim()}
            className="self-start px-3 py-1"
          >
            {t('feedback.send')}
          </Button>
        </form>
      )}
      {confirming && (
        <DecisionDialog
          testId="feedback-reply"
          texts={{ title: t('feedback.confirmTitle'), confirm: t('feedback.send'), cancel: t('cancel') }}
          summary={<p className="whitespace-pre-wrap">{reply.trim()}</p>}
          confirmVariant="primary"
          onConfirm={() =>
            callAdmin(api.personal.feedbackReply, { id: row.id, content: reply }).then(() => {
              setReply('');
              done();
            })
          }
          onClose={() => setConfirming(false)}
        />
      )}
    </>
  );
}
