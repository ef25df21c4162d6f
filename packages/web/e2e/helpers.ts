import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32, deflateSync } from 'node:zlib';
import { AxeBuilder } from '@axe-core/playwright';
import { Decimal, type Role } from '@oex/protocol';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { Chart } from 'klinecharts';
import { generate } from 'otplib';

/** The API's answer: code 1 is success, anything else is refused and msg says why. */
export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** The spot account's type id, where a user's money comes in and transfers start. */
export const SPOT_ACCOUNT = 1;

/** The latest code the dev mailbox holds for an email or a phone number. */
export async function latestCode(request: APIRequestContext, to: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const answer = await request.get(`/api/dev/mailbox?to=${encodeURIComponent(to)}`);
      const { data } = (await answer.json()) as { data: { body: string }[] };
      code = data[0]?.body.match(/\b(\d{6})\b/)?.[1];
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code!;
}

/** Signs in through the API and hands the token to the page, as a returning user would be. */
export async function signInAs(page: Page, account: string, password = 'demo1234'): Promise<string> {
  const answer = await page.request.post('/api/user/login', {
    data: { login_type: 'email', account, password },
  });
  const { data } = (await answer.json()) as { data: string };
  await handTokenToPage(page, data);
  return data;
}

/** The page signed in with a token, as after a login. */
export async function handTokenToPage(page: Page, token: string): Promise<void> {
  await page.goto('/home');
  await page.evaluate((value) => localStorage.setItem('token', value), token);
}

export const NEW_USER_PASSWORD = 'Secret-Harbor-91';

/** A new user registered by email with the dev mailbox's code, signed in through the API. */
export async function registerUser(
  request: APIRequestContext,
  prefix: string,
  password = NEW_USER_PASSWORD,
): Promise<{ email: string; token: string; password: string }> {
  const email = `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;
  await sendCode(request, {}, email, 1);
  const code = await latestCode(request, email);
  const registered = await request.post('/api/user/register', {
    data: {
      type: 'email',
      account: email,
      password,
      re_password: password,
      sms_code: code,
      invite_code: 'DEMO2026',
    },
  });
  expect(await registered.json()).toMatchObject({ code: 1 });
  const login = await request.post('/api/user/login', {
    data: { login_type: 'email', account: email, password },
  });
  const { data } = (await login.json()) as { data: string };
  return { email, token: data, password };
}

/** One rule's violation as axe reports it. */
export type AxeViolation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/**
 * axe-core's violations on the page as it is, in a step of its own (the report gives its time apart:
 * axe is the browser tests' costliest check). Violations only: axe still runs every rule but skips
 * gathering the passes (a fifth faster). Legacy mode runs axe in the page itself; the default mode
 * runs each frame apart and then opens a blank page to merge the results, which cost as much as the
 * scan: 2.4-4.0 s a scan against 0.9-2.2 s here, on home, markets and trade. Our pages have no
 * cross-origin frames, which is all the default mode adds.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  const axe = await test.step('axe', () =>
    new AxeBuilder({ page })
      .setLegacyMode(true)
      .options({ resultTypes: ['violations'] })
      .analyze());
  return axe.violations;
}

/** axe-core finds no serious or critical violation. */
export async function expectAccessible(page: Page): Promise<void> {
  const serious = (await axeViolations(page)).filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

export async function setTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.evaluate((value) => localStorage.setItem('theme', value), theme);
  await page.reload();
}

/**
 * A GET, sent again once when the server closed the kept-alive connection just as it was reused: a
 * browser retries an idempotent request so, Playwright's request context does not. (The browser
 * tests' server also keeps idle connections longer than any test: playwright.config.ts.)
 */
async function getOnce(
  request: APIRequestContext,
  url: string,
  options?: Parameters<APIRequestContext['get']>[1],
): ReturnType<APIRequestContext['get']> {
  try {
    return await request.get(url, options);
  } catch (error) {
    if (!/ECONNRESET|socket hang up/.test(String(error))) throw error;
    return request.get(url, options);
  }
}

/** A user's balance of one currency in one account (by type id), read through the API. */
export async function accountBalance(
  request: APIRequestContext,
  token: string,
  currencyId: number,
  accountTypeId: number,
): Promise<Decimal> {
  const answer = await getOnce(
    request,
    `/api/account/detail?currency_id=${currencyId}&account_type_id=${accountTypeId}`,
    {
      headers: { authorization: token },
    },
  );
  const envelope = (await answer.json()) as Envelope<{ balance: string }>;
  expect(envelope.code, envelope.msg).toBe(1);
  return Decimal.parse(envelope.data.balance);
}

/**
 * Cancels every open order of a user on one side (`tx_in`: buys, `tx_out`: sells) in every market.
 * Earlier tests may leave orders resting, and the demo taker fills them at any moment: a balance
 * measured across a test would move by theirs.
 */
export async function cancelOpenOrders(
  request: APIRequestContext,
  token: string,
  side: 'tx_in' | 'tx_out',
): Promise<void> {
  const headers = { authorization: token };
  const answer = await request.get(`/api/${side}/list?status=open&page=1&limit=100`, { headers });
  const open = ((await answer.json()) as { data: { data: { id: number }[] } }).data.data;
  for (const { id } of open) await request.post(`/api/${side}/cancel`, { headers, data: { id } });
}

/** Moves an amount of a currency from the user's spot account into another of theirs (by type id). */
export async function transferFromSpot(
  request: APIRequestContext,
  token: string,
  currencyId: number,
  toAccountTypeId: number,
  amount: string,
): Promise<void> {
  const answer = await request.post('/api/account/transfer', {
    headers: { authorization: token },
    data: { currency_id: currencyId, balance: amount, from: SPOT_ACCOUNT, to: toAccountTypeId },
  });
  const envelope = (await answer.json()) as Envelope<unknown>;
  expect(envelope.code, envelope.msg).toBe(1);
}

/** Every push of one type the page receives from now on, in order, to know what a change on it came from. */
export function collectPushes<T>(page: Page, type: string): T[] {
  const pushes: T[] = [];
  page.on('websocket', (socket) =>
    socket.on('framereceived', ({ payload }) => {
      try {
        // A push is framed as the spec's client reads it: the bare kind in `type`, its fields beside it.
        const message = JSON.parse(String(payload)) as { type: string };
        if (message.type === type) pushes.push(message as T);
      } catch {
        // Not JSON: not a push.
      }
    }),
  );
  return pushes;
}

/** Opens a page in a theme at a width (900 px high), the theme applied before it draws. */
export async function openThemed(
  page: Page,
  path: string,
  theme: 'light' | 'dark',
  width: number,
): Promise<void> {
  await page.evaluate((value) => localStorage.setItem('theme', value), theme);
  await page.setViewportSize({ width, height: 900 });
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
}

/**
 * Once the page has drawn (no skeleton left): it fits the width without sideways scrolling, a
 * full-page screenshot is kept under test-results/screens, and axe finds no serious problem.
 */
export async function expectDrawnAndFitting(page: Page, screenshotName: string): Promise<void> {
  await expect(page.locator('[data-skeleton]')).toHaveCount(0);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await test.step('screenshot', () =>
    page.screenshot({ path: `test-results/screens/${screenshotName}.png`, fullPage: true }));
  await expectAccessible(page);
}

/** A visitor opening a signed-in page is sent to log in, coming back to it after, and told why. */
export async function expectSentToLogIn(page: Page, path: string): Promise<void> {
  await page.goto(path);
  const escaped = encodeURIComponent(path).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await expect(page).toHaveURL(new RegExp(`/login\\?redirect=${escaped}$`));
  await expect(page.getByText('Please log in and trade')).toBeVisible();
}

/** A small real PNG of one colour, made here (signature, IHDR, IDAT, IEND with their CRCs). */
export function png(rgb: [number, number, number], size = 24): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8;
  ihdr[9] = 2; // RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => rgb).flat())]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: size }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * The server under test, found by its writer lock file beside the database, which Playwright keeps
 * in a scratch folder (see playwright.config.ts): its folder (the database is `e2e.db` there) and
 * the local command line's admin token.
 */
export function serverLock(baseURL: string): { folder: string; adminToken: string } {
  const port = Number(new URL(baseURL).port);
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  // A lock left by an earlier run names a server that is gone; of the rest, the newest is ours.
  const locks = readdirSync(tmpdir())
    .filter((name) => name.startsWith('oex-e2e-'))
    .map((folder) => join(tmpdir(), folder))
    .filter((folder) => existsSync(join(folder, 'e2e.db.writer.lock')))
    .map((folder) => {
      const lock = join(folder, 'e2e.db.writer.lock');
      const held = JSON.parse(readFileSync(lock, 'utf8')) as {
        pid: number;
        port: number;
        adminToken: string;
      };
      return { folder, at: statSync(lock).mtimeMs, ...held };
    })
    .filter((held) => held.port === port && alive(held.pid))
    .sort((a, b) => b.at - a.at);
  if (!locks[0]) throw new Error(`no writer lock for port ${port}`);
  return { folder: locks[0].folder, adminToken: locks[0].adminToken };
}

export interface NewOperator {
  name: string;
  password: string;
  totp_secret: string;
}

const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/**
 * A new operator of a role, made as operators are: by `npm run operator -- add` against the test
 * server's database. The name is unique per call.
 */
export function addOperator(role: Role): NewOperator {
  const baseURL = test.info().project.use.baseURL!;
  const name = `e2e-${role}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const database = `sqlite:${join(serverLock(baseURL).folder, 'e2e.db')}`;
  const output = execFileSync(
    'npm',
    ['run', '--silent', 'operator', '--', 'add', '--name', name, '--role', role, '--json'],
    { cwd: REPO_ROOT, env: { ...process.env, DATABASE_URL: database }, encoding: 'utf8' },
  );
  const made = JSON.parse(output.trim().split('\n').at(-1)!) as NewOperator;
  expect(made.name).toBe(name);
  return made;
}

/**
 * A new operator of a role signs in through the console's login page with a fresh authenticator
 * code, and lands on the dashboard. A code step is accepted once, so a second sign-in in the same
 * 30 s would wait for the next.
 */
export async function operatorLogin(page: Page, role: Role): Promise<NewOperator> {
  const operator = addOperator(role);
  await page.goto('/admin/login');
  await page.getByLabel('Operator name').fill(operator.name);
  await page.getByLabel('Password').fill(operator.password);
  await page.getByLabel('Authenticator code').fill(await generate({ secret: operator.totp_secret }));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByTestId('admin-operator')).toContainText(operator.name);
  return operator;
}

/** The password of users made by `newUser`. */
export const USER_PASSWORD = 'Desk-Puffin-66';

export interface User {
  email: string;
  token: string;
}

/** A call to the API as a user (`token`) or the local command line (`admin`), answering its envelope. */
export async function send<T>(
  request: APIRequestContext,
  method: 'GET' | 'POST',
  path: string,
  auth: { token?: string; admin?: string },
  data?: Record<string, unknown>,
): Promise<Envelope<T>> {
  const headers: Record<string, string> = {};
  if (auth.token) headers.authorization = auth.token;
  if (auth.admin) headers['x-admin-token'] = auth.admin;
  const answer =
    method === 'GET'
      ? await getOnce(request, `/api/${path}`, { headers, params: data as Record<string, string> })
      : await request.post(`/api/${path}`, { headers, data: data ?? {} });
  return (await answer.json()) as Envelope<T>;
}

export async function must<T>(...args: Parameters<typeof send>): Promise<T> {
  const envelope = await send<T>(...args);
  expect(envelope.code, `${args[2]}: ${envelope.msg}`).toBe(1);
  return envelope.data;
}

/** The operator (command line) certifies the identity a user has under review. */
export async function certifyIdentity(request: APIRequestContext, admin: string, user: User): Promise<void> {
  const pending = await must<{ data: { id: number; account: string }[] }>(
    request,
    'GET',
    'admin/user_real/pending',
    { admin },
  );
  const submission = pending.data.find((row) => row.account === user.email)!;
  await must(request, 'POST', 'admin/user_real/approve', { admin }, { id: submission.id });
}

/** Sends a code, waiting out the per-address sending limit when several users are made in a row. */
export async function sendCode(
  request: APIRequestContext,
  auth: { token?: string },
  to: string,
  type: number,
): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    const envelope = await send(request, 'POST', 'notify/send_email', auth, { to, type });
    if (envelope.code === 1) return;
    expect(attempt, envelope.msg).toBeLessThan(8);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

export async function newUser(request: APIRequestContext, prefix: string): Promise<User> {
  const { email, token } = await registerUser(request, prefix, USER_PASSWORD);
  return { email, token };
}

/**
 * A test's time budget: doubled under CI, where the PostgreSQL suite shares the two cores with the
 * browser tests. A budget is a bound on real waits, not a speed goal (those are benchmarks).
 */
export function budget(ms: number): number {
  return process.env.CI ? ms * 2 : ms;
}

interface ServerBar {
  time: number;
  open: string;
  high: string;
  low: string;
  close: string;
}
interface DrawnChart {
  ticker: string | undefined;
  period: { type: string; span: number } | null;
  bars: { timestamp: number; open: number; high: number; low: number; close: number }[];
}

/** What the chart holds and draws: klinecharts' own data list, read from the chart's element. */
function drawnChart(page: Page): Promise<DrawnChart> {
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
export async function expectDrawnBars(
  page: Page,
  match: { id: number; symbol: string },
  period: string,
  chartPeriod: DrawnChart['period'],
) {
  await expect
    .poll(
      async () => {
        const chart = await drawnChart(page);
        const answer = await page.request.get(
          `/api/market/kline?currency_match_id=${match.id}&period=${period}`,
        );
        const bars = ((await answer.json()) as { data: ServerBar[] }).data;
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
        // Only within the server's window: the chart may hold older bars than a later default
        // window still has (it moved on a bar since the chart loaded), or history it paged in.
        const first = bars[0]?.time ?? 0;
        const strangers = chart.bars.filter(
          (bar) => !known.has(bar.timestamp) && bar.timestamp >= first && bar.timestamp <= last,
        );
        if (strangers.length > 0)
          problems.push(
            `${strangers.length} drawn bars the server does not have (first at ${strangers[0]!.timestamp}; server ${first}-${last})`,
          );
        return problems.slice(0, 3);
      },
      { timeout: 20_000, message: `the chart draws ${match.symbol} ${period}` },
    )
    .toEqual([]);
}
