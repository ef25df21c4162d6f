import type { KlineBar, MarketView } from '@oex/protocol';
import {
  dispose,
  init,
  registerLocale,
  type Chart,
  type DeepPartial,
  type KLineData,
  type Locales,
  type Styles,
} from 'klinecharts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/http.js';
import { live } from '../../api/socket.js';
import { useTheme } from '../../app/theme.js';
import { useSettings } from '../../features/content/news.js';
import { CHART_INTERVALS, periodOf, savedInterval, saveInterval, type ChartInterval } from './intervals.js';

/**
 * Spec 000 §9: times in the exchange's zone (the server's `exchange_tz`; the spec's zone until it is
 * known), a poll every 10 s, about 7 hours shown at first.
 */
const SPEC_TZ = 'Asia/Shanghai';
const POLL_MS = 10_000;
const INITIAL_RANGE_MS = 25_200_000;
/** Spec 000 §9: MACD only on screens wider than 760 px. */
const MACD_MIN_WIDTH = 760;

function toChartBar(bar: Pick<KlineBar, 'time' | 'open' | 'high' | 'low' | 'close' | 'volume'>): KLineData {
  return {
    timestamp: bar.time,
    open: Number(bar.open),
    high: Number(bar.high),
    low: Number(bar.low),
    close: Number(bar.close),
    volume: Number(bar.volume),
  };
}

function chartStyles(theme: 'light' | 'dark'): DeepPartial<Styles> {
  const css = getComputedStyle(document.documentElement);
  const color = (name: string) => css.getPropertyValue(name).trim();
  const up = color('--up');
  const down = color('--down');
  const text = color('--muted');
  const line = color('--border');
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
      priceMark: { last: { upColor: up, downColor: down } },
      tooltip: { legend: { color: text } },
    },
    indicator: { tooltip: { legend: { color: text } } },
    xAxis: { axisLine: { color: line }, tickText: { color: text }, tickLine: { color: line } },
    yAxis: { axisLine: { color: line }, tickText: { color: text }, tickLine: { color: line } },
    separator: { color: line },
    crosshair: { horizontal: { text: { backgroundColor: theme === 'dark' ? '#333' : '#666' } } },
  };
}

/**
 * The candlestick chart (klinecharts, in its own chunk): history from market/kline, more when
 * scrolling left, live bars from KLINE.<symbol>.<period> and a poll every 10 s.
 */
export default function PriceChart({ market }: { market: MarketView }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const holder = useRef<HTMLDivElement>(null);
  const chart = useRef<Chart | null>(null);
  const [interval, setInterval_] = useState<ChartInterval>(savedInterval);

  useEffect(() => {
    const element = holder.current!;
    // The chart's legend in the page's language.
    registerLocale('page', t('trade.chartLegend', { returnObjects: true }) as Locales);
    const instance = init(element, { timezone: SPEC_TZ, styles: chartStyles(theme), locale: 'page' });
    chart.current = instance;
    if (!instance) return;
    // The library makes its canvas focusable with a positive tabindex, which breaks the page's tab order.
    for (const focusable of element.querySelectorAll('[tabindex]')) {
      if (Number(focusable.getAttribute('tabindex')) > 0) focusable.setAttribute('tabindex', '0');
    }
    instance.createIndicator({ name: 'MA', paneId: 'candle_pane' }, true);
    if (window.innerWidth > MACD_MIN_WIDTH)
      instance.createIndicator({ name: 'MACD', calcParams: [12, 26, 9] });
    const resize = new ResizeObserver(() => instance.resize());
    resize.observe(element);
    return () => {
      resize.disconnect();
      dispose(element);
      chart.current = null;
    };
    // The chart is made once; theme and market changes are applied below.
  }, []);

  useEffect(() => {
    chart.current?.setStyles(chartStyles(theme));
  }, [theme]);

  const timeZone = useSettings().data?.exchange_tz;
  useEffect(() => {
    if (timeZone) chart.current?.setTimezone(timeZone);
  }, [timeZone]);

  useEffect(() => {
    const instance = chart.current;
    if (!instance) return;
    const { period, chartPeriod, spanMs } = periodOf(interval);
    instance.setStyles({ candle: { type: interval === 'time' ? 'area' : 'candle_solid' } });
    instance.setSymbol({ ticker: market.symbol, pricePrecision: 4, volumePrecision: 6 });
    instance.setPeriod(chartPeriod);
    const bars = (query: Record<string, unknown>) =>
      call<KlineBar[]>(
        'GET',
        'market/kline',
        { currency_match_id: market.id, period, ...query },
        { quiet: true },
      );
    let stopLive: (() => void) | undefined;
    let poll: ReturnType<typeof setInterval> | undefined;
    instance.setDataLoader({
      getBars: async ({ type, timestamp, callback }) => {
        if (type === 'init') {
          const data = await bars({});
          callback(data.map(toChartBar), { forward: data.length > 0, backward: false });
          // About 7 hours of bars across the width at first.
          const width = holder.current?.clientWidth ?? 600;
          instance.setBarSpace(Math.max(2, Math.min(20, width / Math.max(1, INITIAL_RANGE_MS / spanMs))));
          return;
        }
        if (type === 'forward' && timestamp !== null) {
          const data = await bars({ to: timestamp - 1, from: Math.max(0, timestamp - spanMs * 300) });
          callback(data.map(toChartBar), { forward: data.length > 0, backward: false });
          return;
        }
        callback([], false);
      },
      subscribeBar: ({ callback }) => {
        stopLive = live.subscribe(`KLINE.${market.symbol}.${period}`, {
          onPush: (push) => callback(toChartBar((push as { kline: KlineBar }).kline)),
        });
        poll = setInterval(() => {
          void bars({ from: Date.now() - spanMs * 2 }).then(
            (data) => data.forEach((bar) => callback(toChartBar(bar))),
            () => undefined,
          );
        }, POLL_MS);
      },
      unsubscribeBar: () => {
        stopLive?.();
        clearInterval(poll);
      },
    });
    return () => {
      stopLive?.();
      clearInterval(poll);
    };
  }, [market.id, market.symbol, interval]);

  return (
    <div className="flex h-full min-h-[320px] flex-col">
      <div role="toolbar" aria-label={t('trade.interval')} className="flex flex-wrap gap-1 px-2 py-1 text-xs">
        {CHART_INTERVALS.map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={interval === value}
            className="rounded px-1.5 py-0.5"
            style={interval === value ? { background: 'var(--panel)', color: 'var(--accent)' } : undefined}
            onClick={() => {
              saveInterval(value);
              setInterval_(value);
            }}
          >
            {t(`trade.intervals.${value}`)}
          </button>
        ))}
      </div>
      <div ref={holder} className="min-h-0 flex-1" data-testid="price-chart" data-interval={interval} />
    </div>
  );
}
