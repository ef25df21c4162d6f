import type { AccountLogView, AdminAdjustment, Paged } from '@oex/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JournalType } from '../src/ledger/journal.js';
import { startTestExchange, type TestExchange } from './helpers/exchange.js';
import { balanceOf, SPOT, trader, USDT } from './helpers/ledger.js';
import { operatorSession, type OperatorSession } from './helpers/operators.js';

/**
 * Four eyes on every operator money movement (docs/operator-console.md): no admin route moves money on one
 * operator's say. The walk reads every POST under /api/admin from the API document (not a list
 * kept here), fills each field a route takes with values aimed at a funded user and at a pending
 * adjustment the same operator proposed, calls it as one operator of each money role, and checks
 * that no account of anyone (users' and system accounts alike) and no journal row changed.
 */

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  default?: unknown;
};
type Operation = { requestBody?: { content?: Record<string, { schema?: Schema }> } };

let ex: TestExchange;
let admin: OperatorSession;
let finance: OperatorSession;
let finance2: OperatorSession;
let user: { id: number; email: string; token: string };
/** The walk's target: the walk freezes it and ends its sessions too. */
let walked: { id: number; email: string; token: string };

beforeAll(async () => {
  ex = await startTestExchange();
  [admin, finance, finance2] = await Promise.all([
    operatorSession(ex, 'admin'),
    operatorSession(ex, 'finance'),
    operatorSession(ex, 'finance'),
  ]);
  user = await trader(ex, [[USDT, '300']]);
  walked = await trader(ex, [[USDT, '300']]);
});
afterAll(async () => {
  await ex?.stop();
});

const post = <T>(as: OperatorSession, path: string, body: unknown) =>
  ex.api.post<T>(`admin/${path}`, body, { headers: as.headers });

/** Every account's balance and lock, and the journal's length: what a money movement changes. */
async function money(): Promise<{ accounts: string[]; journal: number }> {
  const accounts = await ex.db.kysely
    .selectFrom('accounts')
    .select(['id', 'balance', 'lock_balance'])
    .orderBy('id')
    .execute();
  const journal = await ex.db.kysely
    .selectFrom('account_logs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return {
    accounts: accounts.map((row) => `${row.id}:${String(row.balance)}:${String(row.lock_balance)}`),
    journal: Number(journal.n),
  };
}

async function adminPosts(): Promise<[string, Operation][]> {
  const document = (await (await fetch(`${ex.url}/api/docs/json`)).json()) as {
    paths: Record<string, Record<string, Operation>>;
  };
  return Object.entries(document.paths)
    .filter(([path]) => path.startsWith('/api/admin/'))
    .flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([method]) => method === 'post')
        .map(([, op]): [string, Operation] => [path.slice('/api/'.length), op]),
    )
    .filter(([path]) => !['admin/session/login', 'admin/session/logout'].includes(path));
}

/** A value for a field, by its name first (aimed at the user and the pending adjustment), else its type. */
function valueFor(name: string, schema: Schema, targets: { adjustmentId: number }): unknown {
  const byName: Record<string, unknown> = {
    user_id: walked.id,
    user: walked.email,
    id: targets.adjustmentId,
    currency: 'USDT',
    amount: '100',
    account_type: SPOT,
    reason: 'one operator alone',
    reference: 'WALK-1',
    approve: true,
  };
  if (name in byName) return byName[name];
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  const inner = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (inner) return valueFor(name, inner, targets);
  const type = [schema.type ?? 'string'].flat()[0];
  if (type === 'integer' || type === 'number') return 1;
  if (type === 'boolean') return true;
  if (type === 'object') return bodyFor(schema, targets);
  if (type === 'array') return [];
  return 'walk';
}

function bodyFor(schema: Schema | undefined, targets: { adjustmentId: number }): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(schema?.properties ?? {}).map(([name, inner]) => [name, valueFor(name, inner, targets)]),
  );
}

describe('four eyes on operator money', () => {
  it('lets no single operator move money by any admin route', async () => {
    const posts = await adminPosts();
    expect(posts.length).toBeGreaterThan(20);
    const before = await money();
    const answered: string[] = [];
    for (const operator of [admin, finance]) {
      // A pending adjustment of this operator's own: the one id every route is pointed at.
      const own = await post<AdminAdjustment>(operator, 'adjustments/propose', {
        user_id: walked.id,
        currency: 'USDT',
        account_type: SPOT,
        amount: '100',
        reason: 'proposed by the walker',
        reference: 'WALK-0',
      });
      expect(own.body.data, own.body.msg).toMatchObject({ status: 'pending' });
      const targets = { adjustmentId: own.body.data!.id };
      for (const [path, op] of posts) {
        const schema = Object.values(op.requestBody?.content ?? {})[0]?.schema;
        const answer = await post(operator, path.slice('admin/'.length), bodyFor(schema, targets));
        if (answer.body.code === 1) answered.push(`${operator.role} ${path}`);
        expect(await money(), `${operator.role} ${path}: ${answer.body.msg}`).toEqual(before);
      }
      // The money routes themselves, said plainly (the walk's own proposal was rejected on the way).
      const again = await post<AdminAdjustment>(operator, 'adjustments/propose', {
        user_id: walked.id,
        currency: 'USDT',
        account_type: SPOT,
        amount: '100',
        reason: 'proposed by the walker',
        reference: 'WALK-2',
      });
      const approve = await post(operator, 'adjustments/approve', {
        id: again.body.data!.id,
        reason: 'mine',
      });
      expect(approve.body).toMatchObject({
        code: 0,
        msg: 'Another operator must approve an adjustment you proposed (four eyes)',
      });
      for (const path of ['credit', 'earn/fund', 'micro_pool/fund']) {
        const refused = await post(operator, path, { user: walked.email, currency: 'USDT', amount: '100' });
        expect(refused.body, path).toMatchObject({
          code: 0,
          msg: 'Operators move money only by an adjustment that another operator approves; this call is for the command line on the server’s own machine',
        });
      }
    }
    // The walk reached the routes' work, not only their validation.
    expect(answered).toEqual(
      expect.arrayContaining(['admin admin/adjustments/propose', 'admin admin/audit/run']),
    );
    expect(answered.length).toBeGreaterThan(10);
    expect(await money()).toEqual(before);
  });

  it('lets two operators move money: one proposes, a different one approves, and the user sees an adjustment', async () => {
    const proposed = await post<AdminAdjustment>(finance, 'adjustments/propose', {
      user_id: user.id,
      currency: 'USDT',
      account_type: SPOT,
      amount: '-25',
      reason: 'fee refund reversed',
      reference: 'CASE-22',
    });
    expect(proposed.body.data).toMatchObject({ status: 'pending' });
    const id = proposed.body.data!.id;
    expect((await post(finance, 'adjustments/approve', { id, reason: 'me again' })).body.code).toBe(0);
    expect(await balanceOf(ex.api, user.token, USDT)).toBe('300');
    const approved = await post<AdminAdjustment>(finance2, 'adjustments/approve', { id, reason: 'checked' });
    expect(approved.body.data).toMatchObject({
      status: 'applied',
      proposed_by: finance.name,
      decided_by: finance2.name,
    });
    expect(await balanceOf(ex.api, user.token, USDT)).toBe('275');
    const records = await ex.api.get<Paged<AccountLogView>>('account_log/all', {}, { token: user.token });
    expect(records.body.data!.data[0]).toMatchObject({
      type: JournalType.ADJUSTMENT,
      memo: 'Adjustment',
      notes: 'CASE-22: fee refund reversed',
      value: '-25',
    });
  });

  it('keeps the command line on the server’s machine as it was: a credit at once', async () => {
    const credit = await ex.api.post(
      'admin/credit',
      { user: user.email, currency: 'USDT', amount: '5' },
      { headers: { 'x-admin-token': ex.adminToken } },
    );
    expect(credit.body.code, credit.body.msg).toBe(1);
    expect(await balanceOf(ex.api, user.token, USDT)).toBe('280');
  });
});
