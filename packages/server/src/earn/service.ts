import { readFileSync } from 'node:fs';
import {
  Decimal,
  EARN_ENDED,
  EARN_IN_FORCE,
  type EarnHoldingView,
  type EarnProductView,
  type EarnReserveView,
  type Lang,
  type Paged,
} from '@oex/protocol';
import type { Kysely, Selectable } from 'kysely';
import type { Settings } from '../platform/settings.js';
import { newestFirst } from '../db/paging.js';
import type { Database, EarnHoldingsTable, EarnProductsTable } from '../db/schema.js';
import { paged } from '../lib/paged.js';
import { badRequest, notFound } from '../platform/errors.js';
import type { CurrencyDirectory } from '../ledger/currencies.js';
import type { Sequencer } from '../ledger/sequencer.js';
import { postingErrorToAppError } from '../ledger/service.js';
import type { Clock } from '../lib/clock.js';
import { RequestOnce, sameRequest, type RequestOnceKey } from '../lib/request-once.js';
import { minutesOfDay } from '../lib/time.js';
import { bucketStart } from '../spot/periods.js';
import { EarnCommands, type PaidDay } from './commands.js';
import { Holdings, type Holding } from './holdings.js';
import { dailyInterest, daysDue, payInstants, type ProductTerms } from './rules.js';
import { serverPath } from '../lib/paths.js';

type ProductRow = Selectable<EarnProductsTable>;
type HoldingRow = Selectable<EarnHoldingsTable>;

interface ProductsFile {
  products: {
    names: Record<Lang, string>;
    currency: string;
    days: number;
    rate: string;
    min_number: string;
    max_number: string;
    total_quota: string;
  }[];
  demo_interest_funding: Record<string, string>;
}

export function readProductsFile(): ProductsFile {
  return JSON.parse(readFileSync(serverPath('src/earn/products.json'), 'utf8')) as ProductsFile;
}

export interface EarnDeps {
  db: Kysely<Database>;
  sequencer: Sequencer;
  currencies: CurrencyDirectory;
  settings: Settings;
  clock: Clock;
  timeZone: string;
}

const dec = (value: string | number) => Decimal.parse(String(value));

/** Payments of one instant per command. */
const PAY_CHUNK = 250;

/** ieo/*: products, purchases, the holdings and their daily interest, and the interest reserve. */
export class EarnService {
  readonly commands: EarnCommands;
  private readonly requests = new RequestOnce<EarnHoldingView>();
  /** No holding has a payment due before this instant (a lower bound kept by purchases and scans). */
  private nextDueAt = 0;

  private constructor(
    private readonly deps: EarnDeps,
    holdings: Holdings,
  ) {
    this.commands = new EarnCommands(deps.db, holdings);
    this.commands.register(deps.sequencer);
  }

  get holdings(): Holdings {
    return this.commands.holdings;
  }

  /** Loads the holdings in force and each product's sold amount as the database has them. */
  static async load(deps: EarnDeps): Promise<EarnService> {
    const products = await deps.db.selectFrom('earn_products').select(['id', 'sold']).execute();
    const rows = await deps.db
      .selectFrom('earn_holdings')
      .selectAll()
      .where('status', '=', EARN_IN_FORCE)
      .execute();
    const dayStart = (t: number) => bucketStart(t, '1day', deps.timeZone);
    const holdings = rows.map((row) => holdingOf(row, dayStart));
    return new EarnService(deps, new Holdings(holdings, new Map(products.map((p) => [p.id, dec(p.sold)]))));
  }

  async list(userId: number | null, limit: number, lang: Lang): Promise<EarnProductView[]> {
    const rows = await this.deps.db
      .selectFrom('earn_products')
      .selectAll()
      .orderBy('sort')
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((row) => {
      const currency = this.deps.currencies.currency(row.currency_id);
      const quota = dec(row.total_quota);
      return {
        id: row.id,
        name: nameIn(row, lang),
        currency_id: row.currency_id,
        currency_code: currency.code,
        decimals: currency.decimals,
        days: row.days,
        rate: dec(row.rate).toString(),
        min_number: dec(row.min_number).toString(),
        max_number: dec(row.max_number).toString(),
        total_quota: quota.toString(),
        remaining: Decimal.max(Decimal.ZERO, quota.sub(this.holdings.soldOf(row.id))).toString(),
        is_open: row.is_open ? 1 : 0,
        sale_ends_at: row.sale_ends_at === null ? null : Number(row.sale_ends_at),
        my_number: userId === null ? '0' : this.holdings.heldBy(userId, row.id).toString(),
      };
    });
  }

  /**
   * Buys a product. With a request id (read by the route hook) it is bought once: the same id again
   * answers the first holding, with other terms it is refused.
   */
  async buy(
    userId: number,
    input: { id: number; number: string },
    lang: Lang,
    request?: RequestOnceKey | null,
  ): Promise<EarnHoldingView> {
    const principal = Decimal.parse(input.number);
    if (!request) return this.place(userId, input.id, principal, null, lang);
    return this.requests.run(
      `${userId}|${request.id}`,
      async () => {
        const earlier = sameRequest(
          await this.deps.db
            .selectFrom('earn_holdings')
            .selectAll()
            .where('user_id', '=', userId)
            .where('request_id', '=', request.id)
            .executeTakeFirst(),
          request.hash,
        );
        return earlier && (await this.views([earlier], lang))[0];
      },
      () => this.place(userId, input.id, principal, { requestId: request.id, hash: request.hash }, lang),
    );
  }

  private async place(
    userId: number,
    productId: number,
    principal: Decimal,
    request: { requestId: string; hash: string } | null,
    lang: Lang,
  ): Promise<EarnHoldingView> {
    const row = await this.product(productId);
    const { decimals } = this.deps.currencies.currency(row.currency_id);
    const rate = dec(row.rate);
    const payMinute = minutesOfDay(await this.deps.settings.get('earn_interest_time'));
    const boughtAt = this.deps.clock.now();
    const payAt = payInstants(boughtAt, row.days, payMinute, (t) =>
      bucketStart(t, '1day', this.deps.timeZone),
    );
    const holding = await this.deps.sequencer
      .dispatch('earn.buy', {
        userId,
        productId,
        currencyId: row.currency_id,
        principal,
        rate,
        daily: dailyInterest(principal, rate, decimals),
        days: row.days,
        boughtAt,
        payAt,
        product: termsOf(row),
        decimals,
        payMinute,
        requestId: request?.requestId ?? null,
        requestHash: request?.hash ?? null,
      })
      .catch(postingErrorToAppError);
    this.nextDueAt = Math.min(this.nextDueAt, payAt[0]!);
    return this.viewOf(holding, row, lang);
  }

  /** The caller's holdings, newest first, in force and ended, or one of the two. */
  async mine(
    userId: number,
    query: { status?: 1 | 2 | undefined; page: number; limit: number },
    lang: Lang,
  ): Promise<Paged<EarnHoldingView>> {
    let select = this.deps.db.selectFrom('earn_holdings').where('user_id', '=', userId);
    if (query.status) select = select.where('status', '=', query.status);
    const { total, rows } = await newestFirst(select, query.page, query.limit);
    return paged(await this.views(rows as HoldingRow[], lang), total, query.page, query.limit);
  }

  /** The interest account per currency, public: its balance and what it has promised. */
  reserves(): EarnReserveView[] {
    const { sequencer, currencies } = this.deps;
    return currencies.all().map((currency) => {
      const account = sequencer.books.find({ system: 'interest' }, 0, currency.id);
      return {
        currency_id: currency.id,
        currency_code: currency.code,
        balance: Decimal.fromUnits(account?.balance ?? 0n).toString(),
        promised: this.holdings.promisedOf(currency.id).toString(),
      };
    });
  }

  /** An operator's funding of the interest account (admin route and the demo's first start). */
  async fund(currencyCode: string, amountText: string): Promise<EarnReserveView> {
    const currency = this.deps.currencies.byCode(currencyCode);
    const amount = Decimal.parse(amountText);
    if (!amount.isPositive()) throw badRequest('error.amount_positive');
    await this.deps.sequencer
      .dispatch('earn.fund', { currencyId: currency.id, amount })
      .catch(postingErrorToAppError);
    return this.reserves().find((reserve) => reserve.currency_id === currency.id)!;
  }

  /**
   * Pays every day whose instant has come, oldest first, each as of its own instant. Days missed
   * while the server was down are paid now, once each. A day the interest account cannot pay stays
   * due and is tried again on the next call; it is reported, never skipped.
   */
  async payDue(): Promise<{ paid: PaidDay[]; unpaid: number }> {
    const now = this.deps.clock.now();
    if (now < this.nextDueAt) return { paid: [], unpaid: 0 };
    // Due days by instant, oldest first; each instant's payments go in chunks, one command each.
    const byInstant = new Map<number, { holdingId: number; day: number }[]>();
    let next = Infinity;
    for (const holding of this.holdings.all()) {
      for (const day of daysDue(holding.payAt, holding.paidDays, now)) {
        const at = holding.payAt[day - 1]!;
        const list = byInstant.get(at) ?? [];
        list.push({ holdingId: holding.id, day });
        byInstant.set(at, list);
      }
      const upcoming = holding.payAt.find((at) => at > now);
      if (upcoming !== undefined) next = Math.min(next, upcoming);
    }
    const runs: Promise<{ paid: PaidDay[]; unpaid: number }>[] = [];
    for (const at of [...byInstant.keys()].sort((a, b) => a - b)) {
      const due = byInstant.get(at)!;
      for (let first = 0; first < due.length; first += PAY_CHUNK) {
        runs.push(
          this.deps.sequencer.dispatch('earn.payDays', { due: due.slice(first, first + PAY_CHUNK) }, at),
        );
      }
    }
    const results = await Promise.all(runs);
    const unpaid = results.reduce((sum, result) => sum + result.unpaid, 0);
    this.nextDueAt = unpaid > 0 ? 0 : next;
    return { paid: results.flatMap((result) => result.paid), unpaid };
  }

  private async product(id: number): Promise<ProductRow> {
    const row = await this.deps.db
      .selectFrom('earn_products')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound('error.earn_unknown');
    return row;
  }

  private async views(rows: HoldingRow[], lang: Lang): Promise<EarnHoldingView[]> {
    if (rows.length === 0) return [];
    const ids = [...new Set(rows.map((row) => row.product_id))];
    const products = new Map(
      (await this.deps.db.selectFrom('earn_products').selectAll().where('id', 'in', ids).execute()).map(
        (p) => [p.id, p],
      ),
    );
    const dayStart = (t: number) => bucketStart(t, '1day', this.deps.timeZone);
    return rows.map((row) => this.viewOf(holdingOf(row, dayStart), products.get(row.product_id)!, lang, row));
  }

  private viewOf(holding: Holding, product: ProductRow, lang: Lang, row?: HoldingRow): EarnHoldingView {
    const ended = row ? row.status === EARN_ENDED : false;
    const paidDays = row ? row.paid_days : holding.paidDays;
    return {
      id: holding.id,
      product_id: holding.productId,
      name: nameIn(product, lang),
      currency_id: holding.currencyId,
      currency_code: this.deps.currencies.currency(holding.currencyId).code,
      number: holding.principal.toString(),
      days: holding.days,
      rate: holding.rate.toString(),
      daily_interest: holding.daily.toString(),
      income: (row ? dec(row.income) : holding.income).toString(),
      paid_days: paidDays,
      days_remaining: holding.days - paidDays,
      status: ended ? EARN_ENDED : EARN_IN_FORCE,
      bought_at: holding.boughtAt,
      next_pay_at: ended ? null : (holding.payAt[paidDays] ?? null),
      ends_at: holding.payAt[holding.payAt.length - 1]!,
    };
  }
}

function holdingOf(row: HoldingRow, dayStart: (t: number) => number): Holding {
  const boughtAt = Number(row.bought_at);
  return {
    id: row.id,
    userId: row.user_id,
    productId: row.product_id,
    currencyId: row.currency_id,
    principal: dec(row.number),
    rate: dec(row.rate),
    daily: dec(row.daily_interest),
    days: row.days,
    paidDays: row.paid_days,
    income: dec(row.income),
    boughtAt,
    payAt: payInstants(boughtAt, row.days, row.pay_minute, dayStart),
  };
}

function termsOf(row: ProductRow): ProductTerms {
  return {
    isOpen: row.is_open === 1,
    saleEndsAt: row.sale_ends_at === null ? null : Number(row.sale_ends_at),
    minNumber: dec(row.min_number),
    maxNumber: dec(row.max_number),
    totalQuota: dec(row.total_quota),
    sold: dec(row.sold),
  };
}

function nameIn(row: ProductRow, lang: Lang): string {
  const names = JSON.parse(row.names) as Partial<Record<Lang, string>>;
  return names[lang] ?? names.en ?? `#${row.id}`;
}

/** The data file's products, written once on the first start (an operator's rows are theirs after). */
export async function seedProducts(
  db: Kysely<Database>,
  currencies: CurrencyDirectory,
  now: number,
): Promise<void> {
  const existing = await db.selectFrom('earn_products').select('id').limit(1).executeTakeFirst();
  if (existing) return;
  const rows = readProductsFile().products.map((product, index) => ({
    names: JSON.stringify(product.names),
    currency_id: currencies.byCode(product.currency).id,
    days: product.days,
    is_open: 1 as const,
    sale_ends_at: null,
    sort: index,
    created_at: now,
    rate: dec(product.rate).toString(),
    min_number: dec(product.min_number).toString(),
    max_number: dec(product.max_number).toString(),
    total_quota: dec(product.total_quota).toString(),
    sold: '0',
  }));
  await db.insertInto('earn_products').values(rows).execute();
}
