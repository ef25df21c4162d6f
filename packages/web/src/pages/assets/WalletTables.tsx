import type { DepositView, WithdrawalView } from '@oex/protocol';
import { useTranslation } from 'react-i18next';
import { currentLang } from '../../i18n/index.js';
import { formatAmount, TxLink } from './parts.js';
import { RecordTable } from '../../components/ui/index.js';

/**
 * Deposit and withdrawal tables: in the panels and on the records page. In a panel (`compact`) the
 * table is three columns, so Status and Confirmations stay in view beside the form at 1440 px and on
 * a phone: the hour and network sit under the day, what arrives (and the address)
 * under the amount, and the confirmations and transaction under the status.
 */

const under = 'block text-[0.7rem] leading-tight';

/** "2026-11-27 16:07:35" as the day, with the hour and the network under it. */
function WhenAndWhere({ at, chain }: { at: string; chain: string }) {
  const [day, hour] = at.split(' ');
  return (
    <>
      <span className="whitespace-nowrap">{day}</span>
      <span className={`${under} text-muted`}>
        {hour} · {chain}
      </span>
    </>
  );
}

function DepositStatus({ deposit }: { deposit: DepositView }) {
  const { t } = useTranslation();
  const color =
    deposit.status === 'reversed' || deposit.status === 'below_minimum'
      ? 'text-down'
      : deposit.status === 'pending'
        ? 'text-muted'
        : 'text-up';
  return <span className={color}>{t(`assets.depositStatus.${deposit.status}`)}</span>;
}

export function DepositsTable({
  rows,
  decimals,
  compact = false,
}: {
  rows: DepositView[];
  decimals: number;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const lang = currentLang();
  if (compact) {
    return (
      <RecordTable
        label={t('assets.deposits')}
        testId="deposits"
        className="text-xs"
        columns={[
          { title: t('assets.columns.time') },
          { title: t('assets.columns.amount'), numeric: true },
          { title: `${t('assets.columns.status')} · ${t('assets.columns.confirmations')}` },
        ]}
      >
        {rows.map((deposit) => (
          <tr key={deposit.id} className="border-t align-top border-line" data-deposit-id={deposit.id}>
            <td className="px-2 py-1 tabular-nums">
              <WhenAndWhere at={deposit.created_at} chain={deposit.chain} />
            </td>
            <td className="px-2 py-1 text-right whitespace-nowrap tabular-nums">
              {formatAmount(deposit.amount, decimals, lang)} {deposit.currency_code}
            </td>
            <td className="px-2 py-1" data-testid="status">
              <DepositStatus deposit={deposit} />
              <span className={`${under} tabular-nums text-muted`} data-testid="confirmations">
                {deposit.confirmations}/{deposit.confirmations_withdraw}
              </span>
              <span className={under} title={t('assets.columns.tx')}>
                <TxLink hash={deposit.tx_hash} url={deposit.tx_url} />
              </span>
            </td>
          </tr>
        ))}
      </RecordTable>
    );
  }
  return (
    <RecordTable
      label={t('assets.deposits')}
      testId="deposits"
      className="min-w-[30rem] text-xs whitespace-nowrap"
      columns={[
        { title: t('assets.columns.time') },
        { title: t('assets.columns.network') },
        { title: t('assets.columns.amount'), numeric: true },
        { title: t('assets.columns.confirmations'), numeric: true },
        { title: t('assets.columns.status') },
        { title: t('assets.columns.tx') },
      ]}
    >
      {rows.map((deposit) => (
        <tr key={deposit.id} className="border-t border-line" data-deposit-id={deposit.id}>
          <td className="px-2 py-1 tabular-nums">{deposit.created_at}</td>
          <td className="px-2 py-1">{deposit.chain}</td>
          <td className="px-2 py-1 text-right tabular-nums">
            {formatAmount(deposit.amount, decimals, lang)} {deposit.currency_code}
          </td>
          <td className="px-2 py-1 text-right tabular-nums" data-testid="confirmations">
            {deposit.confirmations}/{deposit.confirmations_withdraw}
          </td>
          <td className="px-2 py-1">
            <DepositStatus deposit={deposit} />
          </td>
          <td className="px-2 py-1">
            <TxLink hash={deposit.tx_hash} url={deposit.tx_url} />
          </td>
        </tr>
      ))}
    </RecordTable>
  );
}

export function WithdrawalStatus({ withdrawal }: { withdrawal: WithdrawalView }) {
  const { t } = useTranslation();
  const color =
    withdrawal.status === 'complete'
      ? 'text-up'
      : withdrawal.status === 'rejected' || withdrawal.status === 'failed'
        ? 'text-down'
        : 'text-muted';
  return (
    <span className={color} title={withdrawal.reason ?? undefined}>
      {t(`assets.withdrawalStatus.${withdrawal.status}`)}
      {withdrawal.reason ? ` · ${withdrawal.reason}` : ''}
    </span>
  );
}

export function WithdrawalsTable({
  rows,
  decimals,
  compact = false,
}: {
  rows: WithdrawalView[];
  decimals: number;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const lang = currentLang();
  if (compact) {
    return (
      <RecordTable
        label={t('assets.withdrawals')}
        testId="withdrawals"
        className="text-xs"
        columns={[
          { title: t('assets.columns.time') },
          { title: `${t('assets.columns.amount')} · ${t('assets.columns.received')}`, numeric: true },
          { title: `${t('assets.columns.status')} · ${t('assets.columns.confirmations')}` },
        ]}
      >
        {rows.map((row) => (
          <tr key={row.id} className="border-t align-top border-line" data-withdrawal-id={row.id}>
            <td className="px-2 py-1 tabular-nums">
              <WhenAndWhere at={row.created_at} chain={row.chain} />
            </td>
            <td className="max-w-[10rem] px-2 py-1 text-right tabular-nums">
              <span className="whitespace-nowrap" data-testid="withdrawal-amount">
                {formatAmount(row.amount, decimals, lang)} {row.currency_code}
              </span>
              <span className={under} data-testid="withdrawal-received">
                {formatAmount(row.received, decimals, lang)}
              </span>
              <span className={`${under} truncate font-mono text-muted`} title={row.address}>
                {row.address}
              </span>
            </td>
            <td className="px-2 py-1" data-testid="status">
              <WithdrawalStatus withdrawal={row} />
              <span className={`${under} tabular-nums text-muted`} data-testid="confirmations">
                {row.confirmations}/{row.confirmations_needed}
              </span>
              <span className={under} title={t('assets.columns.tx')}>
                <TxLink hash={row.tx_hash} url={row.tx_url} />
              </span>
            </td>
          </tr>
        ))}
      </RecordTable>
    );
  }
  return (
    <RecordTable
      label={t('assets.withdrawals')}
      testId="withdrawals"
      className="min-w-[36rem] text-xs whitespace-nowrap"
      columns={[
        { title: t('assets.columns.time') },
        { title: t('assets.columns.network') },
        { title: t('assets.columns.amount'), numeric: true },
        { title: t('assets.columns.received'), numeric: true },
        { title: t('assets.columns.address') },
        { title: t('assets.columns.confirmations'), numeric: true },
        { title: t('assets.columns.status') },
        { title: t('assets.columns.tx') },
      ]}
    >
      {rows.map((row) => (
        <tr key={row.id} className="border-t border-line" data-withdrawal-id={row.id}>
          <td className="px-2 py-1 tabular-nums">{row.created_at}</td>
          <td className="px-2 py-1">{row.chain}</td>
          <td className="px-2 py-1 text-right tabular-nums" data-testid="withdrawal-amount">
            {formatAmount(row.amount, decimals, lang)} {row.currency_code}
          </td>
          <td className="px-2 py-1 text-right tabular-nums" data-testid="withdrawal-received">
            {formatAmount(row.received, decimals, lang)}
          </td>
          <td className="max-w-[10rem] truncate px-2 py-1 font-mono" title={row.address}>
            {row.address}
          </td>
          <td className="px-2 py-1 text-right tabular-nums">
            {row.confirmations}/{row.confirmations_needed}
          </td>
          <td className="px-2 py-1">
            <WithdrawalStatus withdrawal={row} />
          </td>
          <td className="px-2 py-1">
            <TxLink hash={row.tx_hash} url={row.tx_url} />
          </td>
        </tr>
      ))}
    </RecordTable>
  );
}
