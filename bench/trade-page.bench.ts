// (g) The spot trade page in Debian's Chromium against the real server with a fast market maker:
// long tasks and main-thread time while scrolling, and the JS heap (after forced GC) over the run, to catch a
// leak in the live book. Needs a built web app (`npm run build -w @oex/web`). TRADE_BENCH_SECONDS
// sets the length (default 60; 600 for the ten-minute memory check). Writes
// bench/results/trade-page.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { login, startBenchServer } from './lib/server.js';

const SECONDS = Number(process.env.TRADE_BENCH_SECONDS ?? 60);
const server = await startBenchServer({
  MARKET_MAKER: '1',
  MARKET_MAKER_STEP_MS: '250',
  MARKET_MAKER_BACKFILL_DAYS: '1',
});
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const token = await login(server.url, 'alice@demo.test');
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.addInitScript((value) => {
    localStorage.setItem('token', value);
    const w = window as unknown as { longTasks: number[] };
    w.longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.longTasks.push(entry.duration);
    }).observe({ type: 'longtask', buffered: true });
  }, token);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const heap = async () => {
    await cdp.send('HeapProfiler.collectGarbage');
    const { metrics } = await cdp.send('Performance.getMetrics');
    return metrics.find((metric) => metric.name === 'JSHeapUsedSize')!.value / 1024 / 1024;
  };
  await page.goto(`${server.url}/trade?match=1`);
  await page.getByText('Sell 1', { exact: true }).waitFor();
  await page.waitForTimeout(3000);
  // Long tasks of loading the page are reported apart from those of the steady state.
  const loadTasks = await page.evaluate(() =>
    (window as unknown as { longTasks: number[] }).longTasks.splice(0),
  );
  const heapSamples: number[] = [await heap()];
  const busy = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    return metrics.find((metric) => metric.name === 'TaskDuration')!.value;
  };
  const busyBefore = await busy();
  const started = Date.now();
  let scrolls = 0;
  while (Date.now() - started < SECONDS * 1000) {
    await page.mouse.wheel(0, scrolls % 2 === 0 ? 600 : -600);
    scrolls += 1;
    await page.waitForTimeout(500);
    if (scrolls % 20 === 0) heapSamples.push(await heap());
  }
  // Headless Chromium draws no frames here (requestAnimationFrame never fires), so smoothness is
  // read from the main thread: long tasks, and the share of the run it was busy.
  const busySeconds = (await busy()) - busyBefore;
  const elapsed = (Date.now() - started) / 1000;
  heapSamples.push(await heap());
  const longTasks = await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks);
  const trades = await page.getByRole('region', { name: 'Recent trades' }).locator('tbody tr').count();
  const result = {
    seconds: SECONDS,
    makerStepMs: 250,
    loadLongTasks: { count: loadTasks.length, maxMs: Math.round(Math.max(0, ...loadTasks)) },
    steadyLongTasks: {
      count: longTasks.length,
      totalMs: Math.round(longTasks.reduce((sum, value) => sum + value, 0)),
      maxMs: Math.round(Math.max(0, ...longTasks)),
    },
    mainThreadBusyPercent: +((busySeconds / elapsed) * 100).toFixed(1),
    heapMiB: {
      start: +heapSamples[0]!.toFixed(1),
      end: +heapSamples.at(-1)!.toFixed(1),
      samples: heapSamples.map((v) => +v.toFixed(1)),
    },
    recentTradesShown: trades,
  };
  console.log(JSON.stringify(result, null, 2));
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/trade-page.json', `${JSON.stringify(result, null, 2)}\n`);
} finally {
  await browser.close();
  await server.stop();
}
