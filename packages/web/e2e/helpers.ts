import { AxeBuilder } from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

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
