import { Decimal } from '@oex/protocol';
import type { Kysely } from 'kysely';
import type { Dialect } from '../connect.js';
import { columns } from './columns.js';

/**
 * Per-market precision and minimum order (docs/spot.md). Every market so far had the spec's 4 price
 * and 6 quantity decimals; real markets differ (BTC/USDT ticks by 0.01, TRX/USDT by 0.00001).
 * Adds `min_number`, and moves the five reference markets to realistic values, but only where they
 * still have the old defaults and every open order fits the new ticks and lots, so no resting order
 * is ever left between two ticks. The values are written here, not imported from the seed, because
 * a migration never changes once shipped.
 */
const PRECISION: { symbol: string; price: number; number: number; min: string }[] = [
  { symbol: 'BTC/USDT', price: 2, number: 6, min: '0.00001' },
  { symbol: 'ETH/USDT', price: 2, number: 4, min: '0.001' },
  { symbol: 'TRX/USDT', price: 5, number: 1, min: '1' },
  { symbol: 'DOT/USDT', price: 3, number: 2, min: '0.1' },
  { symbol: 'FAIR/USDT', price: 4, number: 2, min: '1' },
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema exists
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const { moneyType } = columns(dialect);
  await db.schema
    .alterTable('currency_matches')
    .addColumn('min_number', moneyType, (c) => c.notNull().defaultTo('0'))
    .execute();

  for (const wanted of PRECISION) {
    const market = (await db
      .selectFrom('currency_matches')
      .select(['id', 'price_decimals', 'number_decimals'])
      .where('symbol', '=', wanted.symbol)
      .executeTakeFirst()) as { id: number; price_decimals: number; number_decimals: number } | undefined;
    if (!market || market.price_decimals !== 4 || market.number_decimals !== 6) continue;
    const open = (await db
      .selectFrom('orders')
      .select(['price', 'number', 'transacted_amount'])
      .where('currency_match_id', '=', market.id)
      .where('status', '=', 1)
      .execute()) as { price: string | null; number: string; transacted_amount: string }[];
    const fits = (value: Decimal, decimals: number) => value.decimalPlaces() <= decimals;
    const allFit = open.every(
      (order) =>
        (order.price === null || fits(Decimal.parse(String(order.price)), wanted.price)) &&
        fits(
          Decimal.parse(String(order.number)).sub(Decimal.parse(String(order.transacted_amount))),
          wanted.number,
        ),
    );
    await db
      .updateTable('currency_matches')
      .set(
        allFit
          ? { price_decimals: wanted.price, number_decimals: wanted.number, min_number: wanted.min }
          : { min_number: wanted.min },
      )
      .where('id', '=', market.id)
      .execute();
  }
}
