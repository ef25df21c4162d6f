import { AxeBuilder } from '@axe-core/playwright';
import { Decimal } from '@oex/protocol';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

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
  const { data } = (await answer.json()) as { data: { token: string } };
  await page.goto('/home');
  await page.evaluate((token) => localStorage.setItem('token', token), data.token);
  return data.token;
}

/** axe-core finds no serious or critical violation. */
export async function expectAccessible(page: Page): Promise<void> {
  const axe = await new AxeBuilder({ page }).analyze();
  const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

export async function setTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.evaluate((value) => localStorage.setItem('theme', value), theme);
  await page.reload();
}

/** A user's balance of one currency in one account (by type id), read through the API. */
export async function accountBalance(
  request: APIRequestContext,
  token: string,
  currencyId: number,
  accountTypeId: number,
): Promise<Decimal> {
  const answer = await request.get(
    `/api/account/detail?currency_id=${currencyId}&account_type_id=${accountTypeId}`,
    {
      headers: { authorization: token },
    },
  );
  const envelope = (await answer.json()) as Envelope<{ balance: string }>;
  expect(envelope.code, envelope.msg).toBe(1);
  return Decimal.parse(envelope.data.balance);
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
        const message = JSON.parse(String(payload)) as { type: string; params: unknown };
        if (message.type === type) pushes.push(message.params as T);
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
  await page.screenshot({ path: `test-results/screens/${screenshotName}.png`, fullPage: true });
  await expectAccessible(page);
}

/** A visitor opening a signed-in page is sent to log in, coming back to it after, and told why. */
export async function expectSentToLogIn(page: Page, path: string): Promise<void> {
  await page.goto(path);
  const escaped = encodeURIComponent(path).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await expect(page).toHaveURL(new RegExp(`/login\\?redirect=${escaped}$`));
  await expect(page.getByText('Please log in and trade')).toBeVisible();
}
