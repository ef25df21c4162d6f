import type { ChildProcess } from 'node:child_process';
import { Decimal, type EarnProductView } from '@oex/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../src/db/connect.js';
import { DEMO } from '../src/demo/seed.js';
import { auditLedger } from '../src/ledger/audit.js';
import { killHard, spawnServer, startServer } from './helpers/child-server.js';
import { freshDatabase } from './helpers/exchange.js';
import { USDT } from './helpers/ledger.js';
import { login } from './helpers/users.js';
import { budget } from './helpers/budget.js';

const FINANCIAL = 5;
const DAY = 86_400_000;
const HOLDINGS = 150;

let database: Awaited<ReturnType<typeof freshDatabase>>;
const children: ChildProcess[] = [];
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(async () => {
  for (const child of children) await killHard(child);
  await database?.drop();
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('savings interest survives kill -9', () => {
  it(
    'days missed while down are each paid once, even when the server is killed while paying them',
    async () => {
      let started = await startServer(database.url);
      children.push(started.child);
      const [alice] = DEMO.users;
      const token = await login(started.api, alice!.account, alice!.password);
      const post = async (path: string, body: Record<string, unknown>) => {
        const answer = await started.api.post(path, body, { token });
        expect(answer.body.code, `${path}: ${answer.body.msg}`).toBe(1);
      };
      await post('account/transfer', { currency_id: USDT, balance: '10000', from: 1, to: FINANCIAL });
      const product = (await started.api.get<EarnProductView[]>('ieo/list')).body.data!.find(
        (p) => p.currency_code === 'USDT' && p.days === 7,
      )!;
      for (let i = 0; i < HOLDINGS; i += 1) await post('ieo/addIeo', { id: product.id, number: '50' });
      await killHard(children.pop()!);

      // Ten days pass while the server is down: every holding's seven days and its release are due.
      const db = connect(database.url);
      const before = await db.kysely
        .selectFrom('accounts')
        .selectAll()
        .where('account_type_id', '=', FINANCIAL)
        .execute();
      await db.kysely
        .updateTable('earn_holdings')
        .set((eb) => ({ bought_at: eb('bought_at', '-', 10 * DAY), ends_at: eb('ends_at', '-', 10 * DAY) }))
        .execute();

      // It starts, pays some of them, and is killed in the middle.
      const { child: crashing } = await spawnServer(database.url, { LOG_LEVEL: 'silent' });
      children.push(crashing);
      const paidRows = async () =>
        Number(
          (
            await db.kysely
              .selectFrom('earn_interest')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      // By the clock, not by a count of polls: on a loaded machine the start takes longer.
      const deadline = Date.now() + 60_000;
      while ((await paidRows()) === 0 && Date.now() < deadline) await pause(5);
      await killHard(children.pop()!);
      const paidBeforeKill = await paidRows();
      console.warn(`earn crash: ${paidBeforeKill} of ${HOLDINGS * 7} days paid when killed`);

      started = await startServer(database.url);
      children.push(started.child);
      expect(await paidRows()).toBe(HOLDINGS * 7);
      const holdings = await db.kysely.selectFrom('earn_holdings').selectAll().execute();
      expect(holdings.every((h) => h.status === 2 && h.paid_days === 7)).toBe(true);
      const days = await db.kysely.selectFrom('earn_interest').select(['holding_id', 'day']).execute();
      expect(new Set(days.map((r) => `${r.holding_id}|${r.day}`)).size).toBe(HOLDINGS * 7);

      // Alice's financial USDT: everything back, plus exactly 150 × 7 × 50 × 0.03 % = 15.75.
      const after = await db.kysely
        .selectFrom('accounts')
        .selectAll()
        .where('account_type_id', '=', FINANCIAL)
        .where('currency_id', '=', USDT)
        .where('user_id', 'is not', null)
        .execute();
      const was = before.find((a) => a.currency_id === USDT && a.user_id === after[0]!.user_id)!;
      const sum = (a: { balance: string; lock_balance: string }) =>
        Decimal.parse(String(a.balance)).add(Decimal.parse(String(a.lock_balance)));
      expect(sum(after[0]!).sub(sum(was)).toString()).toBe('15.75');
      expect(Decimal.parse(String(after[0]!.lock_balance)).isZero()).toBe(true);
      expect((await auditLedger(db.kysely)).problems).toEqual([]);
      await db.close();
    },
    budget(120_000),
  );
});
