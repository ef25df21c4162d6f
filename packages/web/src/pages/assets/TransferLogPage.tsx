import type { CurrencyView } from '@oex/protocol';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ScrollArea } from '../../components/ScrollArea.js';
import { QueryState } from '../../components/states.js';
import { useAccountGroups, useTransferLog } from '../../features/assets/queries.js';
import { currentLang } from '../../i18n/index.js';
import { borderStyle, CurrencySelect, formatAmount, Pager, Th } from './parts.js';

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
    <QueryState
      query={log}
      isEmpty={(data) => data.data.length === 0}
      empty={t('assets.noTransfers')}
      skeleton={{ rows: 8 }}
    >
      {(data) => (
        <>
          <ScrollArea label={t('assets.transferLog')}>
            <table className="w-full min-w-[36rem] border-collapse text-sm" data-testid="transfers">
              <thead>
                <tr>
                  <Th>{t('assets.columns.time')}</Th>
                  <Th>{t('assets.columns.currency')}</Th>
                  <Th numeric>{t('assets.columns.amount')}</Th>
                  <Th>{t('assets.columns.from')}</Th>
                  <Th>{t('assets.columns.to')}</Th>
                </tr>
              </thead>
              <tbody>
                {data.data.map((row) => (
                  <tr key={row.id} className="border-t" style={borderStyle} data-transfer-id={row.id}>
                    <td className="px-2 py-1.5 whitespace-nowrap tabular-nums">{row.created_at}</td>
                    <td className="px-2 py-1.5">{row.currency_code}</td>
                    <td className="px-2 py-1.5 text-right tabular-nums" data-amount={row.amount}>
                      {formatAmount(row.amount, decimals(row.currency_id), lang)}
                    </td>
                    <td className="px-2 py-1.5">{row.from.name}</td>
                    <td className="px-2 py-1.5">{row.to.name}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollArea>
          <Pager total={data.total} page={page} perPage={data.per_page} onPage={setPage} />
        </>
      )}
    </QueryState>
  );
}

/** The transfer log (spec 001 §2): the user's transfers between accounts, newest first, 15 a page. */
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
        <Link to="/assets/transfer" className="text-sm" style={{ color: 'var(--accent)' }}>
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
