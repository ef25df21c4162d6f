import type { KlineBar, MarketView } from '@oex/protocol';
import {
  dispose,
  init,
  type Chart,
  type Crosshair,
  type Point,
  type DeepPartial,
  type KLineData,
  type Period,
  type Styles,
} from 'klinecharts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTheme } from '../../app/theme.js';
import { SPEC_TZ, useSettings } from '../../features/content/news.js';
import { ticksClearOfLast } from '../../features/trade/axis-ticks.js';
import { barChange, indicatorDigits } from '../../features/trade/chart-legend.js';
import { KlineFeed } from '../../features/trade/kline-feed.js';
import { klineSource } from '../../features/trade/market-data.js';
import { currentLang } from '../../i18n/index.js';
import { formatChange, formatChartNumber, formatInZone, formatNumber } from '../../lib/format.js';
import {
  CHART_INTERVALS,
  periodOf,
  savedInterval,
  saveInterval,
  SPOT_PERIOD_KEY,
  type ChartInterval,
} from './intervals.js';
import { Button } from '../../components/ui/index.js';

/**
 * Times in the exchange's zone (the server's `exchange_tz`; the spec's zone until it is
 * known), about 7 hours shown at first.
 */
const INITIAL_RANGE_MS = 25_200_000;
/** MACD only on screens wider than 760 px. */
const MACD_MIN_WIDTH = 760;
const CANDLE_PANE = 'candle_pane';
/** Half the last-price tag's height and a little air: a price label nearer its row is left out. */
const LAST_TAG_CLEARANCE_PX = 14;

/** A drawn bar keeps the server's exact bar and its market beside the numbers the library draws with. */
type ChartBar = KLineData & { exact: KlineBar; symbol: string };

/** The chart's element carries its chart, so browser tests read exactly what is drawn. */
export type PriceChartElement = HTMLDivElement & { chart?: Chart };

function toChartBar(bar: KlineBar, symbol: string): ChartBar {
  return {
    timestamp: bar.time,
    open: Number(bar.open),
    high: Number(bar.high),
    low: Number(bar.low),
    close: Number(bar.close),
    volume: Number(bar.volume),
    exact: bar,
    symbol,
  };
}

function samePeriod(a: Period | null, b: Period): boolean {
  return a !== null && a.type === b.type && a.span === b.span;
}

/**
 * MA and MACD line colours that keep 4.5:1 against the page in each theme, since the legend repeats
 * them as text (klinecharts' own orange and purple fail on white).
 */
const INDICATOR_COLORS = {
  light: ['#b45309', '#7e22ce', '#1d4ed8', '#be185d', '#0f766e'],
  dark: ['#fbbf24', '#c084fc', '#60a5fa', '#f472b6', '#2dd4bf'],
};

function chartStyles(theme: 'light' | 'dark'): DeepPartial<Styles> {
  const css = getComputedStyle(document.documentElement);
  const color = (name: string) => css.getPropertyValue(name).trim();
  // The page's own font on the canvas too (the library's default falls back to a serif here).
  const family = getComputedStyle(document.body).fontFamily;
  const up = color('--up');
  const down = color('--down');
  const text = color('--muted');
  const line = color('--border');
  const tickText = { color: text, family };
  return {
    grid: { horizontal: { color: line }, vertical: { color: line } },
    candle: {
      bar: {
        upColor: up,
        downColor: down,
        noChangeColor: text,
        upBorderColor: up,
        downBorderColor: down,
        upWickColor: up,
        downWickColor: down,
      },
      priceMark: {
        high: { color: text, textFamily: family },
        low: { color: text, textFamily: family },
        last: { upColor: up, downColor: down, text: { family } },
      },
      // The legend is the HTML row above the canvas: it wraps instead of covering the candles.
      tooltip: { showRule: 'none' },
    },
    indicator: {
      lines: INDICATOR_COLORS[theme].map((lineColor) => ({
        style: 'solid' as const,
        smooth: false,
        size: 1,
        dashedValue: [2, 2],
        color: lineColor,
      })),
      tooltip: { showRule: 'none' },
      lastValueMark: { text: { family } },
    },
    xAxis: { axisLine: { color: line }, tickText, tickLine: { color: line } },
    yAxis: { axisLine: { color: line }, tickText, tickLine: { color: line } },
    separator: { color: line },
    crosshair: {
      horizontal: { text: { family, backgroundColor: theme === 'dark' ? '#333' : '#666' } },
      vertical: { text: { family, backgroundColor: theme === 'dark' ? '#333' : '#666' } },
    },
  };
}

interface LegendLine {
  label: string;
  value: string | null;
  color: string;
}

interface LegendValues {
  symbol: string;
  bar: KlineBar;
  ma: LegendLine[];
  macd: LegendLine[] | null;
}

/**
 * The bar under the crosshair, or null (the legend then follows the latest bar). A pointer move
 * reports only its x and y, not the bar, so the bar is found from x.
 */
function hoveredIndex(instance: Chart, crosshair: Crosshair | undefined): number | null {
  if (!crosshair) return null;
  if (crosshair.dataIndex !== undefined) return crosshair.dataIndex;
  if (crosshair.x === undefined) return null;
  const [point] = instance.convertFromPixel([{ x: crosshair.x }], {
    paneId: CANDLE_PANE,
  }) as Partial<Point>[];
  const last = instance.getDataList().length - 1;
  const index = point?.dataIndex;
  return index === undefined || last < 0 ? null : Math.max(0, Math.min(last, index));
}

/** The legend's values for the bar at `index` (the latest when null), or null without bars. */
function readLegend(instance: Chart, index: number | null, decimals: number): LegendValues | null {
  const bars = instance.getDataList() as ChartBar[];
  const at = index ?? bars.length - 1;
  const bar = bars[at];
  if (!bar) return null;
  const colors = instance.getStyles().indicator.lines.map((line) => line.color);
  const lines = (name: string, digits: number): LegendLine[] | null => {
    const indicator = instance.getIndicators({ name })[0];
    if (!indicator) return null;
    const values = (indicator.result[at] ?? {}) as Record<string, unknown>;
    return indicator.figures.map((figure, i) => ({
      label: figure.title?.replace(/:\s*$/, '') ?? figure.key,
      value: indicatorDigits(values[figure.key], digits),
      color: colors[i % colors.length]!,
    }));
  };
  return {
    symbol: bar.symbol,
    bar: bar.exact,
    ma: lines('MA', decimals) ?? [],
    // MACD's values are small differences of prices: two more places keep them readable.
    macd: lines('MACD', decimals + 2),
  };
}

function Legend({
  values,
  market,
  timeZone,
  stale,
}: {
  values: LegendValues;
  market: MarketView;
  timeZone: string;
  /** Another market's or period's values: kept, unseen, only so the chart does not jump in height. */
  stale: boolean;
}) {
  const { t } = useTranslation();
  const lang = currentLang();
  const { bar } = values;
  const price = (value: string) => formatNumber(value, market.price_decimals, lang);
  const change = barChange(bar);
  const time = formatInZone(bar.time, timeZone);
  // `look`: a colour class, or an indicator line's colour, read from the chart's styles at run time.
  const item = (label: string, value: string, look?: { className: string } | { color: string }) => (
    <span key={label} className="whitespace-nowrap" data-legend-item="">
      <span className="text-muted">{label}</span>
      <span
        className={look && 'className' in look ? `tabular-nums ${look.className}` : 'tabular-nums'}
        style={look && 'color' in look ? { color: look.color } : undefined}
      >
        {value}
      </span>
    </span>
  );
  const lineItems = (lines: LegendLine[]) =>
    lines.map((line) => item(`${line.label} `, line.value ?? '—', { color: line.color }));
  const direction = { className: change?.startsWith('-') ? 'text-down' : 'text-up' };
  return (
    <div
      className={`flex flex-col gap-0.5 px-2 pb-1 text-[11px] leading-4 ${stale ? 'invisible' : ''}`}
      data-testid="chart-legend"
      aria-hidden={stale || undefined}
    >
      <div className="flex flex-wrap gap-x-3">
        {item(t('trade.chartLegend.time'), time)}
        {item(t('trade.chartLegend.open'), price(bar.open))}
        {item(t('trade.chartLegend.high'), price(bar.high))}
        {item(t('trade.chartLegend.low'), price(bar.low))}
        {item(t('trade.chartLegend.close'), price(bar.close))}
        {change !== null && item(t('trade.chartLegend.change'), formatChange(change, lang), direction)}
        {item(
          t('trade.chartLegend.volume'),
          `${formatNumber(bar.volume, market.number_decimals, lang)} ${market.base_currency_code}`,
        )}
      </div>
      <div className="flex flex-wrap gap-x-3">{lineItems(values.ma)}</div>
      {values.macd && (
        <div className="flex flex-wrap gap-x-3">
          {item('MACD(12,26,9)', '')}
          {lineItems(values.macd)}
        </div>
      )}
    </div>
  );
}

/**
 * The candlestick chart (klinecharts, in its own chunk): history from market/kline, more when
 * scrolling left, live bars from KLINE.<symbol>.<period> and a poll every 10 s, all through one
 * KlineFeed, so only the selected market and interval ever reach the canvas. The chosen interval is
 * kept under `periodKey` (each page that shows the chart keeps its own).
 */
export default function PriceChart({
  market,
  periodKey = SPOT_PERIOD_KEY,
}: {
  market: MarketView;
  periodKey?: string;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const holder = useRef<PriceChartElement>(null);
  const chart = useRef<Chart | null>(null);
  const feed = useRef<KlineFeed | null>(null);
  /** The chart period the selected interval draws with. */
  const wantedPeriod = useRef<Period | null>(null);
  const [interval, setInterval_] = useState<ChartInterval>(() => savedInterval(periodKey));
  const [legend, setLegend] = useState<LegendValues | null>(null);
  /** The hovered bar's index; null follows the latest bar. */
  const hovered = useRef<number | null>(null);
  const decimals = useRef(market.price_decimals);
  decimals.current = market.price_decimals;
  const timeZone = useSettings().data?.exchange_tz;

  useEffect(() => {
    const element = holder.current!;
    const instance = init(element, {
      timezone: SPEC_TZ,
      styles: chartStyles(theme),
      // Small values in plain digits, never folded to 0.0{3}9.
      decimalFold: { format: (value) => String(value) },
      // Axis, price marks and tooltips in the reader's grouping and decimal mark (69.658,84 in German).
      thousandsSeparator: { format: (value) => formatChartNumber(value, currentLang()) },
    });
    chart.current = instance;
    if (!instance) return;
    element.chart = instance;
    // The library makes its canvas focusable with a positive tabindex, which breaks the page's tab order.
    for (const focusable of element.querySelectorAll('[tabindex]')) {
      if (Number(focusable.getAttribute('tabindex')) > 0) focusable.setAttribute('tabindex', '0');
    }
    instance.createIndicator({ name: 'MA', paneId: CANDLE_PANE }, true);
    // No price label half hidden under the last-price tag: the one it would cover is left out.
    instance.overrideYAxis({
      paneId: CANDLE_PANE,
      createTicks: ({ defaultTicks }) =>
        ticksClearOfLast(defaultTicks, instance.getDataList().at(-1)?.close, LAST_TAG_CLEARANCE_PX),
    });
    if (window.innerWidth > MACD_MIN_WIDTH)
      instance.createIndicator({ name: 'MACD', calcParams: [12, 26, 9] });

    // Indicators are computed a few microtasks after the bars arrive; the legend reads them after.
    let legendTimer: ReturnType<typeof setTimeout> | undefined;
    const refreshLegend = () => {
      clearTimeout(legendTimer);
      legendTimer = setTimeout(() => setLegend(readLegend(instance, hovered.current, decimals.current)));
    };
    instance.subscribeAction('onCrosshairChange', (data) => {
      hovered.current = hoveredIndex(instance, data as Crosshair | undefined);
      refreshLegend();
    });
    const leave = () => {
      hovered.current = null;
      refreshLegend();
    };
    element.addEventListener('pointerleave', leave);

    const source = new KlineFeed(klineSource);
    feed.current = source;
    instance.setDataLoader({
      getBars: async ({ type, symbol, period, timestamp, callback }) => {
        const key = source.current;
        // setSymbol and setPeriod each make the library load again: only the load that names the
        // selected market and period asks the server.
        if (!key || symbol.ticker !== key.symbol || !samePeriod(period, wantedPeriod.current!)) return;
        const range =
          type === 'init'
            ? {}
            : type === 'forward' && timestamp !== null
              ? { to: timestamp - 1, from: Math.max(0, timestamp - key.spanMs * 300) }
              : null;
        if (!range) return callback([], false);
        let bars: KlineBar[] | null;
        try {
          bars = await source.history(range);
        } catch {
          bars = source.current === key ? [] : null;
        }
        // null: the selection changed while this was on its way; it belongs to no chart now.
        if (bars === null) return;
        callback(
          bars.map((bar) => toChartBar(bar, key.symbol)),
          { forward: bars.length > 0, backward: false },
        );
        if (type === 'init') {
          // About 7 hours of bars across the width at first.
          const width = element.clientWidth || 600;
          instance.setBarSpace(Math.max(2, Math.min(20, width / Math.max(1, INITIAL_RANGE_MS / key.spanMs))));
        }
        refreshLegend();
      },
      subscribeBar: ({ callback }) => {
        const key = source.current;
        if (!key) return;
        source.start((bar) => {
          callback(toChartBar(bar, key.symbol));
          refreshLegend();
        });
      },
      unsubscribeBar: () => source.stop(),
    });

    const resize = new ResizeObserver(() => instance.resize());
    resize.observe(element);
    return () => {
      resize.disconnect();
      clearTimeout(legendTimer);
      element.removeEventListener('pointerleave', leave);
      source.stop();
      feed.current = null;
      dispose(element);
      delete element.chart;
      chart.current = null;
    };
    // The chart is made once; theme, market and interval changes are applied below.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- deliberately empty: the chart is made once
  }, []);

  useEffect(() => {
    chart.current?.setStyles(chartStyles(theme));
  }, [theme]);

  useEffect(() => {
    if (timeZone) chart.current?.setTimezone(timeZone);
  }, [timeZone]);

  useEffect(() => {
    const instance = chart.current;
    const source = feed.current;
    if (!instance || !source) return;
    const { period, chartPeriod, spanMs } = periodOf(interval);
    instance.setStyles({ candle: { type: interval === 'time' ? 'area' : 'candle_solid' } });
    wantedPeriod.current = chartPeriod;
    // "time" and "1min" draw the same bars: only the style changes.
    if (!source.select({ marketId: market.id, symbol: market.symbol, period, spanMs })) return;
    hovered.current = null;
    if (instance.getSymbol()?.ticker !== market.symbol)
      instance.setSymbol({
        ticker: market.symbol,
        pricePrecision: market.price_decimals,
        volumePrecision: market.number_decimals,
      });
    if (!samePeriod(instance.getPeriod(), chartPeriod)) instance.setPeriod(chartPeriod);
    // MACD's axis with the two extra places its legend shows (a difference of prices, often tiny).
    instance.overrideIndicator({ name: 'MACD', precision: market.price_decimals + 2 });
  }, [market.id, market.symbol, market.price_decimals, market.number_decimals, interval]);

  return (
    <div className="flex h-full min-h-[320px] flex-col">
      {/* One row at any width and in every language: it scrolls sideways rather than wrap a button. */}
      <div
        role="toolbar"
        aria-label={t('trade.interval')}
        className="flex gap-0.5 overflow-x-auto px-1 py-1 text-xs sm:gap-1 sm:px-2"
        data-testid="chart-intervals"
      >
        {/* Bare toggles: a frame and the kit's padding would not fit one row on a phone. */}
        {CHART_INTERVALS.map((value) => (
          <Button
            key={value}
            variant="bare"
            aria-pressed={interval === value}
            className="shrink-0 rounded px-1 py-0.5 whitespace-nowrap aria-pressed:bg-panel aria-pressed:text-accent sm:px-1.5"
            onClick={() => {
              saveInterval(value, periodKey);
              setInterval_(value);
            }}
          >
            {t(`trade.intervals.${value}`)}
          </Button>
        ))}
      </div>
      {/* Until the selected market's bars arrive, the canvas may still hold the previous ones. */}
      {legend && (
        <Legend
          values={legend}
          market={market}
          timeZone={timeZone ?? SPEC_TZ}
          stale={legend.symbol !== market.symbol || legend.bar.period !== periodOf(interval).period}
        />
      )}
      <div
        ref={holder}
        className="min-h-0 flex-1"
        data-testid="price-chart"
        data-interval={interval}
        data-symbol={market.symbol}
      />
    </div>
  );
}
