import { createHmac } from 'node:crypto';
import type { ApiKeyView, CreatedApiKey } from '@oex/protocol';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ACTIVE_KEYS } from '../src/apikeys/rules.js';
import { startTestExchange, type TestExchange } from './helpers/exchange.js';
import { insertBareUsers, signUp } from './helpers/users.js';

const SEAL_KEY = 'ab'.repeat(32);
const DAY = 86_400_000;

let ex: TestExchange;

beforeAll(async () => {
  ex = await startTestExchange({ apiKeySealKey: SEAL_KEY });
});
afterAll(async () => {
  await ex?.stop();
});

const terms = (extra: Record<string, unknown> = {}) => ({
  label: 'bot',
  trade: true,
  withdraw: false,
  ip_list: [],
  expires_at: null,
  ...extra,
});

async function keysOf(token: string): Promise<ApiKeyView[]> {
  const answer = await ex.api.get<ApiKeyView[]>('apikeys/list', {}, { token });
  expect(answer.body.code, answer.body.msg).toBe(1);
  return answer.body.data!;
}

async function rowsOf(userId: number) {
  return ex.db.kysely.selectFrom('api_keys').selectAll().where('user_id', '=', userId).execute();
}

async function sentCode(user: { email: string; token: string }): Promise<string> {
  const sent = await ex.api.post<{ to: string }>('apikeys/code', {}, { token: user.token });
  expect(sent.body.code, sent.body.msg).toBe(1);
  return ex.api.latestCode(user.email);
}

async function create(token: string, body: Record<string, unknown>) {
  return ex.api.post<CreatedApiKey>('apikeys/create', body, { token });
}

describe('API keys from the personal centre', () => {
  it('needs a signed-in user', async () => {
    expect((await ex.api.get('apikeys/list')).body.code).not.toBe(1);
    expect((await ex.api.post('apikeys/create', terms({ code: '123456' }))).body.code).not.toBe(1);
  });

  it('creates a key with the emailed code; the secret is answered once, sealed at rest, never listed', async () => {
    const amy = await signUp(ex.api);
    const code = await sentCode(amy);
    const made = await create(amy.token, terms({ code, ip_list: ['203.0.113.0/24'], withdraw: true }));
    expect(made.body.code, made.body.msg).toBe(1);
    expect(made.body.msg).toMatch(/created/i);
    const { api_key, secret, id } = made.body.data!;
    expect(api_key).toMatch(/^[A-Za-z0-9]{64}$/);
    expect(secret).toMatch(/^[A-Za-z0-9]{64}$/);

    const rows = await rowsOf(amy.id);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows[0])).not.toContain(secret);
    expect(rows[0]!.secret_sealed).toMatch(/^v1/);

    const listed = await keysOf(amy.token);
    expect(listed).toEqual([
      expect.objectContaining({
        id,
        api_key,
        label: 'bot',
        trade: true,
        withdraw: true,
        ip_list: ['203.0.113.0/24'],
        expires_at: null,
        last_used_at: null,
        state: 'active',
      }),
    ]);
    expect(JSON.stringify(listed)).not.toContain(secret);
    expect(Object.keys(listed[0]!)).not.toContain('secret');

    // The code is used up: a second key needs another.
    expect((await create(amy.token, terms({ code }))).body.code).toBe(0);
    expect(await rowsOf(amy.id)).toHaveLength(1);
  });

  it('refuses without a code, with a wrong code, and with broken terms, changing nothing and keeping the code', async () => {
    const ben = await signUp(ex.api);
    const noCode = await create(ben.token, terms());
    expect(noCode.body).toMatchObject({ code: 0 });
    expect(noCode.body.msg).toMatch(/code/i);
    const code = await sentCode(ben);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect((await create(ben.token, terms({ code: wrong }))).body.code).toBe(0);
    const refusals = [
      terms({ code, label: '' }),
      terms({ code, label: 'x'.repeat(65) }),
      terms({ code, withdraw: true }),
      terms({ code, ip_list: ['not-an-ip'] }),
      terms({ code, ip_list: Array.from({ length: 31 }, (_, i) => `10.0.0.${i}`) }),
      terms({ code, expires_at: ex.clock.now() - 1 }),
    ];
    for (const body of refusals) {
      const refused = await create(ben.token, body);
      expect(refused.body.code, JSON.stringify(body).slice(0, 80)).toBe(0);
    }
    expect(await rowsOf(ben.id)).toHaveLength(0);
    // Nothing refused used the code up.
    const made = await create(ben.token, terms({ code, expires_at: ex.clock.now() + 30 * DAY }));
    expect(made.body.code, made.body.msg).toBe(1);
    expect((await keysOf(ben.token))[0]).toMatchObject({ state: 'active', expires_at: expect.any(Number) });
  });

  it('with two-factor on, asks for the authenticator code instead of an emailed one', async () => {
    const cat = await signUp(ex.api);
    const enrol = await ex.api.post<{ secret: string }>('user/totp/enrol', {}, { token: cat.token });
    const totpSecret = enrol.body.data!.secret;
    const totp = () => generate({ secret: totpSecret, epoch: Math.floor(ex.clock.now() / 1000) });
    const on = await ex.api.post('user/totp/confirm', { code: await totp() }, { token: cat.token });
    expect(on.body.code, on.body.msg).toBe(1);
    ex.clock.advance(30_000 - (ex.clock.now() % 30_000) + 10);

    const emailed = await sentCode(cat);
    const withEmailCode = await create(cat.token, terms({ code: emailed }));
    expect(withEmailCode.body.code).toBe(0);
    expect((await create(cat.token, terms({ totp_code: '000000' }))).body.code).toBe(0);
    expect(await rowsOf(cat.id)).toHaveLength(0);
    const made = await create(cat.token, terms({ totp_code: await totp() }));
    expect(made.body.code, made.body.msg).toBe(1);
    expect(await keysOf(cat.token)).toHaveLength(1);
  });

  it('revokes only the owner’s key; another user’s id is not found and stays working', async () => {
    const dan = await signUp(ex.api);
    const eve = await signUp(ex.api);
    const dansKey = (await create(dan.token, terms({ code: await sentCode(dan) }))).body.data!;
    const evesKey = (await create(eve.token, terms({ code: await sentCode(eve) }))).body.data!;

    const foreign = await ex.api.post('apikeys/revoke', { id: evesKey.id }, { token: dan.token });
    expect(foreign.body.code).toBe(0);
    expect(foreign.body.msg).toMatch(/no such api key/i);
    expect((await keysOf(eve.token))[0]!.state).toBe('active');
    expect(await keysOf(dan.token)).toEqual([expect.objectContaining({ id: dansKey.id })]);

    const revoked = await ex.api.post('apikeys/revoke', { id: dansKey.id }, { token: dan.token });
    expect(revoked.body, revoked.body.msg).toMatchObject({ code: 1, msg: 'API key revoked' });
    expect((await keysOf(dan.token))[0]).toMatchObject({ state: 'revoked', revoked_at: expect.any(Number) });
    // Revoking again is no error and changes nothing.
    expect((await ex.api.post('apikeys/revoke', { id: dansKey.id }, { token: dan.token })).body.code).toBe(1);
  });

  it('shows a key past its expiry as expired', async () => {
    const fay = await signUp(ex.api);
    await create(fay.token, terms({ code: await sentCode(fay), expires_at: ex.clock.now() + DAY }));
    ex.clock.advance(DAY + 1);
    expect((await keysOf(fay.token))[0]!.state).toBe('expired');
  });

  it(`allows at most ${MAX_ACTIVE_KEYS} working keys; a revoked one frees a place`, async () => {
    const gus = await signUp(ex.api);
    const rows = Array.from({ length: MAX_ACTIVE_KEYS }, (_, i) => ({
      user_id: gus.id,
      label: `k${i}`,
      api_key: `K${String(i).padStart(63, '0')}`,
      secret_sealed: 'x',
      can_trade: 0,
      can_withdraw: 0,
      ip_list: '[]',
      expires_at: null,
      created_at: ex.clock.now(),
      last_used_at: null,
      last_used_ip: null,
      revoked_at: null,
    }));
    await ex.db.kysely.insertInto('api_keys').values(rows).execute();
    const code = await sentCode(gus);
    const refused = await create(gus.token, terms({ code }));
    expect(refused.body.code).toBe(0);
    expect(refused.body.msg).toContain(String(MAX_ACTIVE_KEYS));
    expect(await rowsOf(gus.id)).toHaveLength(MAX_ACTIVE_KEYS);
    const first = (await keysOf(gus.token)).at(-1)!;
    expect((await ex.api.post('apikeys/revoke', { id: first.id }, { token: gus.token })).body.code).toBe(1);
    // The code survived the refusal.
    expect((await create(gus.token, terms({ code }))).body.code).toBe(1);
  });

  it('makes a key that signs requests to the trading API, and records its last use', async () => {
    const hal = await signUp(ex.api);
    const { api_key, secret } = (await create(hal.token, terms({ code: await sentCode(hal) }))).body.data!;
    const query = `timestamp=${ex.clock.now()}&recvWindow=5000`;
    const signature = createHmac('sha256', secret).update(query).digest('hex');
    const response = await fetch(`${ex.url}/api/v3/account?${query}&signature=${signature}`, {
      headers: { 'X-MBX-APIKEY': api_key },
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const account = (await response.json()) as { balances: unknown[] };
    expect(Array.isArray(account.balances)).toBe(true);
    await expect.poll(async () => (await keysOf(hal.token))[0]!.last_used_at).not.toBeNull();
  });
});

describe('without a seal key', () => {
  it('refuses to make keys before looking at the code, and stores nothing', async () => {
    const bare = await startTestExchange({ demo: false, apiKeySealKey: undefined });
    try {
      const [id] = await insertBareUsers(bare.db.kysely, 1, 'seal');
      const token = await bare.sessions.open(id!);
      const refused = await bare.api.post('apikeys/create', terms({ code: '123456' }), { token });
      expect(refused.body.code).toBe(0);
      expect(refused.body.msg).toMatch(/not available/i);
      expect(await bare.db.kysely.selectFrom('api_keys').selectAll().execute()).toHaveLength(0);
      expect((await bare.api.get<ApiKeyView[]>('apikeys/list', {}, { token })).body.data).toEqual([]);
    } finally {
      await bare.stop();
    }
  });
});
