import type { OperatorLogCheck, OperatorLogEntry, Paged } from '@oex/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPERSONAL_READS } from '../src/admin/audit-hook.js';
import { startTestExchange, type TestExchange } from './helpers/exchange.js';
import { operatorSession, type OperatorSession } from './helpers/operators.js';
import { uploadPng } from './helpers/uploads.js';
import { signUp } from './helpers/users.js';

/**
 * Operator reads of personal data go on the hash-chained operator log (docs/operator-console.md): who, when, from
 * where, which route and which user or item, never the data read; the chain still verifies.
 */

let ex: TestExchange;
let support: OperatorSession;
let viewer: OperatorSession;
let user: { id: number; email: string; token: string };

beforeAll(async () => {
  ex = await startTestExchange();
  [support, viewer] = await Promise.all([operatorSession(ex, 'support'), operatorSession(ex, 'viewer')]);
  user = await signUp(ex.api);
});
afterAll(async () => {
  await ex?.stop();
});

async function reads(): Promise<OperatorLogEntry[]> {
  const answer = await ex.api.get<Paged<OperatorLogEntry>>(
    'admin/log',
    { per_page: 100, action: 'read:' },
    { headers: viewer.headers },
  );
  expect(answer.body.code, answer.body.msg).toBe(1);
  return answer.body.data!.data;
}

describe('operator reads of personal data', () => {
  it('logs who read which user, from where, without the data read', async () => {
    const before = (await reads()).length;
    const detail = await ex.api.get(`admin/users/${user.id}`, {}, { headers: support.headers });
    expect(detail.body.code, detail.body.msg).toBe(1);
    await ex.api.get(`admin/users/${user.id}/logs`, { page: 1 }, { headers: support.headers });
    await ex.api.get('admin/users', { q: user.email }, { headers: viewer.headers });
    for (const path of [
      'user_real/pending',
      'p2p/appeals',
      'p2p/applications',
      'withdrawals/review',
      'adjustments',
    ])
      expect((await ex.api.get(`admin/${path}`, {}, { headers: viewer.headers })).body.code, path).toBe(1);

    const entries = await reads();
    expect(entries.length - before).toBe(8);
    const byAction = (action: string) => entries.find((entry) => entry.action === action);
    expect(byAction('read:admin/users/:id')).toMatchObject({
      operator: support.name,
      ip: '127.0.0.1',
      target: `id=${user.id}`,
      outcome: 'ok',
      before: null,
      after: null,
    });
    expect(byAction('read:admin/users/:id/logs')).toMatchObject({
      target: expect.stringContaining(`id=${user.id}`),
    });
    expect(byAction('read:admin/users')).toMatchObject({
      operator: viewer.name,
      target: `q=${user.email} page=1`,
    });
    for (const path of [
      'user_real/pending',
      'p2p/appeals',
      'p2p/applications',
      'withdrawals/review',
      'adjustments',
    ])
      expect(byAction(`read:admin/${path}`), path).toBeDefined();
    // What was read stays out of the log: the user's email is only where the operator typed it.
    const detailEntry = JSON.stringify(byAction('read:admin/users/:id'));
    expect(detailEntry).not.toContain(user.email);
  });

  it('logs an operator’s look at an uploaded image (identity documents, vouchers), and refused looks too', async () => {
    const image = await uploadPng(ex.url, user.token);
    const seen = await fetch(`${ex.url}/api/common/image/${image}`, { headers: support.headers });
    expect(seen.status).toBe(200);
    // A viewer may not look at images: refused, and the try is on the log all the same.
    const refused = await fetch(`${ex.url}/api/common/image/${image}`, { headers: viewer.headers });
    expect(refused.status).toBe(403);
    // The owner's own look is no operator read.
    await fetch(`${ex.url}/api/common/image/${image}`, {
      headers: { authorization: `Bearer ${user.token}` },
    });
    const looks = (await reads()).filter((entry) => entry.action === 'read:common/image/:id');
    expect(looks.map((entry) => [entry.operator, entry.target, entry.outcome.slice(0, 3)])).toEqual([
      [viewer.name, `id=${image}`, '403'],
      [support.name, `id=${image}`, 'ok'],
    ]);
  });

  it('leaves the console’s impersonal reads off the log', async () => {
    const before = (await reads()).length;
    for (const path of ['dashboard', 'markets', 'currencies', 'session/me', 'log/verify'])
      expect((await ex.api.get(`admin/${path}`, {}, { headers: viewer.headers })).body.code, path).toBe(1);
    expect((await reads()).length).toBe(before);
    expect(IMPERSONAL_READS.has('/api/admin/users/:id')).toBe(false);
  });

  it('keeps the chain whole with the reads on it', async () => {
    const check = await ex.api.get<OperatorLogCheck>('admin/log/verify', {}, { headers: viewer.headers });
    expect(check.body.data).toMatchObject({ ok: true });
    expect(check.body.data!.entries).toBeGreaterThanOrEqual(10);
    expect((await ex.admin.log.verify()).ok).toBe(true);
  });
});
