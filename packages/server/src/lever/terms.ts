import { readFileSync } from 'node:fs';
import { Decimal } from '@oex/protocol';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { Fresh } from '../lib/fresh.js';
import { serverPath } from '../lib/paths.js';

/** A market's leverage terms beyond its currency_matches row. */
export interface MarketLeverTerms {
  multiples: number[];
  minShare: number;
  maxShare: number;
  overnightRate: Decimal;
}

interface OptionsFile {
  markets: {
    symbol: string;
    multiples: number[];
    min_share: number;
    max_share: number;
    overnight_rate: string;
  }[];
  demo_pool_funding: Record<string, string>;
  demo_insurance_funding: Record<string, string>;
}

export function readLeverOptions(): OptionsFile {
  return JSON.parse(readFileSync(serverPath('src/lever/options.json'), 'utf8')) as OptionsFile;
}

/** The data file's terms for markets that have none yet; an operator's rows stay. */
export async function seedLeverTerms(db: Kysely<Database>): Promise<void> {
  const markets = await db.selectFrom('currency_matches').select(['id', 'symbol']).execute();
  const have = new Set(
    (await db.selectFrom('lever_markets').select('currency_match_id').execute()).map(
      (r) => r.currency_match_id,
    ),
  );
  const rows = readLeverOptions().markets.flatMap((option) => {
    const market = markets.find((row) => row.symbol === option.symbol);
    if (!market || have.has(market.id)) return [];
    return [
      {
        currency_match_id: market.id,
        multiples: JSON.stringify(option.multiples),
        min_share: option.min_share,
        max_share: option.max_share,
        overnight_rate: option.overnight_rate,
      },
    ];
  });
  if (rows.length > 0) await db.insertInto('lever_markets').values(rows).execute();
}

/** Every market's lever terms, read again at most once a second. */
export class LeverTermsReader {
  private readonly fresh: Fresh<Map<number, MarketLeverTerms>>;

  constructor(
    private readonly db: Kysely<Database>,
    now: () => number,
  ) {
    this.fresh = new Fresh(() => this.read(), now);
  }

  current(): Promise<Map<number, MarketLeverTerms>> {
    return this.fresh.current();
  }

  forget(): void {
    this.fresh.forget();
  }

  private async read(): Promise<Map<number, MarketLeverTerms>> {
    const rows = await this.db.selectFrom('lever_markets').selectAll().execute();
    return new Map(
      rows.map((row) => [
        row.currency_match_id,
        {
          multiples: JSON.parse(row.multiples) as number[],
          minShare: row.min_share,
          maxShare: row.max_share,
          overnightRate: Decimal.parse(String(row.overnight_rate)),
        },
      ]),
    );
  }
}
