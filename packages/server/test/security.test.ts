import { createServer } from 'node:http';
import { connect as connectTcp, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { SESSION_IDLE_MS } from '../src/users/sessions.js';
import { startTestExchange, type TestExchange } from './helpers/exchange.js';
import { BTC_USDT, USDT, trader as traderOf } from './helpers/ledger.js';
import { login, signUp, uniqueEmail } from './helpers/users.js';
import { signedIn } from './helpers/ws.js';

/** The hub carries any fields; these tests of its transport send bare ones in place of a channel's push. */
const bare = <T>(fields: object): T => fields as T;

let ex: TestExchange;
beforeAll(async () => {
  ex = await startTestExchange({ liveSessionCheckMs: 100 });
});
afterAll(async () => ex?.stop());

const PASSWORD = 'Secret-Harbor-91';

/** A socket signed in with `token` and subscribed to the caller's resting orders. */
const liveOrders = (token: string) => signedIn(ex.url, token, ['TX_SUBMIT']);

/** Places a resting buy with `token`, far below the market, so it pushes TX_SUBMIT. */
async function restingBuy(token: string): Promise<void> {
  const placed = await ex.api.post(
    'tx_in/add',
    { currency_match_id: BTC_USDT, type: 0, price: '1000', number: '0.01' },
    { token },
  );
  expect(placed.body, JSON.stringify(placed.body)).toMatchObject({ code: 1 });
}

/** Proves the old socket got nothing private after its session ended, with a new session's order. */
async function expectNoPrivatePushes(client: Awaited<ReturnType<typeof liveOrders>>, newToken: string) {
  await restingBuy(newToken);
  // A second socket of the new session does receive it, so the first one had its chance.
  client.send('sub', 'TX_SUBMIT');
  expect((await client.next('error')).params).toMatchObject({ code: 999 });
  client.send('ping');
  await client.next('pong');
  expect(client.frames.filter((frame) => frame.type === 'TX_SUBMIT')).toEqual([]);
  client.socket.close();
}

describe('a live socket ends with its session', () => {
  it('on logout', async () => {
    const user = await traderOf(ex, [[USDT, '1000']]);
    const client = await liveOrders(user.token);
    await ex.api.post('user/logout', {}, { token: user.token });
    expect((await client.next('session_ended')).params).toMatchObject({ code: 999 });
    await expectNoPrivatePushes(client, await login(ex.api, user.email, PASSWORD));
  });

  it('on a password change, for every socket of the user', async () => {
    const user = await traderOf(ex, [[USDT, '1000']]);
    const first = await liveOrders(user.token);
    const second = await liveOrders(await login(ex.api, user.email, PASSWORD));
    const changed = await ex.api.post(
      'user/amend_password',
      { old_password: PASSWORD, new_password: 'Copper-Lantern-47', secondary_password: 'Copper-Lantern-47' },
      { token: user.token },
    );
    expect(changed.body).toMatchObject({ code: 1 });
    await first.next('session_ended');
    await second.next('session_ended');
    const fresh = await login(ex.api, user.email, 'Copper-Lantern-47');
    await expectNoPrivatePushes(first, fresh);
    second.socket.close();
  });

  it('on a password reset', async () => {
    const user = await traderOf(ex, [[USDT, '1000']]);
    const client = await liveOrders(user.token);
    const code = await ex.api.emailCode(user.email, 2);
    const reset = await ex.api.post('user/forget_password', {
      type: 'email',
      account: user.email,
      new_password: 'Velvet-Compass-82',
      secondary_password: 'Velvet-Compass-82',
      auth_code: code,
    });
    expect(reset.body).toMatchObject({ code: 1 });
    await client.next('session_ended');
    await expectNoPrivatePushes(client, await login(ex.api, user.email, 'Velvet-Compass-82'));
  });

  it('on idle expiry, found by the periodic check', async () => {
    const user = await traderOf(ex, [[USDT, '1000']]);
    const client = await liveOrders(user.token);
    const other = await signUp(ex.api);
    const otherClient = await liveOrders(other.token);
    ex.clock.advance(SESSION_IDLE_MS + 60_000);
    try {
      await client.next('session_ended');
      await otherClient.next('session_ended');
    } finally {
      ex.clock.advance(-(SESSION_IDLE_MS + 60_000));
    }
    await expectNoPrivatePushes(client, await login(ex.api, user.email, PASSWORD));
    otherClient.socket.close();
  });

  it('keeps a socket whose session goes on, and its public channels after an end', async () => {
    const user = await traderOf(ex, [[USDT, '1000']]);
    const client = await liveOrders(user.token);
    client.send('sub', 'DAY_MARKET');
    await client.next('sub');
    const other = await login(ex.api, user.email, PASSWORD);
    await ex.api.post('user/logout', {}, { token: other });
    await restingBuy(user.token);
    expect((await client.next('TX_SUBMIT')).params).toHaveProperty('order');
    await ex.api.post('user/logout', {}, { token: user.token });
    await client.next('session_ended');
    ex.hub.publish('DAY_MARKET', bare({ currency_match_id: 1 }));
    expect((await client.next('DAY_MARKET')).params).toMatchObject({ currency_match_id: 1 });
    client.socket.close();
  });
});

describe('sessions a user can see and end', () => {
  it('lists active sessions with device and address, and ends one or all others', async () => {
    const user = await signUp(ex.api);
    const phone = await loginWithAgent(user.email, 'Phone/1.0');
    const laptop = await loginWithAgent(user.email, 'Laptop/2.0');
    const listed = await ex.api.get<{ id: number; user_agent: string; ip: string; current: boolean }[]>(
      'user/sessions',
      {},
      { token: laptop },
    );
    expect(listed.body.data).toHaveLength(3);
    const current = listed.body.data!.find((session) => session.current)!;
    expect(current).toMatchObject({ user_agent: 'Laptop/2.0', ip: '127.0.0.1' });
    const phoneSession = listed.body.data!.find((session) => session.user_agent === 'Phone/1.0')!;

    const stranger = await signUp(ex.api);
    const foreign = await ex.api.post(
      'user/sessions/revoke',
      { id: phoneSession.id },
      { token: stranger.token },
    );
    expect(foreign).toMatchObject({ status: 200, body: { msg: 'You have no active session with this id' } });
    expect((await ex.api.get('user/info', {}, { token: phone })).body.code).toBe(1);

    const one = await ex.api.post('user/sessions/revoke', { id: phoneSession.id }, { token: laptop });
    expect(one.body).toMatchObject({ code: 1, data: { ended: 1 } });
    expect((await ex.api.get('user/info', {}, { token: phone })).body.code).toBe(999);
    const again = await ex.api.post('user/sessions/revoke', { id: phoneSession.id }, { token: laptop });
    expect(again.body.code).toBe(0);

    const others = await ex.api.post('user/sessions/revoke', { others: true }, { token: laptop });
    expect(others.body).toMatchObject({ code: 1, data: { ended: 1 }, msg: 'Signed out of 1 other sessions' });
    expect((await ex.api.get('user/info', {}, { token: user.token })).body.code).toBe(999);
    expect((await ex.api.get('user/info', {}, { token: laptop })).body.code).toBe(1);
    const left = await ex.api.get<unknown[]>('user/sessions', {}, { token: laptop });
    expect(left.body.data).toHaveLength(1);
    expect((await ex.api.post('user/sessions/revoke', {}, { token: laptop })).body.code).toBe(0);
  });
});

async function loginWithAgent(email: string, userAgent: string): Promise<string> {
  const response = await fetch(`${ex.url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': userAgent },
    body: JSON.stringify({ login_type: 'email', account: email, password: PASSWORD }),
  });
  const body = (await response.json()) as { data: string };
  return body.data;
}

describe('no account can be discovered without its code', () => {
  it('a registration code goes to a taken address too; only a valid code learns it is taken', async () => {
    // A demo account: no code was sent to it yet in this file, so no resend wait differs.
    const taken = { email: 'bob@demo.test' };
    const fresh = uniqueEmail('fresh');
    const toTaken = await ex.api.post('notify/send_email', { to: taken.email, type: 1 });
    const toFresh = await ex.api.post('notify/send_email', { to: fresh, type: 1 });
    expect(toTaken).toEqual(toFresh);
    const attempt = (code: string) =>
      ex.api.post('user/register', {
        type: 'email',
        account: taken.email,
        password: PASSWORD,
        re_password: PASSWORD,
        sms_code: code,
        invite_code: 'DEMO2026',
      });
    const guessed = await attempt('000000');
    expect(guessed.body.code).toBe(0);
    expect(guessed.body.msg).toBe('The verification code is wrong');
    const withCode = await attempt(await ex.api.latestCode(taken.email));
    expect(withCode).toMatchObject({ status: 200, body: { msg: 'This account is already registered' } });
  });

  it('a reset for an unknown account fails exactly as a known one with a wrong code', async () => {
    const known = await signUp(ex.api);
    const reset = (account: string) =>
      ex.api.post('user/forget_password', {
        type: 'email',
        account,
        new_password: 'Granite-Meadow-33',
        secondary_password: 'Granite-Meadow-33',
        auth_code: '123456',
      });
    await ex.api.post('notify/send_email', { to: known.email, type: 2 });
    const ghost = uniqueEmail('ghost');
    await ex.api.post('notify/send_email', { to: ghost, type: 2 });
    expect(await reset(ghost)).toEqual(await reset(known.email));
    const byPhone = await ex.api.post('user/forget_password', {
      type: 'mobile',
      account: '61239999',
      new_password: 'Granite-Meadow-33',
      secondary_password: 'Granite-Meadow-33',
      auth_code: '123456',
    });
    expect(byPhone.body.code).toBe(0);
    expect(byPhone.body.msg).not.toContain('No account');
  });

  it('a second reset code for an unknown account waits like a known one', async () => {
    const ghost = uniqueEmail('ghost');
    await ex.api.post('notify/send_email', { to: ghost, type: 2 });
    const again = await ex.api.post('notify/send_email', { to: ghost, type: 2 });
    expect(again.status).toBe(429);
  });
});

describe('changing the password counts wrong old passwords', () => {
  it('locks after 5 wrong tries, even for the right one', async () => {
    const user = await signUp(ex.api);
    const amend = (old: string) =>
      ex.api.post(
        'user/amend_password',
        { old_password: old, new_password: 'Harbor-Lantern-64', secondary_password: 'Harbor-Lantern-64' },
        { token: user.token },
      );
    for (let i = 0; i < 5; i += 1) expect((await amend(`wrong-${i}-guess`)).body.code).toBe(0);
    const locked = await amend(PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.body.msg).toMatch(/Too many wrong passwords/);
    expect((await ex.api.get('user/info', {}, { token: user.token })).body.code).toBe(1);
  });
});

describe('the dev mailbox', () => {
  it('answers only requests from this machine, not forwarded ones', async () => {
    const direct = await fetch(`${ex.url}/api/dev/mailbox?to=alice@demo.test`);
    expect(direct.status).toBe(200);
    for (const path of ['/api/dev/mailbox', '/dev/mailbox']) {
      const headers: Record<string, string>[] = [
        { 'x-forwarded-for': '203.0.113.9' },
        { forwarded: 'for=203.0.113.9' },
      ];
      for (const header of headers) {
        const forwarded = await fetch(`${ex.url}${path}`, { headers: header });
        expect(forwarded.status, `${path} ${JSON.stringify(header)}`).toBe(403);
      }
    }
  });

  it('does not also show a code that a real channel delivered', async () => {
    const received: string[] = [];
    const gateway = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        received.push(body);
        response.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', () => resolve()));
    const address = gateway.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const withSms = await startTestExchange({ smsGatewayUrl: `http://127.0.0.1:${port}/sms` });
    try {
      const areas = await withSms.api.get<{ id: number; global_code: string }[]>('default/area_list');
      const hk = areas.body.data!.find((area) => area.global_code === '852')!;
      const sms = await withSms.api.post('notify/send_sms', { to: '61230000', type: 1, area_id: hk.id });
      expect(sms.body).toMatchObject({ code: 1 });
      expect(received).toHaveLength(1);
      expect((await withSms.api.get<unknown[]>('dev/mailbox', { to: '61230000' })).body.data).toEqual([]);
      // Email has no real transport here, so the demo mailbox still stands in for it.
      await withSms.api.post('notify/send_email', { to: 'someone@example.test', type: 1 });
      expect(
        (await withSms.api.get<unknown[]>('dev/mailbox', { to: 'someone@example.test' })).body.data,
      ).toHaveLength(1);
    } finally {
      await withSms.stop();
      await new Promise<void>((resolve) => gateway.close(() => resolve()));
    }
  });

  it('demo mode listens on loopback unless DEMO_PUBLIC is set, which it must be to open it', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ DEMO: '0' }).host).toBe('0.0.0.0');
    expect(() => loadConfig({ HOST: '0.0.0.0' })).toThrow(/DEMO_PUBLIC=1/);
    expect(loadConfig({ HOST: '0.0.0.0', DEMO_PUBLIC: '1' }).host).toBe('0.0.0.0');
    expect(loadConfig({ DEMO_PUBLIC: '1' }).host).toBe('0.0.0.0');
    expect(ex.app.server.address()).toMatchObject({ address: '127.0.0.1' });
  });
});

describe('one budget for guessing secrets across routes', () => {
  it('counts sign-in, reset and code calls from one address together', async () => {
    const limited = await startTestExchange({ secretGuessLimit: 4 });
    try {
      const wrongLogin = () =>
        limited.api.post('user/login', {
          login_type: 'email',
          account: 'alice@demo.test',
          password: 'nope-nope',
        });
      expect((await wrongLogin()).body.code).toBe(0);
      expect((await wrongLogin()).body.code).toBe(0);
      const reset = await limited.api.post('user/forget_password', {
        type: 'email',
        account: 'bob@demo.test',
        new_password: 'Granite-Meadow-33',
        secondary_password: 'Granite-Meadow-33',
        auth_code: '123456',
      });
      expect(reset.body.code).toBe(0);
      expect((await limited.api.post('notify/send_email', { to: uniqueEmail(), type: 1 })).status).toBe(200);
      const fifth = await limited.api.post('user/login', {
        login_type: 'email',
        account: 'bob@demo.test',
        password: 'demo1234',
      });
      expect(fifth.status).toBe(429);
      expect(fifth.body.msg).toMatch(/Too many password or code attempts/);
    } finally {
      await limited.stop();
    }
  });
});

describe('slow and greedy clients', () => {
  /** A connection that sends headers and part of a body, then stalls; `received` is what came back. */
  function stalledUpload(
    port: number,
  ): Promise<{ socket: Socket; received: () => string; closed: Promise<void> }> {
    return new Promise((resolve, reject) => {
      let received = '';
      const socket = connectTcp(port, '127.0.0.1', () => {
        socket.write(
          'POST /api/user/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"login',
        );
        resolve({ socket, received: () => received, closed });
      });
      const closed = new Promise<void>((done) => socket.once('close', () => done()));
      socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
      socket.on('error', () => undefined);
      socket.once('error', reject);
    });
  }

  it('closes requests that never finish while others are answered, and caps connections per address', async () => {
    const guarded = await startTestExchange({
      requestTimeoutMs: 1500,
      headersTimeoutMs: 1000,
      maxConnectionsPerAddress: 55,
    });
    try {
      const port = Number(new URL(guarded.url).port);
      const stalled = await Promise.all(Array.from({ length: 50 }, () => stalledUpload(port)));
      const health = await fetch(`${guarded.url}/api/health`);
      expect(health.status).toBe(200);
      const extra = await Promise.all(Array.from({ length: 10 }, () => stalledUpload(port)));
      await Promise.all([...stalled, ...extra].map((upload) => upload.closed));
      // Every stalled request was timed out by the server with a 408, not left open.
      expect(stalled.filter((upload) => upload.received().startsWith('HTTP/1.1 408'))).toHaveLength(50);
      // Past the cap a new connection is closed before anything is answered.
      const refused = extra.filter((upload) => upload.received() === '');
      expect(refused.length).toBeGreaterThanOrEqual(5);
      const after = await fetch(`${guarded.url}/api/health`);
      expect(after.status).toBe(200);
    } finally {
      await guarded.stop();
    }
  });
});
