import { EARN_ENDED, EARN_IN_FORCE, type EarnHoldingStatus, type EarnHoldingView } from '@oex/protocol';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useExchangeTimeZone } from '../../features/content/news.js';
import { useEarnHoldings, useEarnLive } from '../../features/earn/queries.js';
import { currentLang } from '../../i18n/index.js';
import { formatInZone } from '../../lib/format.js';
import { formatAmount, Profit } from '../micro/parts.js';
import { RatePercent } from './parts.js';
import type { TextKey } from '../../i18n/catalogs.js';
import { ListStatus, Pager, RecordTable, Tabs } from '../../components/ui/index.js';

type Filter = EarnHoldingStatus | null;
const FILTERS: { value: Filter; key: TextKey }[] = [
  { value: EARN_IN_FORCE, key: 'earn.inForce' },
  { value: EARN_ENDED, key: 'earn.ended' },
  { value: null, key: 'earn.all' },
];

/**
 * My financial: each holding's product, principal, daily rate and interest, income so far, the
 * days paid of its term, the next payment and the end, and whether it is in force or ended.
 * `filters` offers the three views (the /coinlog page); without, it shows those in force.
 */
export function Holdings({ filters = false }: { filters?: boolean }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<Filter>(EARN_IN_FORCE);
  const [page, setPage] = useState(1);
  const holdings = useEarnHoldings(status, page);
  useEarnLive();
  return (
    <section aria-labelledby="earn-holdings" className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="earn-holdings" className="font-medium">
          {t('earn.holdings')}
        </h2>
        {filters && (
          <Tabs
            label={t('earn.holdings')}
            className="flex gap-3 text-xs"
            values={FILTERS.map((filter) => filter.key)}
            active={FILTERS.find((filter) => filter.value === status)?.key ?? 'earn.all'}
            text={(key) => t(key)}
            onChange={(key) => {
              setStatus(FILTERS.find((filter) => filter.key === key)?.value ?? null);
              setPage(1);
            }}
          />
        )}
      </div>
      {holdings.data && holdings.data.data.length > 0 && <HoldingTable rows={holdings.data.data} />}
      <ListStatus query={holdings} emptyText={t('earn.noHoldings')} />
      {holdings.data?.data.length === 0 && (
        <p className="text-center text-xs">
          <Link to="/deposit" className="text-accent">
            {t('earn.browse')}
          </Link>
        </p>
      )}
      <Pager
        page={page}
        last={holdings.data?.last_page ?? 1}
        labels={{ pages: t('earn.pages'), previous: t('earn.previous'), next: t('earn.next') }}
        onPage={setPage}
      />
    </section>
  );
}

function HoldingTable({ rows }: { rows: EarnHoldingView[] }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const timeZone = useExchangeTimeZone();
  const cell = 'px-2 py-1.5 whitespace-nowrap';
  const columns = [
    { title: t('earn.columns.name') },
    { title: t('earn.columns.principal'), numeric: true },
    { title: t('earn.columns.rate'), numeric: true },
    { title: t('earn.dailyInterest'), numeric: true },
    { title: t('earn.columns.income'), numeric: true },
    { title: t('earn.columns.progress'), numeric: true },
    { title: t('earn.columns.next') },
    { title: t('earn.columns.ends') },
    { title: t('earn.columns.status') },
  ];
  return (
    <RecordTable label={t('earn.holdings')} testId="earn-holdings" className="text-xs" columns={columns}>
      {rows.map((row) => (
        <tr key={row.id} className="border-t border-line" data-holding={row.id}>
          <th scope="row" className={`${cell} text-left font-medium`}>
            {row.name}
          </th>
          <td className={`${cell} text-right tabular-nums`}>
            {formatAmount(row.number, lang)} {row.currency_code}
          </td>
          <td className={`${cell} text-right`}>
            <RatePercent rate={row.rate} />
          </td>
          <td className={`${cell} text-right tabular-nums`}>{formatAmount(row.daily_interest, lang)}</td>
          <td className={`${cell} text-right`}>
            <Profit value={row.income} lang={lang} />
          </td>
          <td className={`${cell} text-right tabular-nums`}>
            {t('earn.progressValue', { paid: row.paid_days, days: row.days, left: row.days_remaining })}
          </td>
          <td className={cell}>{row.next_pay_at === null ? '—' : formatInZone(row.next_pay_at, timeZone)}</td>
          <td className={cell}>{formatInZone(row.ends_at, timeZone)}</td>
          <td className={`${cell} ${row.status === EARN_IN_FORCE ? 'text-up' : 'text-muted'}`}>
            {t(row.status === EARN_IN_FORCE ? 'earn.inForce' : 'earn.ended')}
          </td>
        </tr>
      ))}
    </RecordTable>
  );
}
