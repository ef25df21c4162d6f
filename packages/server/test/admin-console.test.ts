import { execFile } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { promisify } from 'node:util';
import type { OperatorLogCheck, OperatorLogEntry, OperatorSessionView, Paged } from '@oex/protocol';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { builtEntry } from './helpers/build.js';
import { OPERATOR_IDLE_MS, OPERATOR_SESSION_MS } from '../src/admin/operators.js';
import { FREE_TRIES } from '../src/admin/sign-in-throttle.js';
import { startTestExchange, type TestExchange } from './helpers/exchange.js';
import { addOperator, operatorCode, operatorSession } from './helpers/operators.js';
import { signUp } from './helpers/users.js';

const run = promisify(execFile);
const AUDIT = builtEntry('audit-cli');
const OPERATOR = builtEntry('operator-cli');

let ex: TestExchange;
beforeAll(async () => {
  ex = await startTestExchange();
});
afterAll(async () => {
  await ex?.stop();
});

const as = (headers: Record<string, string>) => ({ headers });

/** A sign-in sent from this loopback address (the whole 127.0.0.0/8 reaches the server). */
function loginFrom(localAddress: string, body: object): Promise<{ code: number; msg: string }> {
  const url = new URL(`${ex.url}/api/admin/session/login`);
  const text = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) },
      },
      (response) => {
        let data = '';
        response.on('data', (chunk: Buffer) => (data += chunk.toString()));
        response.on('end', () => resolve(JSON.parse(data) as { code: number; msg: string }));
      },
    );
    request.on('error', reject);
    request.end(text);
  });
}

async function logPage(headers: Record<string, string>): Promise<OperatorLogEntry[]> {
  const answer = await ex.api.get<Paged<OperatorLogEntry>>('admin/log', { per_page: 100 }, as(headers));
  expect(answer.body.code, answer.body.msg).toBe(1);
  return answer.body.data!.data;
}

describe('operator sign-in', () => {
  it('needs the password and a fresh authenticator code, each refused alone', async () => {
    const op = await addOperator(ex, 'viewer');
    const code = await operatorCode(ex, op.totp_secret);
    const login = (body: object) => ex.api.post('admin/session/login', body);
    expect((await login({ name: op.name, password: 'wrong-password', code })).body).toMatchObject({
      code: 0,
    });
    expect((await login({ name: op.name, password: op.password, code: '000000' })).body.code).toBe(0);
    expect((await login({ name: op.name, password: op.password })).status).toBe(400);
    const ok = await login({ name: op.name, password: op.password, code });
    expect(ok.body.code, ok.body.msg).toBe(1);
    // The same code again is refused even with the right password: a step is used once.
    expect((await login({ name: op.name, password: op.password, code })).body.code).toBe(0);
    const next = await login({
      name: op.name,
      password: op.password,
      code: await operatorCode(ex, op.totp_secret, 1),
    });
    expect(next.body.code, next.body.msg).toBe(1);
  });

  it('throttles wrong tries per name and address with growing waits; another address still gets in', async () => {
    // The waits are stated to the second: real time passing between two tries on a loaded machine
    // (a second in CI) must not shorten them.
    ex.clock.freeze();
    onTestFinished(() => ex.clock.thaw());
    const op = await addOperator(ex, 'viewer');
    const attacker = '127.0.0.2';
    const wrong = () => loginFrom(attacker, { name: op.name, password: 'nope-nope', code: '123456' });
    // The free tries, then each wrong try doubles the wait of this (name, address) pair.
    for (let i = 0; i < FREE_TRIES; i += 1) expect((await wrong()).msg).toMatch(/check the name/);
    const waits: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const refused = await wrong();
      expect(refused.code).toBe(0);
      const seconds = Number(/try again in (\d+) s/.exec(refused.msg)?.[1]);
      waits.push(seconds);
      // Tries while waiting are refused unread and do not count; after the wait, one more wrong try.
      ex.clock.advance(seconds * 1000);
      expect((await wrong()).msg).toMatch(/check the name/);
    }
    expect(waits).toEqual([2, 4, 8, 16]);
    // Still hammered from one address, the right password and code from another get in at once.
    const good = await loginFrom('127.0.0.1', {
      name: op.name,
      password: op.password,
      code: await operatorCode(ex, op.totp_secret),
    });
    expect(good.code, good.msg).toBe(1);
    // The hammering address waits (32 s now) even with the right code, and is never shut for good.
    const held = await loginFrom(attacker, {
      name: op.name,
      password: op.password,
      code: await operatorCode(ex, op.totp_secret, 1),
    });
    expect(held).toMatchObject({ code: 0, msg: expect.stringMatching(/try again in 32 s/) });
    ex.clock.advance(32_000);
    const after = await loginFrom(attacker, {
      name: op.name,
      password: op.password,
      code: await operatorCode(ex, op.totp_secret),
    });
    expect(after.code, after.msg).toBe(1);
    // A right sign-in clears the pair's wrong tries.
    const left = await ex.db.kysely
      .selectFrom('login_failures')
      .select('id')
      .where('account_key', 'like', `operator:${op.name}@%`)
      .execute();
    expect(left).toEqual([]);
  });

  it('ends a session after 15 minutes unused, after 8 hours in any case, and on logout', async () => {
    const idle = await operatorSession(ex, 'viewer');
    const me = () => ex.api.get<OperatorSessionView>('admin/session/me', {}, as(idle.headers));
    expect((await me()).body.data).toMatchObject({ name: idle.name, role: 'viewer' });
    ex.clock.advance(OPERATOR_IDLE_MS + 1000);
    expect((await me()).body.code).toBe(999);

    const busy = await operatorSession(ex, 'viewer');
    for (let used = 0; used < OPERATOR_SESSION_MS; used += 10 * 60 * 1000) {
      const answer = await ex.api.get('admin/session/me', {}, as(busy.headers));
      expect(answer.body.code, `after ${used / 60000} min`).toBe(1);
      ex.clock.advance(10 * 60 * 1000);
    }
    expect((await ex.api.get('admin/session/me', {}, as(busy.headers))).body.code).toBe(999);

    const leaving = await operatorSession(ex, 'viewer');
    expect((await ex.api.post('admin/session/logout', {}, as(leaving.headers))).body.code).toBe(1);
    expect((await ex.api.get('admin/session/me', {}, as(leaving.headers))).body.code).toBe(999);
  });

  it('keeps user tokens and operator tokens apart', async () => {
    const user = await signUp(ex.api);
    expect((await ex.api.get('admin/log', {}, { token: user.token })).body.code).toBe(999);
    expect((await ex.api.get('admin/log', {}, as({ 'x-operator-token': user.token }))).body.code).toBe(999);
    const op = await operatorSession(ex, 'admin');
    expect((await ex.api.get('user/info', {}, { token: op.token })).body.code).toBe(999);
  });

  it('refuses addresses outside admin_allowed_ips, sign-in and sessions alike', async () => {
    const op = await operatorSession(ex, 'viewer');
    await ex.settings.set('admin_allowed_ips', '10.9.0.0/16');
    try {
      const refused = await ex.api.get('admin/session/me', {}, as(op.headers));
      expect(refused.status).toBe(403);
      const other = await addOperator(ex, 'viewer');
      const login = await ex.api.post('admin/session/login', {
        name: other.name,
        password: other.password,
        code: await operatorCode(ex, other.totp_secret),
      });
      expect(login.status).toBe(403);
    } finally {
      await ex.settings.set('admin_allowed_ips', '127.0.0.1, ::1');
    }
    expect((await ex.api.get('admin/session/me', {}, as(op.headers))).body.code).toBe(1);
    await ex.settings.set('admin_allowed_ips', '');
  });

  it('ends the sessions of a disabled operator at once', async () => {
    const op = await operatorSession(ex, 'viewer');
    await ex.admin.operators.setDisabled(op.name, true);
    expect((await ex.api.get('admin/session/me', {}, as(op.headers))).body.code).toBe(999);
  });
});

describe('the operator log', () => {
  it('records who did what, the reason, before and after, and refusals, without secrets', async () => {
    const support = await operatorSession(ex, 'support');
    const viewer = await operatorSession(ex, 'viewer');
    const bob = await signUp(ex.api);
    const freeze = await ex.api.post(
      'admin/p2p/freeze',
      { user_id: bob.id, frozen: true, reason: 'false paid marks, case 77' },
      as(support.headers),
    );
    expect(freeze.body.code, freeze.body.msg).toBe(1);
    const refused = await ex.api.post(
      'admin/p2p/freeze',
      { user_id: bob.id, frozen: false, reason: 'not mine to do' },
      as(viewer.headers),
    );
    expect(refused.status).toBe(403);

    const rows = await logPage(support.headers);
    const done = rows.find((row) => row.operator === support.name && row.action === 'admin/p2p/freeze');
    expect(done).toMatchObject({
      reason: 'false paid marks, case 77',
      target: `user_id=${bob.id}`,
      outcome: 'ok',
      ip: expect.stringMatching(/127\.0\.0\.1/),
      before: { freeze: null },
    });
    const denied = rows.find((row) => row.operator === viewer.name && row.action === 'admin/p2p/freeze');
    expect(denied?.outcome).toMatch(/^403 The role viewer may not/);
    const signIn = rows.find((row) => row.operator === support.name && row.action === 'admin/session/login');
    expect(JSON.stringify(signIn)).not.toContain(support.operator.password);
    expect(JSON.stringify(signIn)).not.toContain(support.token);
    expect(signIn?.request).toMatchObject({ password: '[secret]', code: '[secret]' });
    // The filter takes LIKE's characters literally: `_` matches itself only.
    const filtered = await ex.api.get<Paged<OperatorLogEntry>>(
      'admin/log',
      { action: 'p2p/freeze', operator: support.name },
      as(support.headers),
    );
    expect(filtered.body.data!.data.map((row) => row.action)).toEqual(['admin/p2p/freeze']);
    const literal = await ex.api.get<Paged<OperatorLogEntry>>(
      'admin/log',
      { action: 'p2p_freeze' },
      as(support.headers),
    );
    expect(literal.body.data!.total).toBe(0);
  });

  it('verifies its chain, and the audit names an edited or deleted entry', async () => {
    const admin = await operatorSession(ex, 'admin');
    const verify = async () =>
      (await ex.api.get<OperatorLogCheck>('admin/log/verify', {}, as(admin.headers))).body.data!;
    const intact = await verify();
    expect(intact).toMatchObject({ ok: true });
    expect(intact.entries).toBeGreaterThan(5);
    const env = { ...process.env, DATABASE_URL: ex.config.databaseUrl, DEMO: '0', LOG_LEVEL: 'silent' };
    const good = await run(process.execPath, [AUDIT, '--operator-log'], { env });
    expect(good.stdout).toContain(`chain intact, head #${intact.head!.id} ${intact.head!.hash}`);

    const victim = 3;
    await sql`update operator_log set reason = ${'nothing happened'} where id = ${victim}`.execute(
      ex.db.kysely,
    );
    expect(await verify()).toMatchObject({ ok: false, broken_at: victim, head: { id: victim - 1 } });
    const bad = run(process.execPath, [AUDIT, '--operator-log'], { env });
    await expect(bad).rejects.toMatchObject({ stdout: expect.stringContaining(`BROKEN at entry ${victim}`) });

    await sql`delete from operator_log where id = ${victim}`.execute(ex.db.kysely);
    expect(await verify()).toMatchObject({ ok: false, broken_at: victim + 1 });
  });
});

describe('npm run operator', () => {
  it('adds an operator who can sign in, and logs the addition as cli', async () => {
    const env = { ...process.env, DATABASE_URL: ex.config.databaseUrl, DEMO: '0', LOG_LEVEL: 'silent' };
    const added = await run(
      process.execPath,
      [OPERATOR, 'add', '--name', 'carol', '--role', 'finance', '--json'],
      { env },
    );
    const made = JSON.parse(added.stdout) as { name: string; password: string; totp_secret: string };
    expect(made).toMatchObject({ name: 'carol', role: 'finance' });
    const login = await ex.api.post('admin/session/login', {
      name: 'carol',
      password: made.password,
      code: await operatorCode(ex, made.totp_secret),
    });
    expect(login.body.code, login.body.msg).toBe(1);
    await expect(
      run(process.execPath, [OPERATOR, 'add', '--name', 'dave', '--role', 'boss'], {
        env,
      }),
    ).rejects.toMatchObject({ stderr: expect.stringContaining('--role is one of') });
    const cli = await ex.db.kysely
      .selectFrom('operator_log')
      .selectAll()
      .where('action', '=', 'cli/operator/add')
      .executeTakeFirstOrThrow();
    expect(cli).toMatchObject({ operator_name: 'cli', target: 'operator=carol' });
    expect(cli.after).not.toContain(made.password);
  });
});
