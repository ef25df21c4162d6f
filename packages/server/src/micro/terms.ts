import { readFileSync } from 'node:fs';
import { Decimal } from '@oex/protocol';
import type { Kysely } from 'kysely';
import type { Settings } from '../platform/settings.js';
import type { Database } from '../db/schema.js';
import { Fresh } from '../lib/fresh.js';
import { serverPath } from '../lib/paths.js';

/** What is on offer now: durations with their ratio, payable currencies, the fee rate. */
export interface Terms {
  seconds: { seconds: number; profitRatio: Decimal }[];
  currencies: Map<number, { numbers: Decimal[]; min: Decimal; max: Decimal }>;
  feeRate: Decimal;
}

interface OptionsFile {
  seconds: { seconds: number; profit_ratio: string }[];
  currencies: { currency: string; numbers: string[]; min: string; max: string }[];
  demo_pool_funding: Record<string, string>;
}

export function readOptionsFile(): OptionsFile {
  return JSON.parse(readFileSync(serverPath('src/micro/options.json'), 'utf8')) as OptionsFile;
}

/** The data file's terms, on the first start only: afterwards the rows are the operator's. */
export async function seedTerms(db: Kysely<Database>): Promise<void> {
  const any = await db.selectFrom('micro_seconds').select('seconds').limit(1).executeTakeFirst();
  if (any) return;
  const options = readOptionsFile();
  const currencies = await db.selectFrom('currencies').select(['id', 'code']).execute();
  await db
    .insertInto('micro_seconds')
    .values(options.seconds.map((option, sort) => ({ ...option, sort })))
    .execute();
  const rows = options.currencies.flatMap((option, sort) => {
    const currency = currencies.find((row) => row.code === option.currency);
    return currency
      ? [
          {
            currency_id: currency.id,
            numbers: JSON.stringify(option.numbers),
            min_number: option.min,
            max_number: option.max,
            sort,
          },
        ]
      : [];
  });
  if (rows.length > 0) await db.insertInto('micro_currencies').values(rows).execute();
}

/**
 * The terms as stored, read again at most once a second: an operator's change to the rows applies
 * to orders placed after it, never to open ones (each order keeps its ratio and fee).
 */
export class TermsReader {
  private readonly fresh: Fresh<Terms>;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly settings: Settings,
    now: () => number,
  ) {
    this.fresh = new Fresh(() => this.read(), now);
  }

  current(): Promise<Terms> {
    return this.fresh.current();
  }

  forget(): void {
    this.fresh.forget();
  }

  private async read(): Promise<Terms> {
    const [seconds, currencies, fee] = await Promise.all([
      // A duration withdrawn from offer takes no new contract; open ones keep their terms.
      this.db
        .selectFrom('micro_seconds')
        .selectAll()
        .where('is_open', '=', 1)
        .orderBy('sort')
        .orderBy('seconds')
        .execute(),
      this.db.selectFrom('micro_currencies').selectAll().orderBy('sort').execute(),
      this.settings.get('micro_trade_fee'),
    ]);
    return {
      seconds: seconds.map((row) => ({
        seconds: row.seconds,
        profitRatio: Decimal.parse(String(row.profit_ratio)),
      })),
      currencies: new Map(
        currencies.map((row) => [
          row.currency_id,
          {
            numbers: (JSON.parse(row.numbers) as string[]).map((text) => Decimal.parse(text)),
            min: Decimal.parse(String(row.min_number)),
            max: Decimal.parse(String(row.max_number)),
          },
        ]),
      ),
      feeRate: Decimal.parse(fee),
    };
  }
}
