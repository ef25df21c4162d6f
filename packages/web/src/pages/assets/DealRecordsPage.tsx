import { ACCOUNT_CODES, type AccountCode, type CurrencyView } from '@oex/protocol';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  useAccountGroups,
  useAccountLog,
  useDeposits,
  useWithdrawals,
} from '../../features/assets/queries.js';
import { accountCodeOf, pageOfAccount, recordChanges } from '../../features/assets/rules.js';
import { currentLang } from '../../i18n/index.js';
import { DepositsTable, WithdrawalsTable } from './WalletTables.js';
import { CurrencySelect, PagedRecords, RecordChange } from './parts.js';
import { RecordTable, Tabs } from '../../components/ui/index.js';

type Kind = 'account' | 'deposits' | 'withdrawals';
const KINDS: Kind[] = ['account', 'deposits', 'withdrawals'];

function AccountLog({
  code,
  currencyId,
  decimals,
}: {
  code: AccountCode;
  currencyId: number | undefined;
  decimals(id: number): number;
}) {
  const { t } = useTranslation();
  const lang = currentLang();
  const [page, setPage] = useState(1);
  const log = useAccountLog(code, currencyId, page);
  return (
    <PagedRecords query={log} empty={t('assets.noRecords')} page={page} onPage={setPage}>
      {(rows) => (
        <RecordTable
          label={t('assets.records')}
          testId="records"
          className="text-sm sm:min-w-[46rem]"
          // Time first, so a phone shows it without scrolling the table sideways.
          columns={[
            { title: t('assets.columns.time') },
            { title: t('assets.columns.currency') },
            { title: t('assets.columns.available'), numeric: true },
            { title: t('assets.columns.locked'), numeric: true },
            { title: t('assets.columns.record') },
            { title: t('assets.columns.instruction') },
          ]}
        >
          {rows.map((row) => (
            <tr key={row.id} className="border-t border-line" data-record-id={row.id}>
              <td className="px-2 py-1.5 whitespace-nowrap tabular-nums" data-testid="record-time">
                {row.created_at}
              </td>
              <td className="px-2 py-1.5">{row.currency.code}</td>
              <RecordChange
                column="available"
                value={recordChanges(row).available}
                decimals={decimals(row.currency_id)}
                lang={lang}
              />
              <RecordChange
                column="locked"
                value={recordChanges(row).locked}
                decimals={decimals(row.currency_id)}
                lang={lang}
              />
              <td className="px-2 py-1.5 whitespace-nowrap">{row.memo}</td>
              <td className="min-w-[10rem] px-2 py-1.5 text-muted">{row.notes}</td>
            </tr>
          ))}
        </RecordTable>
      )}
    </PagedRecords>
  );
}

function DepositRecords({ currencyId, decimals }: { currencyId: number | undefined; decimals: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const deposits = useDeposits(currencyId, page);
  return (
    <PagedRecords query={deposits} empty={t('assets.noDeposits')} page={page} onPage={setPage}>
      {(rows) => <DepositsTable rows={rows} decimals={decimals} />}
    </PagedRecords>
  );
}

function WithdrawalRecords({ currencyId, decimals }: { currencyId: number | undefined; decimals: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const withdrawals = useWithdrawals(currencyId, page);
  return (
    <PagedRecords query={withdrawals} empty={t('assets.noWithdrawals')} page={page} onPage={setPage}>
      {(rows) => <WithdrawalsTable rows={rows} decimals={decimals} />}
    </PagedRecords>
  );
}

/**
 * Records (docs/ledger.md): `?types=<account code>` chooses the account's log; a currency filter with
 * All; signed amounts in green or red; 15 a page. Deposits and withdrawals have their own tabs.
 */
export function DealRecordsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const code = accountCodeOf(params.get('types'));
  const kind: Kind = KINDS.includes(params.get('kind') as Kind) ? (params.get('kind') as Kind) : 'account';
  const currencyId = Number(params.get('currency_id')) || undefined;
  const groups = useAccountGroups();
  const currencies: CurrencyView[] = groups.data?.[0]?.accounts.map((account) => account.currency) ?? [];
  const decimals = (id: number) => currencies.find((currency) => currency.id === id)?.decimals ?? 8;
  const names = new Map(groups.data?.map((group) => [group.account_code, group.name]));
  const update = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined) next.delete(key);
      else next.set(key, value);
    }
    setParams(next, { replace: true });
  };
  return (
    <section aria-labelledby="records-title" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 id="records-title" className="text-lg font-semibold">
          {t('assets.records')}
        </h1>
        <Link to={`/assets/${pageOfAccount(code)}`} className="text-sm text-accent">
          {t('assets.backToAccount', { account: names.get(code) ?? '' })}
        </Link>
      </div>
      <Tabs
        label={t('assets.recordKinds')}
        className="flex gap-4 border-b text-sm"
        values={KINDS}
        active={kind}
        text={(value) => t(`assets.kinds.${value}`)}
        onChange={(value) => update({ kind: value === 'account' ? undefined : value })}
      />
      <div className="flex flex-wrap items-center gap-4">
        {kind === 'account' && (
          <div className="flex items-center gap-2 text-sm">
            <label htmlFor="records-account" className="text-muted">
              {t('assets.account')}
            </label>
            <select
              id="records-account"
              className="rounded border px-2 py-1 bg-page border-line text-ink"
              value={code}
              onChange={(event) => update({ types: event.target.value })}
            >
              {ACCOUNT_CODES.map((candidate) => (
                <option key={candidate} value={candidate}>
                  {names.get(candidate) ?? candidate}
                </option>
              ))}
            </select>
          </div>
        )}
        <CurrencySelect
          id="records-currency"
          label={t('assets.currency')}
          currencies={currencies}
          value={currencyId}
          all
          onChange={(id) => update({ currency_id: id === undefined ? undefined : String(id) })}
        />
      </div>
      {/* Keyed by the filter: a new filter starts at page 1. */}
      {kind === 'account' ? (
        <AccountLog key={`${code}:${currencyId}`} code={code} currencyId={currencyId} decimals={decimals} />
      ) : kind === 'deposits' ? (
        <DepositRecords
          key={`d:${currencyId}`}
          currencyId={currencyId}
          decimals={decimals(currencyId ?? 0)}
        />
      ) : (
        <WithdrawalRecords
          key={`w:${currencyId}`}
          currencyId={currencyId}
          decimals={decimals(currencyId ?? 0)}
        />
      )}
    </section>
  );
}
