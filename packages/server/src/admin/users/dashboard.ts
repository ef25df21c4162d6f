import {
  Decimal,
  type AdminAuditRun,
  type WalletHoldings,
  type AdminDashboard,
  type AdminMarketFigures,
  type AdminPendingFigures,
} from '@oex/protocol';
import type { Kysely, Selectable } from 'kysely';
import { connect } from '../../db/connect.js';
import type { AdminAuditRunsTable, Database } from '../../db/schema.js';
import { auditLedger } from '../../ledger/audit.js';
import type { CurrencyDirectory } from '../../ledger/currencies.js';
import type { Clock } from '../../lib/clock.js';
import { within } from '../../lib/deadline.js';
import type { MarketDirectory } from '../../market/markets.js';
import { OrderStatus } from '../../spot/orders.js';
import { bucketStart } from '../../spot/periods.js';
import { OPEN_WITHDRAWAL_STATES } from '../../wallet/rules.js';
import type { OperatorPrincipal } from '../operators.js';
import { percentOf, sumOf, TradeWindow } from './rules.js';

/** review_status of a certified identity. */
const CERTIFIED = 2;
/** Trades read per query while catching up. */
const TRADE_PAGE = 5000;

function sameMembers(a: ReadonlySet<number>, b: ReadonlySet<number>): boolean {
  return a.size === b.size && [...a].every((member) => b.has(member));
}

export interface DashboardDeps {
  db: Kysely<Database>;
  /** The database's URL: the audit reads it through a connection of its own, as `npm run audit` does. */
  databaseUrl: string;
  clock: Clock;
  markets: MarketDirectory;
  currencies: CurrencyDirectory;
  /** The wallet's chain check (`GET /api/admin/wallet/holdings`). */
  holdings: () => Promise<WalletHoldings[]>;
  /** How long the page waits for the chain check before showing the rest without it. */
  holdingsWaitMs?: number;
  timeZone: string;
}

/** A node that does not answer in this time is shown as such; the other figures do not wait longer. */
const HOLDINGS_WAIT_MS = 3000;

/** The console's first page: users, markets, money waiting, the last audit and the chain check. */
export class Dashboard {
  /** The markets' last day, kept between looks; built on the first. */
  private window: TradeWindow | undefined;
  /** Reads of new trades, one after another, so no trade is fed twice. */
  private reading: Promise<unknown> = Promise.resolve();

  constructor(private readonly deps: DashboardDeps) {}

  async figures(): Promise<AdminDashboard> {
    const now = this.deps.clock.now();
    const [users, markets, deposits, withdrawals, audit, holdings] = await Promise.all([
      this.users(now),
      this.markets(now),
      this.pending('deposits', ['pending']),
      this.pending('withdrawals', [...OPEN_WITHDRAWAL_STATES]),
      this.lastAudit(),
      within(this.deps.holdings(), this.deps.holdingsWaitMs ?? HOLDINGS_WAIT_MS, 'The chain check').then(
        (rows) => ({ rows, error: null }),
        (error: Error) => ({ rows: null, error: error.message }),
      ),
    ]);
    const inReview = await this.deps.db
      .selectFrom('withdrawals')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'review')
      .executeTakeFirstOrThrow();
    return {
      at: now,
      time_zone: this.deps.timeZone,
      users,
      markets,
      deposits_pending: deposits,
      withdrawals_pending: { ...withdrawals, in_review: Number(inReview.n) },
      audit,
      holdings: holdings.rows,
      holdings_error: holdings.error,
    };
  }

  /**
   * Runs the ledger audit (`npm run audit`: sums per currency zero, no negative user balance, each
   * balance equal to its journal) in one snapshot, and keeps the result for the dashboard. It reads
   * through a connection of its own: on SQLite the exchange's connection must never hold a read
   * transaction across awaits while the sequencer commits on it.
   */
  async runAudit(operator: OperatorPrincipal): Promise<AdminAuditRun> {
    const db = connect(this.deps.databaseUrl);
    let report;
    try {
      report = await auditLedger(db.kysely);
    } finally {
      await db.close();
    }
    const row = await this.deps.db
      .insertInto('admin_audit_runs')
      .values({
        at: this.deps.clock.now(),
        ok: report.ok ? 1 : 0,
        problems: JSON.stringify(report.problems),
        currencies: JSON.stringify(
          report.currencies.map(({ code, accounts, users, system, sum }) => ({
            code,
            accounts,
            users,
            system,
            sum,
          })),
        ),
        operator: operator.name,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return auditRunView(row);
  }

  async lastAudit(): Promise<AdminAuditRun | null> {
    const row = await this.deps.db
      .selectFrom('admin_audit_runs')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row ? auditRunView(row) : null;
  }

  private async users(now: number): Promise<AdminDashboard['users']> {
    const { db } = this.deps;
    const count = (rows: { n: number | string }) => Number(rows.n);
    const people = db.selectFrom('users').where('is_system', '=', 0);
    const [registered, certified, frozen, active] = await Promise.all([
      people.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      people
        .where('review_status', '=', CERTIFIED)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
      people
        .where('frozen_at', 'is not', null)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('sessions')
        .where('last_seen_at', '>=', bucketStart(now, '1day', this.deps.timeZone))
        .select((eb) => eb.fn.count<number>('user_id').distinct().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return {
      registered: count(registered),
      certified: count(certified),
      active_today: count(active),
      frozen: count(frozen),
    };
  }

  /**
   * Each market's last 24 hours from its trades, split by whether the exchange's own liquidity
   * accounts (users marked is_system: the demo's market maker and taker) were on a side. Only the
   * trades since the last look are read (the first look reads the day).
   */
  private async markets(now: number): Promise<AdminMarketFigures[]> {
    const { db } = this.deps;
    const [figures, open] = await Promise.all([
      this.tradeFigures(now),
      db
        .selectFrom('orders')
        .innerJoin('users', 'users.id', 'orders.user_id')
        .select(['orders.currency_match_id', 'users.is_system'])
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('orders.status', '=', OrderStatus.OPEN)
        .groupBy(['orders.currency_match_id', 'users.is_system'])
        .execute(),
    ]);
    const text = (units: bigint) => Decimal.unitsToString(units);
    return this.deps.markets.all().map((market) => {
      const f = figures.get(market.id);
      const openOf = (system: boolean | null) =>
        open
          .filter(
            (row) =>
              row.currency_match_id === market.id && (system === null || (row.is_system === 1) === system),
          )
          .reduce((sum, row) => sum + Number(row.n), 0);
      return {
        id: market.id,
        symbol: market.symbol,
        base_code: market.baseCode,
        quote_code: market.quoteCode,
        volume: text(f?.volume ?? 0n),
        amount: text(f?.amount ?? 0n),
        trades: f?.trades ?? 0,
        maker_volume: text(f?.makerVolume ?? 0n),
        house_only_volume: text(f?.houseOnlyVolume ?? 0n),
        maker_share: f ? percentOf(Decimal.fromUnits(f.makerVolume), Decimal.fromUnits(f.volume)) : null,
        open_orders: openOf(null),
        maker_open_orders: openOf(true),
      };
    });
  }

  /** Feeds the window the trades it has not seen, one reader at a time, and sums it. */
  private tradeFigures(now: number) {
    const next = this.reading.then(() => this.readNewTrades(now));
    this.reading = next.catch(() => undefined);
    return next.then(() => this.window!.figures(now));
  }

  private async readNewTrades(now: number): Promise<void> {
    const { db } = this.deps;
    const house = new Set(
      (await db.selectFrom('users').select('id').where('is_system', '=', 1).execute()).map((user) => user.id),
    );
    // A new liquidity account (a fresh demo seed) changes every split: start over.
    if (!this.window || !sameMembers(this.window.liquidityAccounts, house))
      this.window = new TradeWindow(house);
    const window = this.window;
    const fresh = window.lastId === 0;
    for (;;) {
      let query = db
        .selectFrom('trades')
        .select(['id', 'currency_match_id', 'number', 'amount', 'buyer_id', 'seller_id', 'created_at'])
        .where('id', '>', window.lastId)
        .orderBy('id')
        .limit(TRADE_PAGE);
      // The first look starts at the window (an index on the time); later ones at the last id.
      if (fresh) query = query.where('created_at', '>=', TradeWindow.start(now));
      const rows = await query.execute();
      window.add(
        rows.map((row) => ({
          id: row.id,
          marketId: row.currency_match_id,
          number: row.number,
          amount: row.amount,
          buyerId: row.buyer_id,
          sellerId: row.seller_id,
          time: Number(row.created_at),
        })),
        now,
      );
      if (rows.length < TRADE_PAGE) return;
    }
  }

  /** Deposits or withdrawals in the given states: how many, and how much per currency. */
  private async pending(table: 'deposits' | 'withdrawals', states: string[]): Promise<AdminPendingFigures> {
    const rows = await this.deps.db
      .selectFrom(table)
      .select(['currency_id', 'amount'])
      .where('status', 'in', states)
      .execute();
    const byCurrency = new Map<number, string[]>();
    for (const row of rows) {
      const amounts = byCurrency.get(row.currency_id) ?? [];
      amounts.push(row.amount);
      byCurrency.set(row.currency_id, amounts);
    }
    return {
      count: rows.length,
      per_currency: [...byCurrency.entries()]
        .sort(([a], [b]) => a - b)
        .map(([currencyId, amounts]) => ({
          currency: this.deps.currencies.currency(currencyId).code,
          count: amounts.length,
          amount: sumOf(amounts).toString(),
        })),
    };
  }
}

function auditRunView(row: Selectable<AdminAuditRunsTable>): AdminAuditRun {
  return {
    id: row.id,
    at: Number(row.at),
    ok: row.ok === 1,
    problems: JSON.parse(row.problems) as string[],
    currencies: JSON.parse(row.currencies) as AdminAuditRun['currencies'],
    operator: row.operator,
  };
}
