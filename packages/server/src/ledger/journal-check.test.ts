import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/schema.js';
import { journaledRows, tableDifference } from './journal-check.js';

/** A database of savings interest alone: rows as [holding, day, pay time, amount]. */
function interestTable(rows: [number, number, number, string][]): Kysely<Database> {
  const sqlite = new SqliteDatabase(':memory:');
  sqlite.exec(
    'create table earn_interest (holding_id integer, day integer, pay_at integer, amount text, primary key (holding_id, day))',
  );
  const insert = sqlite.prepare('insert into earn_interest values (?, ?, ?, ?)');
  for (const row of rows) insert.run(...row);
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
}

describe('comparing a journaled table with its replay', () => {
  // Every holding is paid at the same instant; the rows' order on disk is not their key's.
  const PAY_AT = 1_700_000_000_000;
  const paid = Array.from(
    { length: 6_000 },
    (_, i) => [6_000 - i, 1, PAY_AT, '0.5'] as [number, number, number, string],
  );

  it('orders rows by their whole key, whatever order they were written in', async () => {
    const stored = interestTable(paid);
    const replayed = interestTable([...paid].reverse());
    expect(await tableDifference('earn_interest', stored, replayed)).toBeNull();
    const rows = await journaledRows(stored, 'earn_interest');
    expect(rows.slice(0, 2).map((row) => row.holding_id)).toEqual([1, 2]);
  });

  it('finds a difference past the first page among rows paid at one instant', async () => {
    const stored = interestTable(paid);
    const replayed = interestTable(paid.map((row) => (row[0] === 5_500 ? [5_500, 1, PAY_AT, '0.6'] : row)));
    expect(await tableDifference('earn_interest', stored, replayed)).toBe(
      'earn_interest holding_id,day 5500,1: amount is 0.5 stored, 0.6 replayed',
    );
    const shorter = interestTable(paid.filter((row) => row[0] !== 5_900));
    expect(await tableDifference('earn_interest', stored, shorter)).toMatch(
      /^earn_interest holding_id,day 5900,1: holding_id is 5900 stored, 5901 replayed$/,
    );
  });
});
