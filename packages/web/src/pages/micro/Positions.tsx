import {
  MICRO_CLOSED,
  MICRO_OPEN,
  type Lang,
  type MarketView,
  type MicroOrderView,
  type MicroStatus,
} from '@oex/protocol';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  PositionRow,
  PositionsHead,
  positionCell,
  positionNumeric,
  PositionsSection,
} from '../../components/PositionsTable.js';
import { useExchangeTimeZone } from '../../features/content/news.js';
import { useOverdueReload, useSecondTicks } from '../../features/micro/live.js';
import { useMicroOrders } from '../../features/micro/queries.js';
import {
  countdownText,
  formatTime,
  potential,
  ratioPercent,
  remainingMs,
  type MicroPage,
} from '../../features/micro/rules.js';
import { currentLang } from '../../i18n/index.js';
import { PRICE_DECIMALS } from '../../lib/format.js';
import { formatAmount, formatMark, Profit, SideLabel } from './parts.js';
import { VerifyDialog } from './VerifyDialog.js';
import { Button, ListStatus, Pager, Tabs } from '../../components/ui/index.js';

/** The exchange's zone until the settings say otherwise (Asia/Shanghai, the spec's). */
/** An order this long past its end without a settlement makes the list reload (a missed push). */
const OVERDUE_MS = 2500;

/** The countdown and the outcome come early, so a phone shows them without scrolling the table. */
const OPEN_COLUMNS = [
  'pair',
  'direction',
  'remaining',
  'amount',
  'openPrice',
  'time',
  'profitRate',
  'potentialProfit',
  'potentialLoss',
] as const;
const CLOSED_COLUMNS = [
  'pair',
  'direction',
  'outcome',
  'profit',
  'amount',
  'openPrice',
  'endPrice',
  'fee',
  'settledAt',
] as const;
const TEXT_COLUMNS = new Set<string>(['pair', 'direction', 'outcome', 'settledAt']);

type Column = (typeof OPEN_COLUMNS)[number] | (typeof CLOSED_COLUMNS)[number];

/** The outcome word, coloured and never by colour alone. */
function Outcome({ order }: { order: MicroOrderView }) {
  const { t } = useTranslation();
  if (!order.outcome) return <span className="text-muted">{t('micro.settling')}</span>;
  const color = order.outcome === 'win' ? 'text-up' : order.outcome === 'loss' ? 'text-down' : undefined;
  return (
    <span className={color} data-outcome={order.outcome}>
      {t(`micro.outcomes.${order.outcome}`)}
    </span>
  );
}

interface RowProps {
  order: MicroOrderView;
  decimals: number;
  lang: Lang;
}

/** An order in progress: its countdown, and what it may win or lose; once settled (for half a second), its outcome. */
function OpenRow({ order, decimals, lang, receivedAt, now }: RowProps & { receivedAt: number; now: number }) {
  const { t } = useTranslation();
  const { profit, loss } = potential(order);
  const left = remainingMs(order, receivedAt, now);
  return (
    <PositionRow data-order-id={order.id} data-status={order.status}>
      <td className={positionCell}>{order.symbol_name}</td>
      <td className={positionCell}>
        <SideLabel side={order.type} />
      </td>
      <td className={positionNumeric} data-testid="remaining" data-ms={left}>
        {order.status === MICRO_CLOSED ? <Outcome order={order} /> : countdownText(left)}
      </td>
      <td className={positionNumeric}>{`${formatAmount(order.number, lang)} ${order.currency_name}`}</td>
      <td className={positionNumeric}>{formatMark(order.open_price, lang, decimals)}</td>
      <td className={positionNumeric}>{t('micro.seconds', { seconds: order.seconds })}</td>
      <td className={positionNumeric}>{`${ratioPercent(order.profit_ratio)}%`}</td>
      <td className={positionNumeric}>
        <Profit value={profit} lang={lang} />
      </td>
      <td className={positionNumeric}>
        <Profit value={`-${loss}`} lang={lang} />
      </td>
    </PositionRow>
  );
}

/** A closed order: both prices, its outcome, profit and fee, when it settled, and a way to check it. */
function ClosedRow({
  order,
  decimals,
  lang,
  timeZone,
  onVerify,
}: RowProps & { timeZone: string; onVerify(): void }) {
  const { t } = useTranslation();
  return (
    <PositionRow data-order-id={order.id} data-status={order.status}>
      <td className={positionCell}>{order.symbol_name}</td>
      <td className={positionCell}>
        <SideLabel side={order.type} />
      </td>
      <td className={positionCell}>
        <Outcome order={order} />
      </td>
      <td className={positionNumeric} data-testid="fact-profits">
        <Profit value={order.fact_profits} lang={lang} />
      </td>
      <td className={positionNumeric}>{`${formatAmount(order.number, lang)} ${order.currency_name}`}</td>
      <td className={positionNumeric}>{formatMark(order.open_price, lang, decimals)}</td>
      <td className={positionNumeric}>{formatMark(order.end_price, lang, decimals)}</td>
      <td className={positionNumeric} data-testid="fee" data-value={order.fee}>
        {formatAmount(order.fee, lang)}
      </td>
      <td className={positionCell}>
        {order.settled_at === null ? '—' : formatTime(order.settled_at, timeZone)}
      </td>
      <td className={`${positionCell} text-right`}>
        <Button
          size="sm"
          className="text-accent"
          aria-label={t('micro.verifyOrder', { id: order.id })}
          onClick={onVerify}
        >
          {t('micro.verify')}
        </Button>
      </td>
    </PositionRow>
  );
}

/** The rows of one list, with the countdowns ticking while anything is in progress. */
function Rows({
  status,
  page,
  decimalsOf,
  onVerify,
}: {
  status: MicroStatus;
  page: MicroPage;
  decimalsOf(marketId: number): number;
  onVerify(id: number): void;
}) {
  const lang = currentLang();
  const timeZone = useExchangeTimeZone();
  const running = status === MICRO_OPEN && page.data.some((order) => order.status === MICRO_OPEN);
  const now = useSecondTicks(running);
  useOverdueReload(
    running &&
      page.data.some(
        (order) =>
          order.status === MICRO_OPEN && now - page.received_at > order.remain_milli_seconds + OVERDUE_MS,
      ),
  );
  return (
    <tbody>
      {page.data.map((order) =>
        status === MICRO_OPEN ? (
          <OpenRow
            key={order.id}
            order={order}
            decimals={decimalsOf(order.currency_match_id)}
            lang={lang}
            receivedAt={page.received_at}
            now={now}
          />
        ) : (
          <ClosedRow
            key={order.id}
            order={order}
            decimals={decimalsOf(order.currency_match_id)}
            lang={lang}
            timeZone={timeZone}
            onVerify={() => onVerify(order.id)}
          />
        ),
      )}
    </tbody>
  );
}

/** Which list the positions show and its page (the page's owner sets it too, after a new order). */
export interface PositionsView {
  status: MicroStatus;
  page: number;
}

/**
 * The positions: in progress (status 1) and closed (3), 10 a page, every pair or the
 * chosen one only; switching a tab or the filter goes back to page 1.
 */
export function Positions({
  market,
  markets,
  view,
  onView,
}: {
  market: MarketView;
  markets: readonly MarketView[];
  view: PositionsView;
  onView(view: PositionsView): void;
}) {
  const { t } = useTranslation();
  const pagerLabels = { pages: t('micro.pages'), previous: t('micro.previous'), next: t('micro.next') };
  const filterId = useId();
  const { status, page } = view;
  const setStatus = (next: MicroStatus) => onView({ status: next, page: 1 });
  const setPage = (next: number) => onView({ status, page: next });
  const [onlyThis, setOnlyThis] = useState(false);
  const [verifying, setVerifying] = useState<number | null>(null);
  const orders = useMicroOrders({ status, matchId: onlyThis ? market.id : null, page });
  const decimalsOf = (marketId: number) =>
    markets.find((candidate) => candidate.id === marketId)?.price_decimals ?? PRICE_DECIMALS;
  const columns = status === MICRO_OPEN ? OPEN_COLUMNS : CLOSED_COLUMNS;
  const data = orders.data;
  return (
    <PositionsSection
      titleId="micro-positions-title"
      title={t('micro.positions')}
      bar={
        <>
          <Tabs
            label={t('micro.positions')}
            values={[MICRO_OPEN, MICRO_CLOSED] as MicroStatus[]}
            active={status}
            text={(value) => t(value === MICRO_OPEN ? 'micro.inProgress' : 'micro.closed')}
            onChange={setStatus}
          />
          <label htmlFor={filterId} className="flex items-center gap-1.5 pb-1 text-xs">
            <input
              id={filterId}
              type="checkbox"
              checked={onlyThis}
              onChange={(event) => {
                setOnlyThis(event.target.checked);
                setPage(1);
              }}
            />
            {t('micro.onlyPair', { symbol: market.symbol })}
          </label>
        </>
      }
      tableClassName="min-w-[760px]"
      tableTestId={status === MICRO_OPEN ? 'micro-open' : 'micro-closed'}
      head={
        <PositionsHead<Column>
          columns={columns}
          isText={(column) => TEXT_COLUMNS.has(column)}
          label={(column) => t(`micro.columns.${column}`)}
          actionLabel={status === MICRO_CLOSED ? t('micro.columns.verify') : undefined}
        />
      }
      body={data && <Rows status={status} page={data} decimalsOf={decimalsOf} onVerify={setVerifying} />}
    >
      <ListStatus query={orders} emptyText={t(status === MICRO_OPEN ? 'micro.noOpen' : 'micro.noClosed')} />
      {data && <Pager page={page} last={data.last_page} labels={pagerLabels} onPage={setPage} />}
      <VerifyDialog id={verifying} markets={markets} onClose={() => setVerifying(null)} />
    </PositionsSection>
  );
}
