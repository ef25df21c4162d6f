import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Decimal } from '@oex/protocol';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../src/ledger/audit.js';
import { JournalType } from '../src/ledger/journal.js';
import { startTestExchange, type TestExchange } from './helpers/exchange.js';
import { admin, BANK, LEGAL, merchant, party, postAd, TRADE_PASSWORD, type Party } from './helpers/p2p.js';
import { uploadPng } from './helpers/uploads.js';

const USDT = 1;
const MINUTE = 60_000;

let ex: TestExchange;
let uploadsDir: string;

beforeAll(async () => {
  uploadsDir = mkdtempSync(join(tmpdir(), 'oex-p2p-prop-'));
  ex = await startTestExchange({ uploadsDir });
  // Auto-confirm on, so the interleavings reach 7 → 3 by the timer too.
  await ex.settings.set('p2p_auto_confirm_minutes', '20');
});
afterAll(async () => {
  await ex?.stop();
  rmSync(uploadsDir, { recursive: true, force: true });
});

type Step =
  | { op: 'create'; taker: number; ad: number; units: number }
  | { op: 'paid'; pick: number }
  | { op: 'confirm'; pick: number }
  | { op: 'cancel'; pick: number }
  | { op: 'appeal'; pick: number; bySeller: boolean }
  | { op: 'resolve'; pick: number; toBuyer: boolean }
  | { op: 'time'; minutes: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('create' as const),
      taker: fc.nat(2),
      ad: fc.nat(1),
      units: fc.integer({ min: 1, max: 40 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('paid' as const), pick: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('confirm' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('cancel' as const), pick: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({ op: fc.constant('appeal' as const), pick: fc.nat(), bySeller: fc.boolean() }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ op: fc.constant('resolve' as const), pick: fc.nat(), toBuyer: fc.boolean() }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ op: fc.constant('time' as const), minutes: fc.integer({ min: 1, max: 40 }) }),
  },
);

/** One interleaving that reaches every state (1 → 2 → 6 → 5, 1 → 2 → 7 → 3, 1 → 4), run first. */
const EVERY_STATE: Step[] = [
  { op: 'create', taker: 0, ad: 0, units: 10 },
  { op: 'paid', pick: 0 },
  { op: 'appeal', pick: 0, bySeller: false },
  { op: 'resolve', pick: 0, toBuyer: false },
  { op: 'create', taker: 1, ad: 0, units: 10 },
  { op: 'paid', pick: 1 },
  { op: 'time', minutes: 31 },
  { op: 'confirm', pick: 1 },
  { op: 'create', taker: 2, ad: 1, units: 5 },
  { op: 'cancel', pick: 2 },
];

/** Locked legal USDT of everyone against the open orders' numbers, from the database. */
async function escrowMatchesOpenOrders(): Promise<void> {
  const open = await ex.db.kysely
    .selectFrom('p2p_orders')
    .select(['number', 'seller_id'])
    .where('status', 'in', [1, 2, 6, 7])
    .execute();
  const openSum = open.reduce((sum, row) => sum.add(Decimal.parse(String(row.number))), Decimal.ZERO);
  const accounts = await ex.db.kysely
    .selectFrom('accounts')
    .select('lock_balance')
    .where('account_type_id', '=', LEGAL)
    .where('currency_id', '=', USDT)
    .execute();
  const locked = accounts.reduce(
    (sum, row) => sum.add(Decimal.parse(String(row.lock_balance))),
    Decimal.ZERO,
  );
  expect(locked.toString()).toBe(openSum.toString());
  // The sequencer's memory agrees with the rows.
  const inMemory = [...ex.p2p.service.state.openOrders()].reduce((sum, o) => sum.add(o.number), Decimal.ZERO);
  expect(inMemory.toString()).toBe(openSum.toString());
}

describe('the P2P desk on the ledger', () => {
  it('property: any interleaving conserves, escrow equals the open orders, nothing completes twice', async () => {
    const sellers: Party[] = [await merchant(ex, { [USDT]: '100000' })];
    const buyMerchant = await merchant(ex);
    const takers: Party[] = [];
    for (let i = 0; i < 3; i += 1) {
      const taker = await party(ex, { [USDT]: '100000' });
      await ex.api.post('pay_method/save', { type: 'bank', raw_data: BANK }, { token: taker.token });
      takers.push(taker);
    }
    const ads = [
      await postAd(ex.api, sellers[0]!.token, { total: '100000', min_number: '1', max_number: '50' }),
      await postAd(ex.api, buyMerchant.token, {
        side: 'buy',
        total: '100000',
        min_number: '1',
        max_number: '50',
      }),
    ];
    const voucherOf = new Map<number, number>();
    for (const user of [...takers, buyMerchant]) voucherOf.set(user.id, await uploadPng(ex.url, user.token));
    const tokenOf = new Map<number, string>(
      [...takers, ...sellers, buyMerchant].map((user) => [user.id, user.token]),
    );

    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 10, maxLength: 30 }), async (steps) => {
        const mine: number[] = [];
        const orderOf = async (pick: number) => {
          if (mine.length === 0) return null;
          const id = mine[pick % mine.length]!;
          return ex.db.kysely
            .selectFrom('p2p_orders')
            .selectAll()
            .where('id', '=', id)
            .executeTakeFirstOrThrow();
        };
        for (const s of steps) {
          if (s.op === 'create') {
            const taker = takers[s.taker]!;
            const answer = await ex.api.post<{ id: number }>(
              'legal_deal/place',
              { ad_id: ads[s.ad]!.id, number: String(s.units) },
              { token: taker.token },
            );
            if (answer.body.code === 1) mine.push(answer.body.data!.id);
            else expect(answer.body.msg).toMatch(/cancelled 3 orders/);
          } else if (s.op === 'time') {
            ex.clock.advance(s.minutes * MINUTE);
            await ex.p2p.service.applyDue();
          } else if (s.op === 'resolve') {
            // The operator picks among appealed orders (a resolve of any other is refused anyway).
            const frozen = await ex.db.kysely
              .selectFrom('p2p_orders')
              .select('id')
              .where('status', '=', 6)
              .where('id', 'in', mine.length > 0 ? mine : [0])
              .execute();
            const row = frozen[s.pick % Math.max(1, frozen.length)];
            if (!row) continue;
            await ex.api.post(
              'admin/p2p/appeals/resolve',
              { order_id: row.id, release_to: s.toBuyer ? 'buyer' : 'seller', reason: 'property test' },
              admin(ex),
            );
          } else {
            const row = await orderOf(s.pick);
            if (!row) continue;
            const buyer = tokenOf.get(row.buyer_id)!;
            const seller = tokenOf.get(row.seller_id)!;
            if (s.op === 'paid') {
              await ex.api.post(
                'legal_deal/paid',
                { id: row.id, voucher: voucherOf.get(row.buyer_id) },
                { token: buyer },
              );
            } else if (s.op === 'confirm') {
              await ex.api.post(
                'legal_deal/confirm',
                { id: row.id, pay_password: TRADE_PASSWORD },
                { token: seller },
              );
            } else if (s.op === 'cancel') {
              await ex.api.post('legal_deal/cancel', { id: row.id }, { token: buyer });
            } else {
              await ex.api.post(
                'legal_deal/appeal',
                { id: row.id, reason: 'Something went wrong with this order' },
                { token: s.bySeller ? seller : buyer },
              );
            }
          }
        }
        await escrowMatchesOpenOrders();
        const audit = await auditLedger(ex.db.kysely);
        expect(audit.problems).toEqual([]);
        // Each order settled or released at most once, and only final orders were.
        const moves = await ex.db.kysely
          .selectFrom('account_logs')
          .select(['ref_id', 'type'])
          .where('ref_type', '=', 'p2p_order')
          .where('type', 'in', [JournalType.P2P_SETTLE, JournalType.P2P_RELEASE])
          .execute();
        const settled = new Map<number, number>();
        for (const move of moves) settled.set(move.ref_id, (settled.get(move.ref_id) ?? 0) + 1);
        const settleRows = moves.filter((m) => m.type === JournalType.P2P_SETTLE);
        // A settlement writes two rows (seller and buyer), a release one.
        for (const [id, count] of settled) {
          const isSettle = settleRows.some((m) => m.ref_id === id);
          expect(count, `order ${id}`).toBe(isSettle ? 2 : 1);
        }
        const finals = await ex.db.kysely
          .selectFrom('p2p_orders')
          .select(['id', 'status'])
          .where('status', 'in', [3, 4, 5])
          .execute();
        expect(finals.length).toBe(settled.size);
        for (const row of finals) expect(settled.has(row.id)).toBe(true);
      }),
      { numRuns: 15, examples: [[EVERY_STATE]] },
    );
    // The clock moves a day at the end of every run at most; a last pass leaves nothing due.
    ex.clock.advance(24 * 60 * MINUTE);
    await ex.p2p.service.applyDue();
    await escrowMatchesOpenOrders();
    // The runs reached every state, the timers' included (the first run's example sees to it).
    const reached = await ex.db.kysely.selectFrom('p2p_order_events').select('status').distinct().execute();
    expect(reached.map((row) => row.status).sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});
