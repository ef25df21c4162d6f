import {
  ACCOUNT_CODES,
  Decimal,
  MAX_AMOUNT,
  type AccountCode,
  type CurrencyView,
  type Lang,
} from '@oex/protocol';
import type { Kysely, Selectable } from 'kysely';
import type { CurrenciesTable, Database } from '../db/schema.js';
import { badRequest } from '../platform/errors.js';
import { translate } from '../platform/messages/index.js';

export interface Currency {
  id: number;
  code: string;
  decimals: number;
  row: Selectable<CurrenciesTable>;
}

export interface AccountType {
  id: number;
  code: AccountCode;
  isRecharge: boolean;
}

/**
 * Currencies and account types, read once at start: reference data the sequencer's commands
 * check synchronously. The USD price is the seeded reference until markets trade.
 */
export class CurrencyDirectory {
  private constructor(
    private readonly byId: Map<number, Currency>,
    private readonly types: AccountType[],
  ) {}

  static async load(db: Kysely<Database>): Promise<CurrencyDirectory> {
    const rows = await db.selectFrom('currencies').selectAll().orderBy('sort').orderBy('id').execute();
    const typeRows = await db.selectFrom('account_types').selectAll().orderBy('sort').execute();
    return new CurrencyDirectory(
      new Map(rows.map((row) => [row.id, { id: row.id, code: row.code, decimals: row.decimals, row }])),
      typeRows
        .filter((row) => (ACCOUNT_CODES as readonly string[]).includes(row.code))
        .map((row) => ({ id: row.id, code: row.code as AccountCode, isRecharge: row.is_recharge === 1 })),
    );
  }

  currency(id: number): Currency {
    const currency = this.byId.get(id);
    if (!currency) throw badRequest('error.currency_unknown');
    return currency;
  }

  byCode(code: string): Currency {
    const wanted = code.trim().toUpperCase();
    for (const currency of this.byId.values()) if (currency.code === wanted) return currency;
    throw badRequest('error.currency_unknown');
  }

  all(): Currency[] {
    return [...this.byId.values()];
  }

  accountTypes(): AccountType[] {
    return this.types;
  }

  accountType(id: number): AccountType {
    const type = this.types.find((candidate) => candidate.id === id);
    if (!type) throw badRequest('error.account_type_unknown');
    return type;
  }

  /** The seeded reference USD price. */
  referenceUsdPrice(currencyId: number): Decimal {
    return Decimal.parse(String(this.currency(currencyId).row.usd_price));
  }

  /** Where live USD prices come from once markets trade (the spot module sets it). */
  livePrices: ((currencyId: number) => Decimal) | undefined;

  usdPrice(currencyId: number): Decimal {
    return this.livePrices ? this.livePrices(currencyId) : this.referenceUsdPrice(currencyId);
  }

  /** The currency's networks (the wallet module sets it once chains are known). */
  networksOf: ((currencyId: number) => CurrencyView['currency_protocols']) | undefined;

  /** The amount as this currency may hold it: above zero, with no more decimals than it has. */
  checkAmount(currencyId: number, amount: Decimal): void {
    if (!amount.isPositive()) throw badRequest('error.amount_positive');
    // The wire refuses more already; this guards callers that skip it (npm run credit).
    if (amount.gt(MAX_AMOUNT)) throw badRequest('error.amount_max', { max: MAX_AMOUNT.toString() });
    const { decimals } = this.currency(currencyId);
    if (amount.decimalPlaces() > decimals) throw badRequest('error.amount_decimals', { decimals });
  }

  view(currencyId: number, lang: Lang): CurrencyView {
    const { row } = this.currency(currencyId);
    const money = (value: string) => Decimal.parse(String(value)).toString();
    return {
      id: row.id,
      code: row.code,
      name: row.name,
      logo: row.logo,
      decimals: row.decimals,
      open_recharge: row.open_recharge ? 1 : 0,
      open_draw: row.open_draw ? 1 : 0,
      draw_rate: money(row.draw_rate),
      draw_min: money(row.draw_min),
      draw_max: money(row.draw_max),
      usd_price: money(row.usd_price),
      is_recharge_account: row.open_recharge ? 1 : 0,
      is_quote: row.is_quote ? 1 : 0,
      account_types: this.types.map((type) => ({
        id: type.id,
        name: accountTypeName(type.code, lang),
        account_code: type.code,
      })),
      currency_protocols: this.networksOf?.(row.id) ?? [],
    };
  }
}

export function accountTypeName(code: AccountCode, lang: Lang): string {
  return translate(lang, `account_type.${code}`);
}
