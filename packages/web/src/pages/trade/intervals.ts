import type { KLINE_PERIODS } from '@oex/protocol';
import type { Period } from 'klinecharts';

/** The chart's interval buttons; "time" is the line chart of 1-minute closes. */
export const CHART_INTERVALS = [
  'time',
  '1min',
  '5min',
  '15min',
  '30min',
  '1hour',
  '1day',
  '1week',
  '1mon',
] as const;
export type ChartInterval = (typeof CHART_INTERVALS)[number];

/** Where the spot page keeps its interval; the seconds-contract page keeps its own (`secondPeriod`). */
export const SPOT_PERIOD_KEY = 'spotPeriod';
const DEFAULT_INTERVAL: ChartInterval = '5min';
const MINUTE = 60_000;

const PERIODS: Record<
  ChartInterval,
  { period: (typeof KLINE_PERIODS)[number]; chartPeriod: Period; spanMs: number }
> = {
  time: { period: '1min', chartPeriod: { type: 'minute', span: 1 }, spanMs: MINUTE },
  '1min': { period: '1min', chartPeriod: { type: 'minute', span: 1 }, spanMs: MINUTE },
  '5min': { period: '5min', chartPeriod: { type: 'minute', span: 5 }, spanMs: 5 * MINUTE },
  '15min': { period: '15min', chartPeriod: { type: 'minute', span: 15 }, spanMs: 15 * MINUTE },
  '30min': { period: '30min', chartPeriod: { type: 'minute', span: 30 }, spanMs: 30 * MINUTE },
  '1hour': { period: '60min', chartPeriod: { type: 'hour', span: 1 }, spanMs: 60 * MINUTE },
  '1day': { period: '1day', chartPeriod: { type: 'day', span: 1 }, spanMs: 1440 * MINUTE },
  '1week': { period: '1week', chartPeriod: { type: 'week', span: 1 }, spanMs: 7 * 1440 * MINUTE },
  '1mon': { period: '1mon', chartPeriod: { type: 'month', span: 1 }, spanMs: 30 * 1440 * MINUTE },
};

export function periodOf(interval: ChartInterval) {
  return PERIODS[interval];
}

/** The last interval chosen, kept under `key` like the spec's `secondPeriod`; 5 minutes by default. */
export function savedInterval(key: string = SPOT_PERIOD_KEY): ChartInterval {
  const saved = localStorage.getItem(key);
  return (CHART_INTERVALS as readonly string[]).includes(saved ?? '')
    ? (saved as ChartInterval)
    : DEFAULT_INTERVAL;
}

export function saveInterval(interval: ChartInterval, key: string = SPOT_PERIOD_KEY): void {
  localStorage.setItem(key, interval);
}
