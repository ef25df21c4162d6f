import type { SessionView } from '@oex/protocol';
import { expect, test } from '@playwright/test';
import { openThemed, operatorLogin, signInAs, type Envelope } from './helpers.js';

// The reader's browser is in New York; the exchange keeps Asia/Shanghai (EXCHANGE_TZ's default).
test.use({ timezoneId: 'America/New_York' });

const exchangeClock = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

test('signed-in devices show exchange time, as every other page, and name the zone', async ({ page }) => {
  const token = await signInAs(page, 'alice@demo.test');
  const answer = await page.request.get('/api/user/sessions', { headers: { authorization: token } });
  const { data: sessions } = (await answer.json()) as Envelope<SessionView[]>;
  const mine = sessions.find((session) => session.current)!;
  expect(mine).toBeDefined();
  for (const theme of ['light', 'dark'] as const) {
    for (const width of [1440, 390]) {
      await openThemed(page, '/personal/accountSettings', theme, width);
      const row = page.locator(`[data-session-id="${mine.id}"]`);
      await expect(row).toContainText(exchangeClock.format(mine.created_at));
      await expect(page.getByTestId('sessions-zone')).toHaveText('Times in Asia/Shanghai (UTC+08:00)');
      await page.getByTestId('sessions-zone').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `test-results/screens/sessions-zone-${theme}-${width}.png` });
    }
  }
});

test('the console shows its times in the exchange zone and says which', async ({ page }) => {
  await operatorLogin(page, 'admin');
  await expect(page.getByTestId('admin-zone')).toHaveText('Times in Asia/Shanghai (UTC+08:00)');
  // The session's end: the exchange's clock, in the web's one form, not the browser's 12-hour time.
  await expect(page.getByTestId('admin-operator')).toHaveAttribute(
    'title',
    /^Session ends by \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/,
  );
  await page.screenshot({ path: 'test-results/screens/console-zone-1440.png' });
});
