import { Decimal } from '@oex/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Db } from '../src/db/connect.js';
import { migrate } from '../src/db/migrate.js';
import { seedReference } from '../src/db/seed/index.js';
import { KlineStore } from '../src/spot/klines.js';
import { freshDatabase } from './helpers/exchange.js';

let database: Awaited<ReturnType<typeof freshDatabase>>;
let db: Db;
beforeAll(async () => {
  database = await freshDatabase();
  db = connect(database.url);
  await migrate(db);
  await seedReference(db);
});
afterAll(async () => {
  await db?.close();
  await database?.drop();
});

describe('kline flushes', () => {
  it('run one after another, so an older copy of a bar is never written last', async () => {
    // The real database, whose first transaction is slow to start (as a busy PostgreSQL pool can be).
    let calls = 0;
    const slowFirst: Db = {
      ...db,
      executeBatch: async (queries) => {
        calls += 1;
        if (calls === 1) await new Promise((resolve) => setTimeout(resolve, 300));
        await db.executeBatch(queries);
      },
    };
    const store = new KlineStore(slowFirst, 'UTC');
    const time = Date.UTC(2026, 0, 1, 10, 0, 0);
    const trade = (id: number) =>
      store.add(1, id, time + id, Decimal.parse('100'), Decimal.parse('1'), Decimal.parse('100'));
    trade(1);
    const first = store.flush();
    trade(2);
    const second = store.flush();
    await Promise.all([first, second]);
    const row = await db.kysely
      .selectFrom('klines')
      .select('volume')
      .where('currency_match_id', '=', 1)
      .where('period', '=', '1day')
      .executeTakeFirstOrThrow();
    expect(Decimal.parse(String(row.volume)).toString()).toBe('2');
    const shown = await store.bars(1, '1day', time - 86_400_000, time + 86_400_000);
    expect(shown.map((bar) => bar.volume)).toEqual(['2']);
  });
});
