import { expect, test, type Page } from '@playwright/test';
import { signInAs } from './helpers.js';

/** Every main page, with what shows it has really rendered (so lazy code ran under the policy too). */
const PAGES: { path: string; ready: (page: Page) => Promise<void> }[] = [
  { path: '/home', ready: (page) => expect(page.locator('main')).toBeVisible() },
  { path: '/markets', ready: (page) => expect(page.getByText('BTC/USDT').first()).toBeVisible() },
  {
    path: '/trade?match=1',
    ready: (page) => expect(page.getByTestId('price-chart').locator('canvas').first()).toBeVisible(),
  },
  { path: '/login', ready: (page) => expect(page.getByLabel('Password')).toBeVisible() },
  { path: '/register', ready: (page) => expect(page.getByLabel('Confirm password')).toBeVisible() },
  { path: '/forgetPassword', ready: (page) => expect(page.getByLabel('New password')).toBeVisible() },
  { path: '/notice?id=66&category_id=26', ready: (page) => expect(page.locator('main')).toBeVisible() },
  {
    path: '/api/docs',
    ready: (page) => expect(page.getByText('/api/user/register').first()).toBeVisible(),
  },
  // The status line leaves "Loading…" once the page's script has fetched the list (it hides when
  // there are messages, so it is found by id).
  { path: '/dev/mailbox', ready: (page) => expect(page.locator('#status')).not.toHaveText('Loading…') },
];

/** Records CSP violations the page reports, from before its first script runs. */
async function watchViolations(page: Page): Promise<string[]> {
  const reported: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `Content Security Policy violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  page.on('console', (message) => {
    if (/content security policy/i.test(message.text())) reported.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => {
    if (/content security policy/i.test(error.message)) reported.push(`${page.url()}: ${error.message}`);
  });
  return reported;
}

async function visitAll(page: Page, reported: string[]): Promise<void> {
  for (const { path, ready } of PAGES) {
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate((value) => localStorage.setItem('theme', value), theme);
      const response = await page.goto(path);
      const csp = response?.headers()['content-security-policy'] ?? '';
      expect(csp, `${path} has a policy`).toContain("frame-ancestors 'none'");
      await ready(page);
      if (!path.startsWith('/api/') && !path.startsWith('/dev/')) {
        // The inline theme script ran: the policy allows it by its hash.
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      }
      await page.waitForLoadState('networkidle');
    }
  }
  expect(reported).toEqual([]);
}

test('no page reports a Content Security Policy violation, for a visitor', async ({ page }) => {
  const reported = await watchViolations(page);
  await page.goto('/home');
  await visitAll(page, reported);
});

test('no page reports a Content Security Policy violation, signed in', async ({ page }) => {
  const reported = await watchViolations(page);
  await signInAs(page, 'alice@demo.test');
  await visitAll(page, reported);
  await page.goto('/trade?match=1');
  await page.screenshot({ path: 'test-results/security-trade-signed-in.png' });
});

test('the policy really blocks what it should: an injected inline script does not run', async ({ page }) => {
  const reported = await watchViolations(page);
  await page.goto('/home');
  const ran = await page.evaluate(async () => {
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true;';
    document.head.append(script);
    await new Promise((resolve) => setTimeout(resolve, 100));
    return (window as unknown as { __injected?: boolean }).__injected === true;
  });
  expect(ran).toBe(false);
  await expect.poll(() => reported.length).toBeGreaterThan(0);
});
