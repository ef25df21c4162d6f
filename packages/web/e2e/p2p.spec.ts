import { Decimal } from '@oex/protocol';
import { generate } from 'otplib';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import {
  certifyIdentity,
  expectAccessible,
  expectDrawnAndFitting,
  latestCode,
  must,
  newUser,
  openThemed,
  operatorLogin,
  png,
  sendCode,
  serverLock,
  type Envelope,
  type User,
  budget,
} from './helpers.js';

/**
 * The fiat desk (docs/p2p.md) in two browsers: Bob, a merchant, posts a sell ad; Alice buys from it,
 * pays off-platform (a voucher image), Bob releases with his trade password; an appeal resolved by
 * the operator; the three-cancellations limit; the pages in both themes at 1280 and 360 px with axe.
 * Every user is new, so the day's cancellation count and balances start from nothing.
 */

const LEGAL = 2;
const TRADE_PASSWORD = 'Trade-Harbor-77';
const CARD_NO = '6222020200112233';

/** The operator's admin token: in the server's writer lock file. */
function adminToken(baseURL: string): string {
  return serverLock(baseURL).adminToken;
}

const image = (name: string, rgb: [number, number, number]) => ({
  name,
  mimeType: 'image/png',
  buffer: png(rgb),
});

async function upload(
  request: APIRequestContext,
  user: User,
  rgb: [number, number, number],
): Promise<number> {
  const answer = await request.post('/api/common/image_upload?purpose=other', {
    headers: { authorization: user.token },
    multipart: { file: image('shot.png', rgb) },
  });
  const envelope = (await answer.json()) as Envelope<{ id: number }>;
  expect(envelope.code, envelope.msg).toBe(1);
  return envelope.data.id;
}

/**
 * A merchant: identity certified by the operator, a trade password, a bank card saved, the seller
 * application approved, and `funds` USDT in the legal account.
 */
async function newMerchant(request: APIRequestContext, baseURL: string, funds: string): Promise<User> {
  const admin = adminToken(baseURL);
  const user = await newUser(request, 'bob-desk');
  const front = await upload(request, user, [200, 30, 30]);
  const back = await upload(request, user, [30, 200, 30]);
  await must(request, 'POST', 'user_real/real_name', user, {
    name: 'Bob Merchant',
    card_id: 'E12345678',
    front_pic: front,
    reverse_pic: back,
  });
  await certifyIdentity(request, admin, user);
  await sendCode(request, user, user.email, 3);
  await must(request, 'POST', 'user/amend_pay_password', user, {
    password: TRADE_PASSWORD,
    re_password: TRADE_PASSWORD,
    auth_code: await latestCode(request, user.email),
  });
  await must(request, 'POST', 'pay_method/save', user, {
    type: 'bank',
    raw_data: {
      real_name: 'Bob Merchant',
      bank_name: 'Harbour Bank',
      card_no: CARD_NO,
      bank_address: 'Quay Street',
    },
  });
  await must(request, 'POST', 'legal_shop/apply', user);
  const applications = await must<{ data: { id: number; account: string }[] }>(
    request,
    'GET',
    'admin/p2p/applications',
    { admin },
  );
  const application = applications.data.find((row) => row.account === user.email)!;
  await must(
    request,
    'POST',
    'admin/p2p/applications/decide',
    { admin },
    { id: application.id, approve: true, reason: '' },
  );
  await must(
    request,
    'POST',
    'admin/credit',
    { admin },
    {
      user: user.email,
      currency: 'USDT',
      amount: funds,
      account_type: LEGAL,
    },
  );
  return user;
}

/** One merchant for the tests that set up their ads through the API (fewer codes sent). */
let deskMerchant: Promise<User> | undefined;
const sharedMerchant = (request: APIRequestContext, baseURL: string) =>
  (deskMerchant ??= newMerchant(request, baseURL, '1000'));

async function legal(request: APIRequestContext, user: User): Promise<{ balance: Decimal; locked: Decimal }> {
  const config = await must<{ currencies: { id: number; code: string }[] }>(
    request,
    'GET',
    'legal_deal/config',
    {},
  );
  const usdt = config.currencies.find((currency) => currency.code === 'USDT')!;
  const account = await must<{ balance: string; lock_balance: string }>(
    request,
    'GET',
    'account/detail',
    user,
    {
      currency_id: usdt.id,
      account_type_id: LEGAL,
    },
  );
  return { balance: Decimal.parse(account.balance), locked: Decimal.parse(account.lock_balance) };
}

async function apiAd(
  request: APIRequestContext,
  merchant: User,
  price: string,
  total: string,
  min = '1',
  side: 'sell' | 'buy' = 'sell',
): Promise<number> {
  const config = await must<{ currencies: { id: number; code: string }[] }>(
    request,
    'GET',
    'legal_deal/config',
    {},
  );
  const usdt = config.currencies.find((currency) => currency.code === 'USDT')!;
  const ad = await must<{ id: number }>(request, 'POST', 'legal_shop/ad_save', merchant, {
    side,
    currency_id: usdt.id,
    fiat: 'CNY',
    price,
    min_number: min,
    max_number: total,
    total,
    pay_types: ['bank'],
    terms: '',
  });
  return ad.id;
}

/** A page of its own (its own storage, so its own session) signed in as `user`. */
async function pageAs(browser: Browser, user: User): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('PAGEERROR', error.message, error.stack));
  await page.goto('/home');
  await page.evaluate((token) => localStorage.setItem('token', token), user.token);
  return page;
}

test('Bob posts a sell ad; Alice buys by fiat amount, pays with a voucher; Bob releases with his trade password; balances exact; his shop in both themes', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(budget(60_000));
  const bob = await newMerchant(request, baseURL!, '1000');
  const alice = await newUser(request, 'alice-desk');
  const bobPage = await pageAs(browser, bob);
  const alicePage = await pageAs(browser, alice);

  // Bob posts the ad in the dialog; a max below the min is refused first.
  await bobPage.goto('/myshop/myshoporders');
  await bobPage.getByRole('button', { name: 'Post an ad' }).click();
  const form = bobPage.getByRole('dialog', { name: 'Post an ad' });
  await form.getByLabel('Price (CNY)').fill('7.2');
  await form.getByLabel('Total (USDT)').fill('500');
  await form.getByLabel('Min per order (USDT)').fill('10');
  await form.getByLabel('Max per order (USDT)').fill('5');
  await form.getByLabel('Bank card').check();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(bobPage.getByTestId('shop-ad-problem')).toHaveText(
    'The maximum must not be below the minimum',
  );
  await form.getByLabel('Max per order (USDT)').fill('200');
  await bobPage.screenshot({ path: 'test-results/screens/p2p-ad-dialog.png' });
  await expectAccessible(bobPage);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  const adRow = bobPage.getByTestId('shop-ads').locator('tbody tr').first();
  await expect(adRow).toContainText('Open');
  const adId = Number(await adRow.getAttribute('data-ad-id'));

  // Alice finds it in the hall and orders 100 CNY worth: 100 / 7.2 cut to 8 places.
  await alicePage.goto('/legalIndex/legal');
  const row = alicePage.locator(`tr[data-ad-id="${adId}"]`);
  await row.getByRole('button', { name: 'Buy USDT' }).click();
  const dialog = alicePage.getByRole('dialog');
  await dialog.getByRole('tab', { name: 'By CNY amount' }).click();
  await dialog.getByLabel('Total (CNY)').fill('100');
  await expect(alicePage.getByTestId('p2p-place-other')).toHaveText('13.88888888 USDT for 100.00 CNY');
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(alicePage.getByTestId('p2p-place-number')).toHaveText('13.88888888 USDT');
  await expect(alicePage.getByTestId('p2p-place-fiat')).toHaveText('100.00 CNY');
  await alicePage.screenshot({ path: 'test-results/screens/p2p-place-dialog.png' });
  await expectAccessible(alicePage);
  await dialog.getByRole('button', { name: 'Place order' }).click();
  await expect(alicePage).toHaveURL(/\/legalIndex\/orderdetail\?id=\d+$/);
  const orderId = Number(new URL(alicePage.url()).searchParams.get('id'));
  await expect(alicePage.getByTestId('p2p-order-status')).toHaveText('Waiting payment');
  await expect(alicePage.getByTestId('p2p-countdown')).toContainText(/1[45]:\d\d/);
  // Bob's bank card, for Alice only.
  await expect(alicePage.getByTestId('p2p-pay-details')).toContainText(CARD_NO);
  await expect(alicePage.getByTestId('p2p-pay-details')).toContainText('Harbour Bank');

  // Bob watches the order from his side: no bank details, the coin held.
  await bobPage.goto(`/myshop/shoporderdetail?id=${orderId}`);
  await expect(bobPage.getByTestId('p2p-order-status')).toHaveText('Waiting payment');
  await expect(bobPage.getByTestId('p2p-pay-details')).toHaveCount(0);
  expect((await legal(request, bob)).locked.toString()).toBe('13.88888888');

  // "I have paid" without a voucher is refused; with one it asks, then marks paid.
  await alicePage.getByRole('button', { name: 'I have paid' }).click();
  await expect(alicePage.getByTestId('p2p-action-problem')).toHaveText('Upload the payment voucher first');
  await alicePage
    .getByTestId('p2p-voucher')
    .locator('input[type=file]')
    .setInputFiles(image('paid.png', [20, 20, 220]));
  await expect(alicePage.getByTestId('p2p-voucher').getByText('Replace')).toBeVisible();
  await alicePage.getByRole('button', { name: 'I have paid' }).click();
  await alicePage
    .getByRole('dialog', { name: 'Mark the order paid?' })
    .getByRole('button', { name: 'I have paid' })
    .click();
  await expect(alicePage.getByTestId('p2p-order-status')).toHaveText('Paid');

  // Bob sees it live, with the voucher, and releases with his trade password (a wrong one first).
  await expect(bobPage.getByTestId('p2p-order-status')).toHaveText('Paid');
  await expect(bobPage.getByTestId('p2p-vouchers').getByRole('img')).toBeVisible();
  await bobPage.getByRole('button', { name: 'Confirm receipt' }).click();
  const release = bobPage.getByRole('dialog', { name: 'Release the coin?' });
  await release.getByLabel('Trade password').fill('Wrong-Password-1');
  await release.getByRole('button', { name: 'Release' }).click();
  await expect(bobPage.getByTestId('p2p-confirm-problem')).toHaveText('The trade password is wrong');
  await expect(bobPage.getByTestId('p2p-order-status')).toHaveText('Paid');
  await release.getByLabel('Trade password').fill(TRADE_PASSWORD);
  await bobPage.screenshot({ path: 'test-results/screens/p2p-release-dialog.png' });
  await expectAccessible(bobPage);
  await release.getByRole('button', { name: 'Release' }).click();
  await expect(bobPage.getByTestId('p2p-order-status')).toHaveText('Completed');
  await expect(alicePage.getByTestId('p2p-order-status')).toHaveText('Completed');
  await expect(alicePage.getByTestId('p2p-pay-details')).toHaveCount(0);

  const bobAfter = await legal(request, bob);
  const aliceAfter = await legal(request, alice);
  expect(bobAfter.balance.toString()).toBe('986.11111112');
  expect(bobAfter.locked.toString()).toBe('0');
  expect(aliceAfter.balance.toString()).toBe('13.88888888');
  await expect(bobPage.getByTestId('p2p-order-number').locator('[data-value]')).toHaveAttribute(
    'data-value',
    '13.88888888',
  );

  // The order is in Bob's shop orders, completed, and opens his side of it.
  await bobPage.goto('/myshop/shoporders');
  const shopRow = bobPage.locator(`tr[data-order-id="${orderId}"]`);
  await expect(shopRow).toContainText('Completed');
  await expect(shopRow).toContainText('13.88888888 USDT');
  await shopRow.getByRole('link', { name: `Open order ${orderId}` }).click();
  await expect(bobPage).toHaveURL(new RegExp(`/myshop/shoporderdetail\\?id=${orderId}$`));
  await expect(bobPage.getByTestId('p2p-order-status')).toHaveText('Completed');

  // Bob's shop, with the ad's remaining down by the order, in both themes at 1280 and 360 px.
  for (const theme of ['light', 'dark'] as const) {
    for (const width of [1280, 360]) {
      await openThemed(bobPage, '/myshop/myshoporders', theme, width);
      await expect(bobPage.locator(`[data-ad-id="${adId}"]:visible`)).toContainText('486.11111112');
      await expectDrawnAndFitting(bobPage, `p2p-myshop-${theme}-${width}`);
    }
  }
});

test('Alice appeals a paid order; the operator releases to her with a reason, shown live; Bob edits, suspends and shelves an ad, releases with his authenticator code; Alice sells to a buy ad', async ({
  browser,
  request,
  baseURL,
}) => {
  const bob = await sharedMerchant(request, baseURL!);
  const alice = await newUser(request, 'alice-appeal');
  const adId = await apiAd(request, bob, '7', '50');
  const bobBefore = (await legal(request, bob)).balance;
  const order = await must<{ id: number }>(request, 'POST', 'legal_deal/place', alice, {
    ad_id: adId,
    number: '20',
  });
  await must(request, 'POST', 'legal_deal/paid', alice, {
    id: order.id,
    voucher: await upload(request, alice, [1, 2, 3]),
  });

  const page = await pageAs(browser, alice);
  await page.goto(`/legalIndex/orderdetail?id=${order.id}`);
  await expect(page.getByTestId('p2p-order-status')).toHaveText('Paid');
  await page.getByRole('button', { name: 'Appeal' }).click();
  const dialog = page.getByRole('dialog', { name: 'Appeal (rights protection)' });
  await dialog.getByLabel(/What happened/).fill('too short');
  await dialog.getByRole('button', { name: 'Open appeal' }).click();
  await expect(page.getByTestId('p2p-appeal-problem')).toHaveText(
    'Describe what happened in at least 10 characters',
  );
  await dialog
    .getByLabel(/What happened/)
    .fill('I paid 140 CNY by bank transfer and the seller does not answer.');
  await dialog
    .getByTestId('p2p-appeal-image-0')
    .locator('input[type=file]')
    .setInputFiles(image('proof.png', [9, 9, 9]));
  await expect(dialog.getByTestId('p2p-appeal-image-0').getByText('Replace')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/p2p-appeal-dialog.png' });
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Open appeal' }).click();
  await expect(page.getByTestId('p2p-order-status')).toHaveText('In rights protection');
  await expect(page.getByTestId('p2p-appeal')).toContainText('Under review by our staff.');
  await expect(page.getByTestId('p2p-appeal-images').getByRole('img')).toBeVisible();
  await expect(page.getByTestId('p2p-actions')).toHaveCount(0);

  // A support operator resolves it in the console's appeals queue, after a confirmation with a reason.
  const operatorPage = await (await browser.newContext()).newPage();
  await operatorLogin(operatorPage, 'support');
  await operatorPage.goto('/admin/reviews?tab=appeals');
  const queue = operatorPage.getByTestId('reviews-appeals');
  const appealRow = queue.getByTestId('reviews-table').locator('tr', { hasText: String(order.id) });
  await appealRow.getByRole('button', { name: 'Review' }).click();
  const detail = queue.getByTestId('reviews-detail');
  await expect(detail.getByRole('heading', { level: 2 })).toHaveText(`Appeal on order #${order.id}`);
  await expect(detail).toContainText('Opened by the buyer');
  await expect(detail.getByTestId('appeal-timeline')).toContainText('Paid');
  await detail.getByRole('button', { name: 'Release to the buyer' }).click();
  const resolve = operatorPage.getByRole('dialog', { name: /^Release 20 USDT to the buyer\?/ });
  await expect(resolve.getByRole('button', { name: 'Release to the buyer' })).toBeDisabled();
  await resolve.getByLabel('Reason').fill('Bank statement checked.');
  await expectDrawnAndFitting(operatorPage, 'admin-appeal-resolve-light-1280');
  await resolve.getByRole('button', { name: 'Release to the buyer' }).click();
  await expect(resolve).toBeHidden();
  await queue.getByLabel('Open appeals only').uncheck();
  const resolved = queue.getByTestId('reviews-table').locator('tr', { hasText: String(order.id) });
  await resolved.getByRole('button', { name: 'Review' }).click();
  await expect(queue.getByTestId('appeal-resolution')).toContainText('Bank statement checked.');
  await operatorPage.context().close();

  await expect(page.getByTestId('p2p-order-status')).toHaveText('Completed');
  await expect(page.getByTestId('p2p-appeal')).toContainText('the coin was released to the buyer');
  await expect(page.getByTestId('p2p-appeal')).toContainText('Bank statement checked.');
  expect((await legal(request, alice)).balance.toString()).toBe('20');
  expect((await legal(request, bob)).balance.toString()).toBe(bobBefore.sub(Decimal.parse('20')).toString());

  // Bob edits the ad's price, suspends it, then takes it off shelf, each after a confirmation; the
  // hall drops it. An ad whose minimum is above his balance shows as insufficient.
  const bigAd = await apiAd(request, bob, '7', '90000', '50000');
  const bobPage = await pageAs(browser, bob);
  await bobPage.goto('/myshop/myshoporders');
  await expect(bobPage.locator(`tr[data-ad-id="${bigAd}"]`)).toContainText('Insufficient total');
  const adRow = bobPage.locator(`tr[data-ad-id="${adId}"]`);
  await adRow.getByRole('button', { name: 'Edit' }).click();
  const edit = bobPage.getByRole('dialog', { name: 'Edit the ad' });
  await expect(edit.getByLabel('Price (CNY)')).toHaveValue('7');
  await edit.getByLabel('Price (CNY)').fill('7.35');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(adRow).toContainText('7.35');
  await adRow.getByRole('button', { name: 'Suspend' }).click();
  await bobPage
    .getByRole('dialog', { name: 'Suspend this ad?' })
    .getByRole('button', { name: 'Suspend' })
    .click();
  await expect(adRow).toContainText('Suspended');
  const hall = await must<{ data: { id: number }[] }>(
    request,
    'GET',
    'legal_deal/ads',
    {},
    { side: 'sell', limit: '50' },
  );
  expect(hall.data.map((ad) => ad.id)).not.toContain(adId);
  await adRow.getByRole('button', { name: 'Take off shelf' }).click();
  await bobPage
    .getByRole('dialog', { name: 'Take this ad off shelf?' })
    .getByRole('button', { name: 'Take off shelf' })
    .click();
  await expect(adRow).toContainText('Off shelf');
  await expect(adRow.getByRole('button')).toHaveCount(0);

  // With two-factor on, Bob's release asks for the authenticator code too.
  const smallAd = await apiAd(request, bob, '7', '10');
  const second = await must<{ id: number }>(request, 'POST', 'legal_deal/place', alice, {
    ad_id: smallAd,
    number: '1',
  });
  await must(request, 'POST', 'legal_deal/paid', alice, {
    id: second.id,
    voucher: await upload(request, alice, [4, 5, 6]),
  });
  const { secret } = await must<{ secret: string }>(request, 'POST', 'user/totp/enrol', bob);
  const now = Math.floor(Date.now() / 1000);
  await must(request, 'POST', 'user/totp/confirm', bob, { code: await generate({ secret, epoch: now }) });
  await bobPage.goto(`/myshop/shoporderdetail?id=${second.id}`);
  await bobPage.getByRole('button', { name: 'Confirm receipt' }).click();
  const release = bobPage.getByRole('dialog', { name: 'Release the coin?' });
  await release.getByLabel('Trade password').fill(TRADE_PASSWORD);
  await release.getByRole('button', { name: 'Release' }).click();
  await expect(bobPage.getByTestId('p2p-confirm-problem')).toHaveText('Enter the authentication code');
  await release.getByLabel('Authentication code').fill(await generate({ secret, epoch: now + 30 }));
  await release.getByRole('button', { name: 'Release' }).click();
  await expect(bobPage.getByTestId('p2p-order-status')).toHaveText('Completed');
  expect((await legal(request, alice)).balance.toString()).toBe('21');

  // Alice sells 5 of her 21 USDT to Bob's buy ad: her coin is held, she sees no payment details.
  await must(request, 'POST', 'pay_method/save', alice, {
    type: 'bank',
    raw_data: {
      real_name: 'Alice Buyer',
      bank_name: 'Quay Bank',
      card_no: '6222020200445566',
      bank_address: 'Harbour Road',
    },
  });
  const buyAd = await apiAd(request, bob, '6.9', '100', '1', 'buy');
  await page.goto('/legalIndex/legal');
  await page.getByRole('tab', { name: 'Sell' }).click();
  await page.locator(`tr[data-ad-id="${buyAd}"]`).getByRole('button', { name: 'Sell USDT' }).click();
  const sell = page.getByRole('dialog');
  await sell.getByLabel('Amount (USDT)').fill('5');
  await expect(page.getByTestId('p2p-place-other')).toHaveText('You receive 34.50 CNY');
  await sell.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('p2p-place-number')).toHaveText('34.50 CNY');
  await expect(page.getByTestId('p2p-place-fiat')).toHaveText('5 USDT');
  await sell.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/legalIndex\/orderdetail\?id=\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Sell USDT');
  await expect(page.getByTestId('p2p-order-status')).toHaveText('Waiting payment');
  await expect(page.getByTestId('p2p-pay-details')).toHaveCount(0);
  await expect(page.getByText('Waiting for the buyer to pay 34.50 CNY')).toBeVisible();
  expect((await legal(request, alice)).locked.toString()).toBe('5');
});

test('a buyer who cancels three orders in a day cannot place a fourth', async ({
  browser,
  request,
  baseURL,
}) => {
  const bob = await sharedMerchant(request, baseURL!);
  const carol = await newUser(request, 'carol-cancels');
  const adId = await apiAd(request, bob, '7', '50');
  const lockedBefore = (await legal(request, bob)).locked;
  for (let round = 0; round < 2; round += 1) {
    const order = await must<{ id: number }>(request, 'POST', 'legal_deal/place', carol, {
      ad_id: adId,
      number: '2',
    });
    await must(request, 'POST', 'legal_deal/cancel', carol, { id: order.id });
  }
  const page = await pageAs(browser, carol);
  // The third cancellation through the page, with its confirmation.
  const third = await must<{ id: number }>(request, 'POST', 'legal_deal/place', carol, {
    ad_id: adId,
    number: '2',
  });
  await page.goto(`/legalIndex/orderdetail?id=${third.id}`);
  await page.getByRole('button', { name: 'Cancel order' }).click();
  await page
    .getByRole('dialog', { name: 'Cancel this order?' })
    .getByRole('button', { name: 'Cancel order' })
    .click();
  await expect(page.getByTestId('p2p-order-status')).toHaveText('Cancelled');
  expect((await legal(request, bob)).locked.toString()).toBe(lockedBefore.toString());

  await page.goto('/legalIndex/legal');
  await page.locator(`tr[data-ad-id="${adId}"]`).getByRole('button', { name: 'Buy USDT' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Amount (USDT)').fill('2');
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByTestId('p2p-place-problem')).toHaveText(
    'You cancelled 3 orders today; you can buy again tomorrow',
  );
  await expect(page).toHaveURL(/\/legalIndex\/legal$/);
  const orders = await must<{ total: number }>(request, 'GET', 'legal_deal/orders', carol, { role: 'buyer' });
  expect(orders.total).toBe(3);

  // Carol is no merchant: her shop says to certify her identity first, with the link.
  await page.goto('/myshop/myshoporders');
  await expect(page.getByTestId('shop-apply')).toContainText('Certify your identity before applying.');
  await expect(
    page.getByTestId('shop-apply').getByRole('link', { name: 'Go to authentication' }),
  ).toHaveAttribute('href', '/personal/authentication');
});

test('the hall and an order in both themes at 1280 and 360 px, with axe', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(budget(60_000));
  const bob = await sharedMerchant(request, baseURL!);
  const alice = await newUser(request, 'alice-screens');
  const adId = await apiAd(request, bob, '7.15', '60');
  const order = await must<{ id: number }>(request, 'POST', 'legal_deal/place', alice, {
    ad_id: adId,
    number: '12.5',
  });

  // A visitor sees the ads and sign-in links instead of order buttons.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/legalIndex/legal');
  await expect(
    visitor.locator(`tr[data-ad-id="${adId}"]`).getByRole('link', { name: 'Log in to trade' }),
  ).toBeVisible();
  await expect(visitor.getByRole('main').getByRole('link', { name: 'Register' })).toBeVisible();

  const alicePage = await pageAs(browser, alice);
  for (const theme of ['light', 'dark'] as const) {
    for (const width of [1280, 360]) {
      await openThemed(alicePage, '/legalIndex/legal', theme, width);
      await expect(alicePage.locator(`[data-ad-id="${adId}"]:visible`)).toBeVisible();
      await expectDrawnAndFitting(alicePage, `p2p-hall-${theme}-${width}`);
      // My orders: one light wide and one dark narrow shot are enough for a plain table.
      if ((theme === 'light') === (width === 1280)) {
        await openThemed(alicePage, '/legalIndex/orders', theme, width);
        await expect(alicePage.locator(`tr[data-order-id="${order.id}"]`)).toContainText('Waiting payment');
        await expectDrawnAndFitting(alicePage, `p2p-orders-${theme}-${width}`);
      }
      await openThemed(alicePage, `/legalIndex/orderdetail?id=${order.id}`, theme, width);
      await expect(alicePage.getByTestId('p2p-pay-details')).toBeVisible();
      await expectDrawnAndFitting(alicePage, `p2p-order-${theme}-${width}`);
    }
  }
  // In Japanese, the order reads in Japanese.
  await alicePage.evaluate(() => localStorage.setItem('lang', 'jp'));
  await alicePage.reload();
  await expect(alicePage.getByTestId('p2p-order-status')).toHaveText('支払待ち');
  await expect(alicePage.getByTestId('p2p-pay-details')).toContainText('売り手への支払い');
  await alicePage.screenshot({ path: 'test-results/screens/p2p-order-jp.png', fullPage: true });
  await alicePage.evaluate(() => localStorage.setItem('lang', 'en'));
});
