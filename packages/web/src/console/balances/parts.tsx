import { api, type AdminAdjustment } from '@oex/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { callAdmin } from '../api.js';
import { useAdminT, type AdminT, type ConsoleKey, type KeysUnder } from '../i18n.js';
import { AdminTable, DecisionDialog, formatAmount, type Column } from '../parts.js';
import { Button } from '../../components/ui/index.js';
import { useCan, useOperator } from '../session.js';

/** A signed amount in green or red with its sign, and the currency. */
export function SignedAmount({ amount, currency }: { amount: string; currency: string }) {
  const negative = amount.startsWith('-');
  return (
    <span className={`tabular-nums whitespace-nowrap ${negative ? 'text-down' : 'text-up'}`}>
      {negative ? formatAmount(amount) : `+${formatAmount(amount)}`} {currency}
    </span>
  );
}

/** Names of the account types, by their code. */
export function accountName(t: AdminT<'balances'>, code: string): string {
  // The server's account codes, each named in the catalogue (`account.<code>`).
  return t(`account.${code as KeysUnder<ConsoleKey<'balances'>, 'account.'>}`);
}

type Decision = 'approve' | 'reject';

/**
 * Adjustments in a dense table: who proposed what and why, what it is worth in USDT, and
 * who decided. A pending one can be approved (by another operator than its proposer: the server
 * checks it again) or rejected, each after a confirmation with a reason.
 */
export function AdjustmentsTable({
  rows,
  showUser = true,
  testId,
}: {
  rows: AdminAdjustment[];
  showUser?: boolean;
  testId?: string;
}) {
  const t = useAdminT('balances');
  const canAct = useCan('funds');
  const me = useOperator((state) => state.operator?.name ?? null);
  const queryClient = useQueryClient();
  const [deciding, setDeciding] = useState<{ row: AdminAdjustment; decision: Decision } | null>(null);
  const columns: Column<AdminAdjustment>[] = [
    { key: 'id', header: t('col.id'), cell: (row) => row.id },
    {
      key: 'created',
      header: t('col.created'),
      cell: (row) => <span className="whitespace-nowrap">{row.created_at}</span>,
    },
    ...(showUser
      ? [
          {
            key: 'user',
            header: t('col.user'),
            cell: (row: AdminAdjustment) => (
              <Link to={`/admin/users/${row.user_id}`} className="break-all text-accent underline">
                {row.user_email ?? `#${row.user_id}`}
              </Link>
            ),
          },
        ]
      : []),
    { key: 'account', header: t('col.account'), cell: (row) => accountName(t, row.account_code) },
    {
      key: 'amount',
      header: t('col.amount'),
      numeric: true,
      cell: (row) => <SignedAmount amount={row.amount} currency={row.currency_code} />,
    },
    { key: 'value', header: t('col.value'), numeric: true, cell: (row) => row.usd_value },
    { key: 'reference', header: t('col.reference'), cell: (row) => row.reference },
    { key: 'reason', header: t('col.reason'), cell: (row) => row.reason },
    { key: 'proposed', header: t('col.proposedBy'), cell: (row) => row.proposed_by },
    {
      key: 'status',
      header: t('col.status'),
      cell: (row) => (
        <span data-status={row.status}>
          {t(`status.${row.status}`)}
          {row.decided_by && (
            <span className="block text-xs text-muted">
              {t('decidedBy', { operator: row.decided_by, time: row.decided_at ?? '' })}
              {row.decision_reason ? ` — ${row.decision_reason}` : ''}
            </span>
          )}
        </span>
      ),
    },
  ];
  if (canAct) {
    columns.push({
      key: 'actions',
      header: '',
      cell: (row) =>
        row.status === 'pending' ? (
          <span className="flex flex-wrap gap-1">
            <Button
              size="sm"
              disabled={row.proposed_by === me}
              title={row.proposed_by === me ? t('ownProposal') : undefined}
              onClick={() => setDeciding({ row, decision: 'approve' })}
            >
              {t('approve')}
            </Button>
            <Button size="sm" onClick={() => setDeciding({ row, decision: 'reject' })}>
              {t('reject')}
            </Button>
          </span>
        ) : null,
    });
  }
  return (
    <>
      <AdminTable
        label={t('title')}
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        testId={testId ?? 'adjustments-table'}
      />
      {deciding && (
        <DecisionDialog
          testId={`adjustment-${deciding.decision}`}
          texts={{
            title: t(`${deciding.decision}Title`, { id: deciding.row.id }),
            confirm: t(deciding.decision),
            cancel: t('cancel'),
            reasonLabel: t('reasonLabel'),
            reasonHint: t('reasonHint'),
          }}
          summary={<AdjustmentSummary t={t} row={deciding.row} />}
          confirmVariant={deciding.decision === 'approve' ? 'up' : 'down'}
          reasonRequired
          onConfirm={async (reason) => {
            await callAdmin(
              api.admin.adjustments[deciding.decision],
              { id: deciding.row.id, reason },
              { quiet: true },
            );
            await queryClient.invalidateQueries({ queryKey: ['admin'] });
          }}
          onClose={() => setDeciding(null)}
        />
      )}
    </>
  );
}

function AdjustmentSummary({ t, row }: { t: AdminT<'balances'>; row: AdminAdjustment }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
      <dt className="text-muted">{t('col.user')}</dt>
      <dd className="break-all">{row.user_email ?? `#${row.user_id}`}</dd>
      <dt className="text-muted">{t('col.amount')}</dt>
      <dd>
        <SignedAmount amount={row.amount} currency={row.currency_code} /> · {accountName(t, row.account_code)}
      </dd>
      <dt className="text-muted">{t('col.reference')}</dt>
      <dd className="break-words">{row.reference}</dd>
      <dt className="text-muted">{t('col.reason')}</dt>
      <dd className="break-words">{row.reason}</dd>
      <dt className="text-muted">{t('col.proposedBy')}</dt>
      <dd>{row.proposed_by}</dd>
    </dl>
  );
}
