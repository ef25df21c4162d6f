import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { P2pAdView, P2pOrderView } from '@oex/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../src/db/connect.js';
import { DEMO } from '../src/demo/seed.js';
import { auditLedger } from '../src/ledger/audit.js';
import { replayOnScratch } from '../src/ledger/journal-scratch.js';
import { JournalType } from '../src/ledger/journal.js';
import { hashPassword } from '../src/users/passwords.js';
import { killHard, spawnServer, startServer } from './helpers/child-server.js';
import { freshDatabase } from './helpers/exchange.js';
import { USDT } from './helpers/ledger.js';
import { BANK, TRADE_PASSWORD } from './helpers/p2p.js';
import { uploadPng } from './helpers/uploads.js';
import { login } from './helpers/users.js';
import { budget } from './helpers/budget.js';

const LEGAL = 2;
const MINUTE = 60_000;
const UNPAID = 30;
const PAID = 30;

let database: Awaited<ReturnType<typeof freshDatabase>>;
let uploadsDir: string;
const children: ChildProcess[] = [];
beforeAll(async () => {
  database = await freshDatabase();
  uploadsDir = mkdtempSync(join(tmpdir(), 'oex-p2p-crash-'));
});
afterAll(async () => {
  for (const child of children) await killHard(child);
  await database?.drop();
  rmSync(uploadsDir, { recursive: true, force: true });
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('P2P deadlines survive kill -9', () => {
  it(
    'each overdue deadline is applied once, as of its own instant, even when killed while applying',
    async () => {
      const env = { UPLOADS_DIR: uploadsDir };
      let started = await startServer(database.url, env);
      children.push(started.child);
      const db = connect(database.url);
      const [alice, bob] = DEMO.users;
      const buyerToken = await login(started.api, alice!.account, alice!.password);
      const sellerToken = await login(started.api, bob!.account, bob!.password);
      const bobId = (
        await db.kysely
          .selectFrom('users')
          .select('id')
          .where('email', '=', bob!.account)
          .executeTakeFirstOrThrow()
      ).id;
      const aliceId = (
        await db.kysely
          .selectFrom('users')
          .select('id')
          .where('email', '=', alice!.account)
          .executeTakeFirstOrThrow()
      ).id;
      // Bob is a merchant (the approval has its own test) with a trade password and a bank method.
      await db.kysely
        .updateTable('users')
        .set({ is_seller: 1, review_status: 2, pay_password_hash: await hashPassword(TRADE_PASSWORD) })
        .where('id', '=', bobId)
        .execute();
      // Auto-confirm one minute after postponement, so all three deadlines are exercised.
      await db.kysely
        .insertInto('settings')
        .values({ key: 'p2p_auto_confirm_minutes', value: '1' })
        .execute();
      const call = async <T>(path: string, body: Record<string, unknown>, token: string) => {
        const answer = await started.api.post<T>(path, body, { token });
        expect(answer.body.code, `${path}: ${answer.body.msg}`).toBe(1);
        return answer.body.data!;
      };
      await call('pay_method/save', { type: 'bank', raw_data: BANK }, sellerToken);
      await call('account/transfer', { currency_id: USDT, balance: '1000', from: 1, to: LEGAL }, sellerToken);
      const ad = await call<P2pAdView>(
        'legal_shop/ad_save',
        {
          side: 'sell',
          currency_id: USDT,
          fiat: 'CNY',
          price: '7',
          min_number: '1',
          max_number: '10',
          total: '1000',
          pay_types: ['bank'],
        },
        sellerToken,
      );
      const orders: P2pOrderView[] = [];
      for (let i = 0; i < UNPAID + PAID; i += 1) {
        orders.push(await call<P2pOrderView>('legal_deal/place', { ad_id: ad.id, number: '2' }, buyerToken));
      }
      const voucher = await uploadPng(started.api.baseUrl, buyerToken);
      for (const order of orders.slice(UNPAID))
        await call('legal_deal/paid', { id: order.id, voucher }, buyerToken);
      await killHard(children.pop()!);

      // While it is down, every deadline passes, each at its own instant (a second apart).
      const now = Date.now();
      for (const [i, order] of orders.entries()) {
        if (i < UNPAID) {
          await db.kysely
            .updateTable('p2p_orders')
            .set({ pay_deadline: now - 20 * MINUTE + i * 1000 })
            .where('id', '=', order.id)
            .execute();
        } else {
          await db.kysely
            .updateTable('p2p_orders')
            .set({ confirm_deadline: now - 20 * MINUTE + i * 1000 })
            .where('id', '=', order.id)
            .execute();
        }
      }
      const deadlineOf = new Map(
        (await db.kysely.selectFrom('p2p_orders').selectAll().execute()).map((row) => [
          row.id,
          Number(row.status === 1 ? row.pay_deadline : row.confirm_deadline),
        ]),
      );

      // It starts, applies some, and is killed in the middle.
      const { child: crashing } = await spawnServer(database.url, {
        UPLOADS_DIR: uploadsDir,
        LOG_LEVEL: 'silent',
      });
      children.push(crashing);
      const applied = async () =>
        Number(
          (
            await db.kysely
              .selectFrom('p2p_order_events')
              .select((eb) => eb.fn.countAll().as('n'))
              .where('status', 'in', [4, 7])
              .executeTakeFirstOrThrow()
          ).n,
        );
      for (let i = 0; i < 800 && (await applied()) === 0; i += 1) await pause(10);
      await killHard(children.pop()!);
      const completed = await db.kysely
        .selectFrom('p2p_orders')
        .select('id')
        .where('status', '=', 3)
        .execute();
      console.warn(
        `p2p crash: ${await applied()} of ${UNPAID + PAID} first deadlines and ${completed.length} of ${PAID} auto-confirms applied when killed`,
      );

      started = await startServer(database.url, env);
      children.push(started.child);

      const rows = await db.kysely.selectFrom('p2p_orders').selectAll().execute();
      const events = await db.kysely.selectFrom('p2p_order_events').selectAll().orderBy('id').execute();
      for (const [i, order] of orders.entries()) {
        const row = rows.find((r) => r.id === order.id)!;
        const timeline = events.filter((e) => e.order_id === order.id).map((e) => [e.status, Number(e.at)]);
        const deadline = deadlineOf.get(order.id)!;
        if (i < UNPAID) {
          expect(row.status).toBe(4);
          expect(Number(row.cancelled_at)).toBe(deadline);
          expect(timeline).toEqual([
            [1, Number(order.created_at)],
            [4, deadline],
          ]);
        } else {
          expect(row.status).toBe(3);
          expect(timeline.slice(2)).toEqual([
            [7, deadline],
            [3, deadline + MINUTE],
          ]);
          expect(Number(row.completed_at)).toBe(deadline + MINUTE);
        }
      }
      const moves = await db.kysely
        .selectFrom('account_logs')
        .select(['ref_id', 'type', 'created_at'])
        .where('ref_type', '=', 'p2p_order')
        .execute();
      expect(moves.filter((m) => m.type === JournalType.P2P_RELEASE)).toHaveLength(UNPAID);
      // A settlement is two rows (the seller's locked out, the buyer's available in).
      expect(moves.filter((m) => m.type === JournalType.P2P_SETTLE)).toHaveLength(2 * PAID);
      for (const move of moves.filter((m) => m.type === JournalType.P2P_RELEASE)) {
        expect(Number(move.created_at)).toBe(deadlineOf.get(move.ref_id));
      }
      const legal = await db.kysely
        .selectFrom('accounts')
        .select(['user_id', 'balance', 'lock_balance'])
        .where('account_type_id', '=', LEGAL)
        .where('currency_id', '=', USDT)
        .where('user_id', 'in', [aliceId, bobId])
        .execute();
      const of = (id: number) => legal.find((row) => row.user_id === id)!;
      expect([String(Number(of(bobId).balance)), String(Number(of(bobId).lock_balance))]).toEqual([
        String(1000 - 2 * PAID),
        '0',
      ]);
      expect(String(Number(of(aliceId).balance))).toBe(String(2 * PAID));
      expect((await auditLedger(db.kysely)).problems).toEqual([]);
      expect((await replayOnScratch(db)).differences).toEqual([]);
      await db.close();
    },
    budget(60_000),
  );
});
