import {
  ACCOUNT_CODES,
  AccountTypeId,
  api,
  type AdminAdjustment,
  type LiabilitySnapshotView,
} from '@oex/protocol';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { callAdmin } from '../api.js';
import { useAdminT, type AdminT } from '../i18n.js';
import { DecisionDialog, fieldColours, AdminPager } from '../parts.js';
import { useCan } from '../session.js';
import { accountName, AdjustmentsTable, SignedAmount } from './parts.js';
import { Button, QueryState, Tabs } from '../../components/ui/index.js';

const STATUSES = ['pending', 'applied', 'rejected', 'all'] as const;
type StatusTab = (typeof STATUSES)[number];

/** A signed decimal such as 12.5 or -0.001, not zero. */
const SIGNED_AMOUNT = /^-?\d+(\.\d+)?$/;

/**
 * Balance adjustments (issues 17, 22): the console's only manual money movement. Every proposal,
 * whatever its amount, waits for a second operator. Each has a reference and a reason, which the
 * user sees in their records beside "Adjustment" once it is applied.
 */
export function AdjustmentsPage() {
  const t = useAdminT('balances');
  const canAct = useCan('funds');
  const [params, setParams] = useSearchParams();
  const asked = params.get('status');
  const status: StatusTab = STATUSES.find((value) => value === asked) ?? 'pending';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = useQuery({
    queryKey: ['admin', 'admin/adjustments', status, page],
    queryFn: () =>
      callAdmin(
        api.admin.adjustments.list,
        { status: status === 'all' ? undefined : status, page },
        { quiet: true },
      ),
  });
  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-lg font-semibold">{t('title')}</h1>
      {canAct ? (
        <ProposeForm t={t} userId={params.get('user_id') ?? ''} />
      ) : (
        <p className="text-xs text-muted" data-testid="balances-read-only">
          {t('readOnly')}
        </p>
      )}
      {canAct && <SnapshotNow t={t} />}
      <section className="flex flex-col gap-2" aria-label={t('listTitle')}>
        <h2 className="font-semibold">{t('listTitle')}</h2>
        <Tabs<StatusTab>
          label={t('listTitle')}
          className="flex flex-wrap gap-x-4 gap-y-1 border-b"
          values={STATUSES}
          active={status}
          text={(value) => t(`tab.${value}`)}
          onChange={(value) => setParams({ status: value }, { replace: true })}
        />
        <div role="tabpanel" aria-label={t(`tab.${status}`)}>
          <QueryState query={query} isEmpty={(data) => data.data.length === 0} empty={t(`empty.${status}`)}>
            {(data) => (
              <>
                <AdjustmentsTable rows={data.data} />
                <AdminPager
                  page={data.current_page}
                  last={data.last_page}
                  onPage={(next) => setParams({ status, page: String(next) })}
                />
              </>
            )}
          </QueryState>
        </div>
      </section>
    </section>
  );
}

interface Draft {
  user_id: string;
  account_type: number;
  currency: string;
  amount: string;
  reference: string;
}

/** The proposal: what and for whom, checked here first; the reason is asked in the confirmation. */
function ProposeForm({ t, userId }: { t: AdminT<'balances'>; userId: string }) {
  const id = useId();
  const queryClient = useQueryClient();
  const currencies = useQuery({
    queryKey: ['admin', 'currencies'],
    queryFn: () => callAdmin(api.wallet.protocols, {}, { quiet: true }),
    staleTime: Infinity,
  });
  const [draft, setDraft] = useState<Draft>({
    user_id: userId,
    account_type: AccountTypeId.change_account,
    currency: 'USDT',
    amount: '',
    reference: '',
  });
  const [confirming, setConfirming] = useState(false);
  const [outcome, setOutcome] = useState<AdminAdjustment | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const set = (change: Partial<Draft>) => setDraft((current) => ({ ...current, ...change }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    const amount = draft.amount.trim();
    if (!/^\d+$/.test(draft.user_id.trim())) return setProblem(t('problem.user'));
    if (!SIGNED_AMOUNT.test(amount) || /^-?0*(\.0*)?$/.test(amount)) return setProblem(t('problem.amount'));
    if (!draft.reference.trim()) return setProblem(t('problem.reference'));
    setProblem(null);
    setConfirming(true);
  };
  const input = `rounded border px-2 py-1 ${fieldColours}`;
  return (
    <>
      <form
        onSubmit={submit}
        noValidate
        className="flex flex-col gap-3 rounded border border-line p-3"
        aria-labelledby={`${id}-title`}
        data-testid="propose-form"
      >
        <h2 id={`${id}-title`} className="font-semibold">
          {t('proposeTitle')}
        </h2>
        <p className="text-xs text-muted">{t('fourEyesHint')}</p>
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
          <Field label={t('field.user')}>
            {(fieldId) => (
              <input
                id={fieldId}
                className={input}
                inputMode="numeric"
                value={draft.user_id}
                onChange={(event) => set({ user_id: event.target.value })}
              />
            )}
          </Field>
          <Field label={t('field.account')}>
            {(fieldId) => (
              <select
                id={fieldId}
                className={input}
                value={draft.account_type}
                onChange={(event) => set({ account_type: Number(event.target.value) })}
              >
                {ACCOUNT_CODES.map((code) => (
                  <option key={code} value={AccountTypeId[code]}>
                    {accountName(t, code)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={t('field.currency')}>
            {(fieldId) => (
              <select
                id={fieldId}
                className={input}
                value={draft.currency}
                onChange={(event) => set({ currency: event.target.value })}
              >
                {(currencies.data ?? [{ id: 0, code: 'USDT' }]).map((currency) => (
                  <option key={currency.code} value={currency.code}>
                    {currency.code}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={t('field.amount')} hint={t('field.amountHint')}>
            {(fieldId, hintId) => (
              <input
                id={fieldId}
                className={`${input} tabular-nums`}
                inputMode="decimal"
                placeholder="-12.5"
                aria-describedby={hintId}
                value={draft.amount}
                onChange={(event) => set({ amount: event.target.value })}
              />
            )}
          </Field>
          <Field label={t('field.reference')} hint={t('field.referenceHint')}>
            {(fieldId, hintId) => (
              <input
                id={fieldId}
                className={input}
                maxLength={128}
                aria-describedby={hintId}
                value={draft.reference}
                onChange={(event) => set({ reference: event.target.value })}
              />
            )}
          </Field>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Button size="sm" type="submit">
            {t('propose')}
          </Button>
          {problem && (
            <p role="alert" className="text-down">
              {problem}
            </p>
          )}
          {outcome && (
            <p role="status" data-testid="propose-outcome" data-status={outcome.status}>
              {t(`proposed.${outcome.status}`, { id: outcome.id })}
            </p>
          )}
        </div>
      </form>
      {confirming && (
        <DecisionDialog
          testId="adjustment-propose"
          texts={{
            title: t('proposeConfirm'),
            confirm: t('propose'),
            cancel: t('cancel'),
            reasonLabel: t('reasonLabel'),
            reasonHint: t('proposeReasonHint'),
          }}
          summary={
            <p>
              {t('proposeSummary', {
                user: draft.user_id.trim(),
                account: accountName(t, codeOf(draft.account_type)),
              })}{' '}
              <SignedAmount amount={draft.amount.trim()} currency={draft.currency} />
            </p>
          }
          confirmVariant={draft.amount.trim().startsWith('-') ? 'down' : 'up'}
          reasonRequired
          onConfirm={async (reason) => {
            const made = await callAdmin(
              api.admin.adjustments.propose,
              {
                user_id: Number(draft.user_id.trim()),
                account_type: draft.account_type,
                currency: draft.currency,
                amount: draft.amount.trim(),
                reference: draft.reference.trim(),
                reason,
              },
              { quiet: true },
            );
            setOutcome(made);
            set({ amount: '', reference: '' });
            await queryClient.invalidateQueries({ queryKey: ['admin'] });
          }}
          onClose={() => setConfirming(false)}
        />
      )}
    </>
  );
}

/** A labelled control with its hint under it (describing it, not part of its name). */
function Field({
  label,
  hint,
  children,
}: {
  label: string;
  hint?: string;
  children(id: string, hintId: string | undefined): ReactNode;
}) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id}>{label}</label>
      {children(id, hintId)}
      {hint && (
        <span id={hintId} className="text-xs text-muted">
          {hint}
        </span>
      )}
    </div>
  );
}

function codeOf(typeId: number): string {
  return ACCOUNT_CODES.find((code) => AccountTypeId[code] === typeId) ?? 'change_account';
}

/**
 * Proof of liabilities on demand: a snapshot of every currency now, beside the daily one. The
 * server logs the call on the operator log like every action.
 */
function SnapshotNow({ t }: { t: AdminT<'balances'> }) {
  const [busy, setBusy] = useState(false);
  const [taken, setTaken] = useState<LiabilitySnapshotView[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const take = async () => {
    setBusy(true);
    setProblem(null);
    try {
      setTaken(await callAdmin(api.transparency.takeSnapshot, {}, { quiet: true }));
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section
      className="flex flex-wrap items-center gap-3 rounded border border-line p-3 text-sm"
      aria-label={t('snapshotTitle')}
      data-testid="snapshot-now"
    >
      <h2 className="font-semibold">{t('snapshotTitle')}</h2>
      <p className="text-xs text-muted">{t('snapshotHint')}</p>
      <Button size="sm" disabled={busy} onClick={() => void take()}>
        {t('snapshotNow')}
      </Button>
      {taken && (
        <p role="status" data-testid="snapshot-taken">
          {t('snapshotTaken', { count: taken.length })}
        </p>
      )}
      {problem && (
        <p role="alert" className="text-down">
          {problem}
        </p>
      )}
    </section>
  );
}
