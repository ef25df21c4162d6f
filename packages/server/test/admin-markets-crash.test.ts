import type { ChildProcess } from 'node:child_process';
import { Decimal } from '@oex/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../src/db/connect.js';
import { killHard, spawnServer, startServer } from './helpers/child-server.js';
import { freshDatabase } from './helpers/exchange.js';
import { BTC_USDT } from './helpers/ledger.js';
import { budget } from './helpers/budget.js';

const CHANGES = 400;

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
/** The k-th fee of the chain: 0.001 + k × 0.000001, each change replacing the one before. */
const rate = (k: number) =>
  Decimal.parse('0.001')
    .add(Decimal.parse('0.000001').mul(Decimal.fromInt(k)))
    .toString();

describe('scheduled changes survive kill -9', () => {
  it(
    'changes due while down apply on start, each exactly once, even when the server is killed while applying them',
    async () => {
      const first = await startServer(database.url);
      children.push(first.child);
      await killHard(children.pop()!);

      // While the server is down, a chain of fee changes falls due: change k replaces change k-1's rate.
      const db = connect(database.url);
      const now = Date.now();
      const rows = Array.from({ length: CHANGES }, (_, k) => ({
        kind: 'market',
        target_id: BTC_USDT,
        changes: JSON.stringify({ change_fee_rate: rate(k + 1) }),
        before: null,
        effective_at: now - 60_000 + k,
        created_at: now - 120_000,
        created_by: 'crash-test',
        reason: 'a chain of fee changes',
        notice_id: null,
        applied_at: null,
        cancelled_at: null,
        cancelled_by: null,
        cancel_reason: null,
        cancel_notice_id: null,
      }));
      for (let start = 0; start < rows.length; start += 100) {
        await db.kysely
          .insertInto('scheduled_changes')
          .values(rows.slice(start, start + 100))
          .execute();
      }

      // It starts, applies some of them, and is killed in the middle.
      const { child: crashing, errors } = await spawnServer(database.url, { LOG_LEVEL: 'silent' });
      children.push(crashing);
      const applied = async () =>
        Number(
          (
            await db.kysely
              .selectFrom('scheduled_changes')
              .select((eb) => eb.fn.countAll().as('n'))
              .where('applied_at', 'is not', null)
              .executeTakeFirstOrThrow()
          ).n,
        );
      // Killed somewhere in the middle of the chain, at a point that differs from run to run.
      const killAt = 1 + Math.floor(Math.random() * (CHANGES / 2));
      const deadline = Date.now() + 60_000;
      while ((await applied()) < killAt && Date.now() < deadline) await pause(2);
      await killHard(children.pop()!);
      const appliedBeforeKill = await applied();
      console.warn(`scheduled changes crash: ${appliedBeforeKill} of ${CHANGES} applied when killed`);
      expect(appliedBeforeKill, errors()).toBeGreaterThan(0);

      // Started again, it applies the rest before it answers anything.
      const again = await startServer(database.url);
      children.push(again.child);
      expect(await applied()).toBe(CHANGES);
      const stored = await db.kysely.selectFrom('scheduled_changes').selectAll().orderBy('id').execute();
      // Each applied once, in order: the value each replaced is exactly the one before it.
      stored.forEach((row, k) => {
        expect(row.cancelled_at).toBeNull();
        expect(JSON.parse(row.before!)).toEqual({ change_fee_rate: rate(k) });
        if (k > 0) expect(Number(row.applied_at)).toBeGreaterThanOrEqual(Number(stored[k - 1]!.applied_at));
      });
      const market = await db.kysely
        .selectFrom('currency_matches')
        .select('change_fee_rate')
        .where('id', '=', BTC_USDT)
        .executeTakeFirstOrThrow();
      expect(Decimal.parse(String(market.change_fee_rate)).toString()).toBe(rate(CHANGES));
      // The running server took the last one too: the public market shows it.
      const groups = (
        await again.api.get<{ matches: { id: number; change_fee_rate: string }[] }[]>(
          'market/currency_matches',
        )
      ).body.data!;
      const shown = groups.flatMap((group) => group.matches).find((match) => match.id === BTC_USDT)!;
      expect(shown.change_fee_rate).toBe(rate(CHANGES));
      await db.close();
    },
    budget(180_000),
  );
});
