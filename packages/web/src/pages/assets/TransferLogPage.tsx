import type { CurrencyView } from '@oex/protocol';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useAccountGroups, useTransferLog } from '../../features/assets/queries.js';
import { currentLang } from '../../i18n/index.js';
import { CurrencySelect, formatAmount, PagedRecords } from './parts.js';
import { RecordTable } from '../../components/ui/index.js';

function TransferTable({
  currencyId,
  decimals,
}: {
  currencyId: number | undefined;
  decimals(id: number): number;
}) {
  const { t } = useTranslation();
  const lang = currentLang();
  const [page, setPage] = useState(1);
  const log = useTransferLog(currencyId, page);
  return (
    <PagedRecords query={log} empty={t('assets.noTransfers')} page={page} onPage={setPage}>
      {(rows) => (
        <RecordTable
          label={t('assets.transferLog')}
          testId="transfers"
          className="min-w-[36rem] text-sm"
          columns={[
            { title: t('assets.columns.time') },
            { title: t('assets.columns.currency') },
            { title: t('assets.columns.amount'), numeric: true },
            { title: t('assets.columns.from') },
            { title: t('assets.columns.to') },
          ]}
        >
          {rows.map((row) => (
            <tr key={row.id} className="border-t border-line" data-transfer-id={row.id}>
              <td className="px-2 py-1.5 whitespace-nowrap tabular-nums">{row.created_at}</td>
              <td className="px-2 py-1.5">{row.currency_code}</td>
              <td className="px-2 py-1.5 text-right tabular-nums" data-amount={row.amount}>
                {formatAmount(row.amount, decimals(row.currency_id), lang)}
              </td>
              <td className="px-2 py-1.5">{row.from.name}</td>
              <td className="px-2 py-1.5">{row.to.name}</td>
            </tr>
          ))}
        </RecordTable>
      )}
    </PagedRecords>
  );
}

/** The transfer log: the user's transfers between accounts, newest first, 15 a page. */
export function TransferLogPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const currencyId = Number(params.get('currency_id')) || undefined;
  const groups = useAccountGroups();
  const currencies: CurrencyView[] = groups.data?.[0]?.accounts.map((account) => account.currency) ?? [];
  const decimals = (id: number) => currencies.find((currency) => currency.id === id)?.decimals ?? 8;
  return (
    <section aria-labelledby="transfer-log-title" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 id="transfer-log-title" className="text-lg font-semibold">
          {t('assets.transferLog')}
        </h1>
        <Link to="/assets/transfer" className="text-sm text-accent">
          {t('assets.newTransfer')}
        </Link>
      </div>
      <CurrencySelect
        id="transfer-log-currency"
        label={t('assets.currency')}
        currencies={currencies}
        value={currencyId}
        all
        onChange={(id) => {
          const next = new URLSearchParams();
          if (id !== undefined) {
            next.set('currency_id', String(id));
            const code = currencies.find((currency) => currency.id === id)?.code;
            if (code) next.set('currency_code', code);
          }
          setParams(next, { replace: true });
        }}
      />
      <TransferTable key={currencyId ?? 'all'} currencyId={currencyId} decimals={decimals} />
    </section>
  );
}
