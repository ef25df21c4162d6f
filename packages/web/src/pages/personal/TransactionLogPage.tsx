import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { recordChanges } from '../../features/assets/rules.js';
import { useTransactionLog } from '../../features/personal/transaction-log.js';
import { currentLang } from '../../i18n/index.js';
import { PagedRecords, RecordChange } from '../assets/parts.js';
import type { TextKey } from '../../i18n/catalogs.js';
import { RecordTable } from '../../components/ui/index.js';

/** The asset centre's name of each account type, by id (protocol AccountTypeId). */
const ACCOUNT_NAMES: Record<number, TextKey> = {
  1: 'assets.nav.tradeAccount',
  2: 'assets.nav.legalAccount',
  3: 'assets.nav.leverAccount',
  4: 'assets.nav.secondAccount',
  5: 'assets.nav.financialAccount',
};

/** Shown decimals of a log amount: enough for any currency's smallest unit the ledger keeps. */
const LOG_DECIMALS = 8;

/**
 * The transaction log (docs/personal.md): every account's records, newest first: time, detail, and the
 * change of the available and of the locked balance apart, so a hold and its payout are not counted twice.
 */
export function TransactionLogPage() {
  const { t } = useTranslation();
  const lang = currentLang();
  const [page, setPage] = useState(1);
  const log = useTransactionLog(page);
  return (
    <div className="flex flex-col gap-3">
      <h1 className="text-xl font-semibold">{t('txlog.title')}</h1>
      <PagedRecords query={log} empty={t('txlog.empty')} page={page} onPage={setPage}>
        {(rows) => (
          <RecordTable
            label={t('txlog.title')}
            testId="transaction-log"
            className="min-w-[20rem] text-sm"
            columns={[
              { title: t('txlog.time') },
              { title: t('txlog.detail') },
              { title: t('assets.columns.available'), numeric: true },
              { title: t('assets.columns.locked'), numeric: true },
            ]}
          >
            {rows.map((row) => (
              <tr key={row.id} className="border-t border-line" data-record-id={row.id}>
                <td className="w-28 px-2 py-1.5 tabular-nums sm:w-44">{row.created_at}</td>
                <td className="px-2 py-1.5">
                  {row.memo}
                  <span className="block text-xs text-muted">
                    {ACCOUNT_NAMES[row.account_type_id] ? t(ACCOUNT_NAMES[row.account_type_id]!) : ''}
                    {row.notes ? ` · ${row.notes}` : ''}
                  </span>
                </td>
                {(['available', 'locked'] as const).map((column) => (
                  <RecordChange
                    key={column}
                    column={column}
                    value={recordChanges(row)[column]}
                    decimals={LOG_DECIMALS}
                    lang={lang}
                    suffix={<span className="text-muted"> {row.currency.code}</span>}
                  />
                ))}
              </tr>
            ))}
          </RecordTable>
        )}
      </PagedRecords>
    </div>
  );
}
