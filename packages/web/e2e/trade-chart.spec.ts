import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { Chart } from 'klinecharts';

/** Issue 10: the spot chart shows the selected market at the selected period, readably. */

interface Match {
  id: number;
  symbol: string;
  base_currency_code: string;
}
interface Bar {
  time: number;
  open: string;
  high: string;
  low: string;
  close: string;
}
interface Drawn {
  ticker: string | undefined;
  period: { type: string; span: number } | null;
  bars: { timestamp: number; open: number; high: number; low: number; close: number }[];
}

async function markets(request: APIRequestContext): Promise<Map<string, Match>> {
  const answer = await request.get('/api/market/currency_matches');
  const groups = ((await answer.json()) as { data: { matches: Match[] }[] }).data;
  return new Map(groups.flatMap((group) => group.matches).map((match) => [match.base_currency_code, match]));
}

/** What the chart holds and draws: klinecharts' own data list, read from the chart's element. */
function drawn(page: Page): Promise<Drawn> {
  return page.getByTestId('price-chart').evaluate((element) => {
    const chart = (element as HTMLElement & { chart?: Chart }).chart!;
    const period = chart.getPeriod();
    return {
      ticker: chart.getSymbol()?.ticker,
      period: period ? { type: period.type, span: period.span } : null,
      bars: chart.getDataList().map(({ timestamp, open, high, low, close }) => ({
        timestamp,
        open,
        high,
        low,
        close,
      })),
    };
  });
}

/**
 * The drawn bars are market/kline's bars for that market and period: every bar the server has is
 * drawn with its prices (the newest one may move between the two reads), and nothing else is drawn
 * but newer live bars.
 */
async function expectDrawnBars(page: Page, match: Match, period: string, chartPeriod: Drawn['period']) {
  await expect
    .poll(
      async () => {
        const chart = await drawn(page);
        const answer = await page.request.get(
          `/api/market/kline?currency_match_id=${match.id}&period=${period}`,
        );
        const bars = ((await answer.json()) as { data: Bar[] }).data;
        const problems: string[] = [];
        if (chart.ticker !== match.symbol) problems.push(`ticker ${chart.ticker}`);
        if (JSON.stringify(chart.period) !== JSON.stringify(chartPeriod))
          problems.push(`period ${JSON.stringify(chart.period)}`);
        if (bars.length < 2) problems.push('the server has too few bars to compare');
        const byTime = new Map(chart.bars.map((bar) => [bar.timestamp, bar]));
        const last = bars[bars.length - 1]?.time ?? 0;
        bars.slice(0, -1).forEach((bar) => {
          const shown = byTime.get(bar.time);
          const expected = [bar.open, bar.high, bar.low, bar.close].map(Number);
          const actual = shown && [shown.open, shown.high, shown.low, shown.close];
          if (JSON.stringify(actual) !== JSON.stringify(expected))
            problems.push(`${bar.time}: drawn ${JSON.stringify(actual)}, server ${JSON.stringify(expected)}`);
        });
        const known = new Set(bars.map((bar) => bar.time));
        const strangers = chart.bars.filter((bar) => !known.has(bar.timestamp) && bar.timestamp <= last);
        if (strangers.length > 0) problems.push(`${strangers.length} drawn bars the server does not have`);
        return problems.slice(0, 3);
      },
      { timeout: 20_000, message: `the chart draws ${match.symbol} ${period}` },
    )
    .toEqual([]);
}

/** Every KLINE channel the page is subscribed to, replaying its sub and unsub frames. */
function klineSubscriptions(page: Page): Set<string> {
  const active = new Set<string>();
  page.on('websocket', (socket) => {
    socket.on('framesent', ({ payload }) => {
      const frame = JSON.parse(String(payload)) as { type: string; params: unknown };
      const channel =
        typeof frame.params === 'string' ? frame.params : (frame.params as { channel?: string })?.channel;
      if (!channel?.startsWith('KLINE.')) return;
      if (frame.type === 'sub') active.add(channel);
      if (frame.type === 'unsub') active.delete(channel);
    });
    socket.on('close', () => active.clear());
  });
  return active;
}

/** market/kline requests the page sends, as "match period poll|load". */
function klineRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname !== '/api/market/kline') return;
    const query = url.searchParams;
    const kind = query.has('from') && !query.has('to') ? 'poll' : 'load';
    seen.push(`${query.get('currency_match_id')} ${query.get('period')} ${kind}`);
  });
  return seen;
}

const intervalButton = (page: Page, name: string) =>
  page.getByRole('toolbar', { name: 'Chart interval' }).getByRole('button', { name, exact: true });
const marketButton = (page: Page, code: string) =>
  page.getByRole('navigation', { name: 'Markets' }).getByRole('button', { name: new RegExp(`^${code}`) });

test('quick pair and interval switches draw only the selected market at the selected period', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const byCode = await markets(page.request);
  const [btc, trx, dot] = ['BTC', 'TRX', 'DOT'].map((code) => byCode.get(code)!);
  const subscriptions = klineSubscriptions(page);
  const requests = klineRequests(page);
  // Every chart answer takes 2 s, so answers for a pair or interval left 0.5-1 s after its click
  // arrive after the next selection: the order that made TRX draw DOT's prices.
  await page.route('**/api/market/kline?**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await route.continue();
  });
  await page.setViewportSize({ width: 1440, height: 1000 });
  await page.goto(`/trade?match=${btc.id}`);
  await expect(page.getByTestId('price-chart')).toHaveAttribute('data-interval', '5min');
  await expectDrawnBars(page, btc, '5min', { type: 'minute', span: 5 });

  // Pairs first, then intervals: BTC -> DOT -> TRX, then 5min -> 1day -> 1min.
  await marketButton(page, 'DOT').click();
  await page.waitForTimeout(1000);
  await marketButton(page, 'TRX').click();
  await page.waitForTimeout(500);
  await intervalButton(page, '1day').click();
  await page.waitForTimeout(700);
  await intervalButton(page, '1min').click();
  await expect(page.getByRole('heading', { name: trx.symbol, level: 1 })).toBeVisible();
  await expectDrawnBars(page, trx, '1min', { type: 'minute', span: 1 });
  expect([...subscriptions]).toEqual([`KLINE.${trx.symbol}.1min`]);

  // Intervals first, then pairs: 1min -> 1day -> 15min, then TRX -> ETH -> DOT.
  await intervalButton(page, '1day').click();
  await page.waitForTimeout(500);
  await intervalButton(page, '15min').click();
  await page.waitForTimeout(300);
  await marketButton(page, 'ETH').click();
  await page.waitForTimeout(800);
  await marketButton(page, 'DOT').click();
  await expect(page.getByRole('heading', { name: dot.symbol, level: 1 })).toBeVisible();
  await expectDrawnBars(page, dot, '15min', { type: 'minute', span: 15 });
  expect([...subscriptions]).toEqual([`KLINE.${dot.symbol}.15min`]);

  // One poll for DOT at 15min, nothing for anything left behind, whenever it would have come.
  await page.waitForTimeout(2500);
  const from = requests.length;
  await page.waitForTimeout(12_000);
  const later = requests.slice(from);
  expect(later.filter((request) => !request.startsWith(`${dot.id} 15min `))).toEqual([]);
  expect(later.filter((request) => request.endsWith('poll')).length).toBeGreaterThanOrEqual(1);
  expect(later.filter((request) => request.endsWith('poll')).length).toBeLessThanOrEqual(2);
  await expectDrawnBars(page, dot, '15min', { type: 'minute', span: 15 });
});
