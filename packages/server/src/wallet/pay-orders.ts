import { Decimal, type Paged, type PayOrderView } from '@oex/protocol';
import type { ExpressionBuilder, Kysely, Selectable } from 'kysely';
import { fitsChainDecimals } from '../chains/units.js';
import { newestFirst } from '../db/paging.js';
import type { Settings } from '../platform/settings.js';
import type { Database, PayOrdersTable } from '../db/schema.js';
import { paged } from '../lib/paged.js';
import { badRequest } from '../platform/errors.js';
import type { CurrencyDirectory } from '../ledger/currencies.js';
import type { Clock } from '../lib/clock.js';
import { formatDateTime } from '../lib/time.js';
import type { DepositAddresses } from './addresses.js';
import type { Networks } from './networks.js';

/** How long an intent waits for its deposit. */
export const PAY_ORDER_TTL_MS = 24 * 60 * 60 * 1000;
/** Intents one user may have waiting at once, when the setting is unreadable. */
const DEFAULT_WAITING_MAX = 20;
/** Deposits looked up per query when matching. */
const MATCH_CHUNK = 500;

/** A deposit an intent may take: it counts (not reversed, not below the minimum) and no intent took it. */
function matchable(eb: ExpressionBuilder<Database, 'deposits'>) {
  return eb.and([
    eb('deposits.status', 'not in', ['reversed', 'below_minimum']),
    eb.not(
      eb.exists(
        eb
          .selectFrom('pay_orders as taken')
          .select('taken.id')
          .whereRef('taken.deposit_id', '=', 'deposits.id'),
      ),
    ),
  ]);
}

/** A pay order's state at an instant: computed, so its expiry needs no timer and survives restarts. */
export function payOrderStatus(row: { deposit_id: number | null; expires_at: number }, now: number) {
  if (row.deposit_id !== null) return 'matched' as const;
  return now > row.expires_at ? ('expired' as const) : ('waiting' as const);
}

/** Deposit intents: recorded on request, matched by the first deposit of exactly their amount. */
export class PayOrders {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly networks: Networks,
    private readonly addresses: DepositAddresses,
    private readonly currencies: CurrencyDirectory,
    private readonly clock: Clock,
    private readonly timeZone: string,
    private readonly settings: Settings,
  ) {}

  /** Each user's creations, one after another: the count of waiting ones and the insert are one step. */
  private readonly creating = new Map<number, Promise<unknown>>();

  async create(
    userId: number,
    input: { walletAddress: string; in_address: string; currency_id: number },
  ): Promise<PayOrderView> {
    const currency = this.currencies.currency(input.currency_id);
    if (!currency.row.open_recharge) throw badRequest('error.deposit_closed');
    const wanted = input.in_address.trim().toLowerCase();
    let network = null;
    for (const candidate of this.networks.ofCurrency(input.currency_id)) {
      if (!candidate.adapter || !candidate.openDeposit) continue;
      const own = this.addresses.owners(candidate.family);
      const match = [...own].find(([address, owner]) => owner === userId && address.toLowerCase() === wanted);
      if (match) network = candidate;
      if (network) break;
    }
    if (!network) throw badRequest('error.pay_order_address');
    const amount = Decimal.parse(input.walletAddress);
    if (!amount.isPositive()) throw badRequest('error.amount_positive');
    if (!fitsChainDecimals(amount.toString(), network.decimals)) {
      throw badRequest('error.withdraw_decimals', { decimals: network.decimals });
    }
    if (amount.lt(network.minDeposit))
      throw badRequest('error.pay_order_min', { min: network.minDeposit.toString() });
    return this.oneAtATime(userId, async () => {
      const now = this.clock.now();
      const max = await this.waitingMax();
      if ((await this.waitingCount(userId, now)) >= max) throw badRequest('error.pay_order_limit', { max });
      const row = await this.db
        .insertInto('pay_orders')
        .values({
          user_id: userId,
          currency_id: input.currency_id,
          protocol_id: network.id,
          address: network.adapter!.normalize(input.in_address),
          amount: amount.toString(),
          deposit_id: null,
          created_at: now,
          expires_at: now + PAY_ORDER_TTL_MS,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return this.view(row);
    });
  }

  /** The setting pay_orders_waiting_max: how many intents a user may have waiting at once. */
  private async waitingMax(): Promise<number> {
    const max = Number(await this.settings.get('pay_orders_waiting_max'));
    return Number.isSafeInteger(max) && max >= 0 ? max : DEFAULT_WAITING_MAX;
  }

  private async waitingCount(userId: number, now: number): Promise<number> {
    const row = await this.db
      .selectFrom('pay_orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('deposit_id', 'is', null)
      .where('expires_at', '>=', now)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  private oneAtATime<T>(userId: number, work: () => Promise<T>): Promise<T> {
    const run = (this.creating.get(userId) ?? Promise.resolve()).then(work);
    const settled = run.catch(() => undefined);
    this.creating.set(userId, settled);
    void settled.then(() => {
      if (this.creating.get(userId) === settled) this.creating.delete(userId);
    });
    return run;
  }

  async list(userId: number, page: number, limit: number): Promise<Paged<PayOrderView>> {
    const { total, rows } = await newestFirst(
      this.db.selectFrom('pay_orders').where('user_id', '=', userId),
      page,
      limit,
    );
    return paged(
      rows.map((row) => this.view(row)),
      total,
      page,
      limit,
    );
  }

  /**
   * Gives each deposit that changed the oldest intent waiting for it: announced before the deposit
   * was seen, to the deposit's own address and network, of exactly its amount, not expired when it
   * was seen, and that no other deposit took. A watcher's pass asks this for the deposits it changed,
   * so the cost follows the deposits that arrive, not the intents that wait.
   */
  async matchDeposits(depositIds: readonly number[]): Promise<number[]> {
    const unique = [...new Set(depositIds)].sort((a, b) => a - b);
    const matched: number[] = [];
    for (let from = 0; from < unique.length; from += MATCH_CHUNK) {
      const deposits = await this.db
        .selectFrom('deposits')
        .select(['id', 'user_id', 'protocol_id', 'address', 'amount', 'created_at'])
        .where('id', 'in', unique.slice(from, from + MATCH_CHUNK))
        .where(matchable)
        .orderBy('id')
        .execute();
      for (const deposit of deposits) {
        const amount = Decimal.parse(String(deposit.amount));
        const waiting = await this.db
          .selectFrom('pay_orders')
          .select(['id', 'amount'])
          .where('user_id', '=', deposit.user_id)
          .where('protocol_id', '=', deposit.protocol_id)
          .where('address', '=', deposit.address)
          .where('deposit_id', 'is', null)
          .where('created_at', '<=', deposit.created_at)
          .where('expires_at', '>=', deposit.created_at)
          .orderBy('id')
          .execute();
        const intent = waiting.find((row) => Decimal.parse(String(row.amount)).eq(amount));
        if (!intent) continue;
        const updated = await this.db
          .updateTable('pay_orders')
          .set({ deposit_id: deposit.id })
          .where('id', '=', intent.id)
          .where('deposit_id', 'is', null)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) > 0) matched.push(intent.id);
      }
    }
    return matched;
  }

  /**
   * Gives each waiting intent the first deposit of its user, network and exact amount seen within its
   * day that no other intent took, looking at every waiting intent: run once at start, so an intent
   * whose deposit arrived just before a crash is matched (later passes match by deposit).
   */
  async matchWaiting(): Promise<number[]> {
    const waiting = await this.db
      .selectFrom('pay_orders')
      .selectAll()
      .where('deposit_id', 'is', null)
      .where('expires_at', '>=', this.clock.now() - PAY_ORDER_TTL_MS)
      .orderBy('id')
      .execute();
    const matched: number[] = [];
    for (const intent of waiting) {
      const candidates = await this.db
        .selectFrom('deposits')
        .select(['id', 'amount'])
        .where('user_id', '=', intent.user_id)
        .where('protocol_id', '=', intent.protocol_id)
        .where('created_at', '>=', intent.created_at)
        .where('created_at', '<=', intent.expires_at)
        .where(matchable)
        .orderBy('id')
        .execute();
      const deposit = candidates.find((row) =>
        Decimal.parse(String(row.amount)).eq(Decimal.parse(String(intent.amount))),
      );
      if (!deposit) continue;
      await this.db
        .updateTable('pay_orders')
        .set({ deposit_id: deposit.id })
        .where('id', '=', intent.id)
        .where('deposit_id', 'is', null)
        .execute();
      matched.push(intent.id);
    }
    return matched;
  }

  private view(row: Selectable<PayOrdersTable>): PayOrderView {
    return {
      id: row.id,
      currency_id: row.currency_id,
      currency_code: this.currencies.currency(row.currency_id).code,
      chain: this.networks.byId(row.protocol_id)!.chain,
      address: row.address,
      amount: Decimal.parse(String(row.amount)).toString(),
      status: payOrderStatus(row, this.clock.now()),
      deposit_id: row.deposit_id,
      created_at: formatDateTime(row.created_at, this.timeZone),
      expires_at: formatDateTime(row.expires_at, this.timeZone),
    };
  }
}
