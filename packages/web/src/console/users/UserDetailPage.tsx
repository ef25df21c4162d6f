import {
  ACCOUNT_CODES,
  AccountTypeId,
  api,
  type AccountLogView,
  type AdminUserAccount,
  type AdminUserDetail,
  type AdminUserSession,
  type SpotOrderView,
} from '@oex/protocol';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { callAdmin } from '../api.js';
import { useAdminT, type AdminT } from '../i18n.js';
import { AdminTable, DecisionDialog, formatAmount, useAdminPage, type Column, AdminPager } from '../parts.js';
import { useCan } from '../session.js';
import { AdjustmentsTable } from '../balances/parts.js';
import { contactOf, UserBadges } from './UsersPage.js';
import { Button, Empty, QueryState } from '../../components/ui/index.js';

type Action = 'freeze' | 'unfreeze' | 'end_sessions' | 'reset_2fa';

/** review_status of a certified identity: only then may two-factor be reset. */
const CERTIFIED = 2;

/**
 * One user (docs/operator-console.md): accounts, orders, records, sessions, identity, two-factor and frozen state,
 * adjustments; and the account actions, each confirmed with a reason that goes to the operator log.
 */
export function UserDetailPage() {
  const t = useAdminT('users');
  const { id = '' } = useParams();
  const query = useQuery({
    queryKey: ['admin', 'admin/users', id],
    queryFn: () => callAdmin(api.admin.users.detail, { id }, { quiet: true }),
    enabled: /^\d+$/.test(id),
  });
  return (
    <section className="flex flex-col gap-4" data-testid="user-detail">
      <Link to="/admin/users" className="text-xs text-accent underline">
        ← {t('back')}
      </Link>
      <QueryState query={query} skeleton={{ rows: 6, rowClass: 'h-10' }}>
        {(detail) => <Detail t={t} detail={detail} />}
      </QueryState>
    </section>
  );
}

function Detail({ t, detail }: { t: AdminT<'users'>; detail: AdminUserDetail }) {
  const { user } = detail;
  return (
    <>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h1 className="text-lg font-semibold break-all">
          {contactOf(user)} <span className="text-muted">#{user.id}</span>
        </h1>
        <UserBadges t={t} user={user} />
      </div>
      <Actions t={t} detail={detail} />
      <Section title={t('profile')} testId="user-profile">
        <Facts
          rows={[
            [t('col.invite'), <span className="font-mono">{user.invite_code}</span>],
            [
              t('invitedBy'),
              user.inviter_id ? <Link to={`/admin/users/${user.inviter_id}`}>#{user.inviter_id}</Link> : '—',
            ],
            [t('col.registered'), user.created_at],
            [t('phone'), user.mobile ? `+${user.area_code ?? ''} ${user.mobile}` : '—'],
            [t('twoFactor'), user.two_factor ? t('on') : t('off')],
            [t('tradePassword'), user.has_pay_password ? t('set') : t('notSet')],
            [
              t('frozenState'),
              user.frozen ? (
                <span className="text-down">
                  {t('frozenSince', { time: user.frozen_at ?? '' })} — {user.frozen_reason}
                </span>
              ) : (
                t('notFrozen')
              ),
            ],
            [
              t('col.identity'),
              detail.identity ? (
                <span>
                  {t(`identity.${detail.identity.status}`)} · {detail.identity.name} ·{' '}
                  {detail.identity.card_id} · {t('submitted', { time: detail.identity.submitted_at })}
                  {detail.identity.reason ? ` — ${detail.identity.reason}` : ''}
                </span>
              ) : (
                t(`identity.${user.review_status}`)
              ),
            ],
          ]}
        />
      </Section>
      <Accounts t={t} accounts={detail.accounts} />
      <Orders
        t={t}
        title={t('openOrders', { count: detail.open_orders_total })}
        orders={detail.open_orders}
        testId="user-open-orders"
      />
      <Orders t={t} title={t('recentOrders')} orders={detail.recent_orders} testId="user-recent-orders" />
      <Records t={t} userId={user.id} />
      <Sessions t={t} sessions={detail.sessions} />
      <Section title={t('adjustments')} testId="user-adjustments">
        <Link to={`/admin/balances?user_id=${user.id}`} className="text-xs text-accent underline">
          {t('proposeAdjustment')}
        </Link>
        {detail.adjustments.length === 0 ? (
          <Empty text={t('noAdjustments')} />
        ) : (
          <AdjustmentsTable rows={detail.adjustments} showUser={false} testId="user-adjustments-table" />
        )}
      </Section>
    </>
  );
}

function Section({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <section className="flex flex-col gap-2" aria-label={title} data-testid={testId}>
      <h2 className="font-semibold">{title}</h2>
      {children}
    </section>
  );
}

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

/** The account actions this role may take, each behind a confirmation with a reason. */
function Actions({ t, detail }: { t: AdminT<'users'>; detail: AdminUserDetail }) {
  const canManage = useCan('users.manage');
  const queryClient = useQueryClient();
  const [action, setAction] = useState<Action | null>(null);
  const { user } = detail;
  if (user.is_system) return <p className="text-muted">{t('liquidityNote')}</p>;
  if (!canManage) {
    return (
      <p className="text-xs text-muted" data-testid="user-read-only">
        {t('readOnly')}
      </p>
    );
  }
  const certified = user.review_status === CERTIFIED;
  const button = (name: Action, disabled = false) => (
    <Button size="sm" disabled={disabled} onClick={() => setAction(name)}>
      {t(`action.${name}`)}
    </Button>
  );
  return (
    <div className="flex flex-wrap items-center gap-2">
      {user.frozen ? button('unfreeze') : button('freeze')}
      {button('end_sessions', detail.sessions.length === 0)}
      {user.two_factor && button('reset_2fa', !certified)}
      {user.two_factor && !certified && <span className="text-xs text-muted">{t('resetNeedsIdentity')}</span>}
      {action && (
        <DecisionDialog
          testId={`user-${action}`}
          texts={{
            title: t(`confirm.${action}`),
            confirm: t(`action.${action}`),
            cancel: t('cancel'),
            reasonLabel: t('reasonLabel'),
            reasonHint: t('reasonHint'),
          }}
          summary={<p>{t(`explain.${action}`, { user: contactOf(user) })}</p>}
          confirmVariant={action === 'unfreeze' ? 'up' : 'down'}
          reasonRequired
          onConfirm={async (reason) => {
            await callAdmin(api.admin.users[action], { user_id: user.id, reason }, { quiet: true });
            await queryClient.invalidateQueries({ queryKey: ['admin', 'admin/users'] });
          }}
          onClose={() => setAction(null)}
        />
      )}
    </div>
  );
}

function accountCodeName(t: AdminT<'users'>, typeId: number): string {
  const code = ACCOUNT_CODES.find((candidate) => AccountTypeId[candidate] === typeId);
  return code ? t(`account.${code}`) : String(typeId);
}

function Accounts({ t, accounts }: { t: AdminT<'users'>; accounts: AdminUserAccount[] }) {
  const columns: Column<AdminUserAccount>[] = [
    { key: 'type', header: t('col.accountType'), cell: (row) => accountCodeName(t, row.account_type_id) },
    { key: 'currency', header: t('col.currency'), cell: (row) => row.currency_code },
    { key: 'balance', header: t('col.available'), numeric: true, cell: (row) => formatAmount(row.balance) },
    { key: 'lock', header: t('col.locked'), numeric: true, cell: (row) => formatAmount(row.lock_balance) },
  ];
  return (
    <Section title={t('accounts')} testId="user-accounts">
      {accounts.length === 0 ? (
        <Empty text={t('noAccounts')} />
      ) : (
        <AdminTable
          label={t('accounts')}
          columns={columns}
          rows={accounts}
          rowKey={(row) => `${row.account_type_id}-${row.currency_id}`}
        />
      )}
    </Section>
  );
}

function Orders({
  t,
  title,
  orders,
  testId,
}: {
  t: AdminT<'users'>;
  title: string;
  orders: SpotOrderView[];
  testId: string;
}) {
  const columns: Column<SpotOrderView>[] = [
    { key: 'id', header: t('col.id'), cell: (row) => row.id },
    { key: 'market', header: t('col.market'), cell: (row) => row.currency_match.symbol },
    {
      key: 'side',
      header: t('col.side'),
      cell: (row) => <span className={row.way === 1 ? 'text-up' : 'text-down'}>{row.way_name}</span>,
    },
    {
      key: 'price',
      header: t('col.price'),
      numeric: true,
      cell: (row) => (row.price === null ? t('market') : formatAmount(row.price)),
    },
    { key: 'number', header: t('col.quantity'), numeric: true, cell: (row) => formatAmount(row.number) },
    {
      key: 'filled',
      header: t('col.filled'),
      numeric: true,
      cell: (row) => formatAmount(row.transacted_amount),
    },
    { key: 'status', header: t('col.status'), cell: (row) => row.status_name },
    {
      key: 'created',
      header: t('col.time'),
      cell: (row) => <span className="whitespace-nowrap">{row.created_at}</span>,
    },
  ];
  return (
    <Section title={title} testId={testId}>
      {orders.length === 0 ? (
        <Empty text={t('noOrders')} />
      ) : (
        <AdminTable label={title} columns={columns} rows={orders} rowKey={(row) => row.id} />
      )}
    </Section>
  );
}

/** The user's journal as they see it in their records, paged. */
function Records({ t, userId }: { t: AdminT<'users'>; userId: number }) {
  const [page, setPage] = useState(1);
  const query = useAdminPage(api.admin.users.logs, { id: userId, page, limit: 20 });
  const columns: Column<AccountLogView>[] = [
    {
      key: 'time',
      header: t('col.time'),
      cell: (row) => <span className="whitespace-nowrap">{row.created_at}</span>,
    },
    { key: 'type', header: t('col.accountType'), cell: (row) => accountCodeName(t, row.account_type_id) },
    { key: 'memo', header: t('col.entry'), cell: (row) => row.memo },
    {
      key: 'value',
      header: t('col.change'),
      numeric: true,
      cell: (row) => (
        <span className={row.value.startsWith('-') ? 'text-down' : 'text-up'}>
          {row.value.startsWith('-') ? formatAmount(row.value) : `+${formatAmount(row.value)}`}{' '}
          {row.currency.code}
        </span>
      ),
    },
    { key: 'lock', header: t('col.lockChange'), numeric: true, cell: (row) => formatAmount(row.lock_value) },
    { key: 'after', header: t('col.after'), numeric: true, cell: (row) => formatAmount(row.balance_after) },
    { key: 'notes', header: t('col.notes'), cell: (row) => row.notes || '—' },
  ];
  return (
    <Section title={t('records')} testId="user-records">
      <QueryState query={query} isEmpty={(data) => data.data.length === 0} empty={t('noRecords')}>
        {(data) => (
          <>
            <AdminTable
              label={t('records')}
              columns={columns}
              rows={data.data}
              rowKey={(row) => row.id}
              testId="user-records-table"
            />
            <AdminPager page={data.current_page} last={data.last_page} onPage={setPage} />
          </>
        )}
      </QueryState>
    </Section>
  );
}

function Sessions({ t, sessions }: { t: AdminT<'users'>; sessions: AdminUserSession[] }) {
  const columns: Column<AdminUserSession>[] = [
    {
      key: 'device',
      header: t('col.device'),
      cell: (row) => <span className="break-all text-xs">{row.user_agent || '—'}</span>,
    },
    {
      key: 'ip',
      header: t('col.ip'),
      cell: (row) => <span className="font-mono text-xs">{row.ip || '—'}</span>,
    },
    {
      key: 'opened',
      header: t('col.opened'),
      cell: (row) => <span className="whitespace-nowrap">{row.created_at}</span>,
    },
    {
      key: 'seen',
      header: t('col.lastSeen'),
      cell: (row) => <span className="whitespace-nowrap">{row.last_seen_at}</span>,
    },
  ];
  return (
    <Section title={t('sessions', { count: sessions.length })} testId="user-sessions">
      {sessions.length === 0 ? (
        <Empty text={t('noSessions')} />
      ) : (
        <AdminTable
          label={t('sessions', { count: sessions.length })}
          columns={columns}
          rows={sessions}
          rowKey={(row) => row.id}
        />
      )}
    </Section>
  );
}
