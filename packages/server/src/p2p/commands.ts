import {
  AccountTypeId,
  Decimal,
  P2P_AD_OFF_SHELF,
  P2P_ORDER_WAITING,
  type P2pOrderStatus,
  type P2pSide,
  type PayMethodCode,
} from '@oex/protocol';
import type { Kysely } from 'kysely';
import type { RowWriter } from '../db/rows.js';
import type { Database } from '../db/schema.js';
import { badRequest, notFound } from '../platform/errors.js';
import type { Books } from '../ledger/books.js';
import { journalEntries, JournalType } from '../ledger/journal.js';
import type { AsData } from '../ledger/commands.js';
import type { Command, Sequencer } from '../ledger/sequencer.js';
import {
  adProblem,
  escrowOutcome,
  fiatAmountOf,
  partiesOf,
  placeProblem,
  transition,
  type P2pAction,
  type P2pActor,
} from './rules.js';

const LEGAL = AccountTypeId.legal_account!;
const REF = 'p2p_order';

const entry = journalEntries(REF);

export interface AdState {
  id: number;
  userId: number;
  side: P2pSide;
  currencyId: number;
  fiat: string;
  price: Decimal;
  minNumber: Decimal;
  maxNumber: Decimal;
  total: Decimal;
  remaining: Decimal;
  payTypes: PayMethodCode[];
  terms: string;
  status: number;
}

export interface OrderState {
  id: number;
  adId: number;
  buyerId: number;
  sellerId: number;
  currencyId: number;
  number: Decimal;
  status: P2pOrderStatus;
  payDeadline: number;
  confirmDeadline: number | null;
  autoConfirmAt: number | null;
}

/**
 * The desk's state in the sequencer's memory: every ad (its remaining is checked and changed by
 * the same command that escrows), the open orders (status 1, 2, 6, 7), each buyer's cancellations
 * per day, and the next ids. Changed only inside commands; each change registers its undo, so a
 * refused command leaves nothing behind.
 */
export class P2pState {
  readonly ads = new Map<number, AdState>();
  readonly orders = new Map<number, OrderState>();
  private readonly cancels = new Map<string, number>();
  /** Users the operator froze on the desk. */
  readonly frozen = new Set<number>();
  private nextAd: number;
  private nextOrder: number;

  constructor(init: {
    ads: AdState[];
    orders: OrderState[];
    cancels: [string, number][];
    frozen?: number[];
    maxAdId: number;
    maxOrderId: number;
  }) {
    for (const ad of init.ads) this.ads.set(ad.id, ad);
    for (const order of init.orders) this.orders.set(order.id, order);
    for (const [key, count] of init.cancels) this.cancels.set(key, count);
    for (const userId of init.frozen ?? []) this.frozen.add(userId);
    this.nextAd = init.maxAdId + 1;
    this.nextOrder = init.maxOrderId + 1;
  }

  cancelsOf(buyerId: number, day: string): number {
    return this.cancels.get(`${buyerId}|${day}`) ?? 0;
  }

  /** Open orders holding escrow, for the checks of the tests and the audit. */
  openOrders(): IterableIterator<OrderState> {
    return this.orders.values();
  }

  putAd(books: Books, ad: AdState): void {
    const before = this.ads.get(ad.id);
    this.ads.set(ad.id, ad);
    books.onUndo(() => (before ? this.ads.set(ad.id, before) : this.ads.delete(ad.id)));
  }

  putOrder(books: Books, id: number, order: OrderState | null): void {
    const before = this.orders.get(id);
    if (order) this.orders.set(id, order);
    else this.orders.delete(id);
    books.onUndo(() => (before ? this.orders.set(id, before) : this.orders.delete(id)));
  }

  countCancel(books: Books, buyerId: number, day: string): void {
    const key = `${buyerId}|${day}`;
    const before = this.cancels.get(key) ?? 0;
    this.cancels.set(key, before + 1);
    books.onUndo(() => (before === 0 ? this.cancels.delete(key) : this.cancels.set(key, before)));
  }

  setFrozen(books: Books, userId: number, frozen: boolean): void {
    const before = this.frozen.has(userId);
    if (frozen) this.frozen.add(userId);
    else this.frozen.delete(userId);
    books.onUndo(() => (before ? this.frozen.add(userId) : this.frozen.delete(userId)));
  }

  /** Forgets cancellation counts of days before `day` (they can no longer block anyone). */
  forgetCancelsBefore(day: string): void {
    for (const key of this.cancels.keys())
      if (key.slice(key.indexOf('|') + 1) < day) this.cancels.delete(key);
  }

  newAdId(books: Books): number {
    const id = this.nextAd++;
    books.onUndo(() => (this.nextAd = id));
    return id;
  }

  newOrderId(books: Books): number {
    const id = this.nextOrder++;
    books.onUndo(() => (this.nextOrder = id));
    return id;
  }
}

export interface AdSave {
  id?: number | undefined;
  userId: number;
  side: P2pSide;
  currencyId: number;
  fiat: string;
  price: Decimal;
  minNumber: Decimal;
  maxNumber: Decimal;
  total: Decimal;
  payTypes: PayMethodCode[];
  terms: string;
  decimals: number;
}

export interface NewOrder {
  adId: number;
  takerId: number;
  number: Decimal;
  decimals: number;
  payMinutes: number;
  requestId: string | null;
  /** The day key of now in EXCHANGE_TZ (the buyer's cancellations of today). */
  today: string;
}

export interface Changed {
  orderId: number;
  buyerId: number;
  sellerId: number;
  status: P2pOrderStatus;
}

/** A change asked of one order. */
export interface OrderChange {
  orderId: number;
  action: P2pAction;
  actor: P2pActor;
  /** The user asking (buyer or seller actions): refused unless a party in that role. */
  userId?: number;
  /** Status the order must be in (a timer's, so a late or repeated pass is a no-op). */
  expect?: P2pOrderStatus;
  /** The day key of the instant (a cancellation counts toward the buyer's day). */
  day?: string;
  voucher?: number;
  confirmMinutes?: number;
  autoConfirmMinutes?: number;
  /** An appeal's text and images (upload ids, checked as the caller's own before). */
  appeal?: { reason: string; images: number[] };
  /** The operator's reason when resolving an appeal. */
  resolution?: string;
}

declare module '../ledger/commands.js' {
  interface CommandCatalogue {
    'p2p.saveAd': { data: AdSave; result: AdState };
    'p2p.adStatus': { data: { userId: number; adId: number; status: 1 | 2 | 3 }; result: AdState };
    'p2p.freeze': { data: { userId: number; frozen: boolean; reason: string }; result: void };
    'p2p.place': { data: NewOrder; result: Changed };
    'p2p.change': { data: OrderChange; result: Changed };
  }
}

/** An ad as its data carries it, with its decimals parsed again. */
function adSaveFrom(data: AsData<AdSave>): AdSave {
  return {
    ...data,
    price: Decimal.parse(data.price),
    minNumber: Decimal.parse(data.minNumber),
    maxNumber: Decimal.parse(data.maxNumber),
    total: Decimal.parse(data.total),
  };
}

/**
 * The sequencer commands of the desk. Each checks the state it holds and moves the coin in the
 * same commit as the order row: escrow at creation (the seller's legal available → locked),
 * release back to the seller on a cancel or an appeal returned, settlement to the buyer on
 * completion.
 */
export class P2pCommands {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly rows: RowWriter,
    readonly state: P2pState,
  ) {}

  /** Names the handler of each desk command: its data parsed back, then the command below. */
  register(sequencer: Sequencer): void {
    sequencer.handle('p2p.saveAd', (context, data) => this.saveAd(adSaveFrom(data))(context));
    sequencer.handle('p2p.adStatus', (context, { userId, adId, status }) =>
      this.adStatus(userId, adId, status)(context),
    );
    sequencer.handle('p2p.freeze', (context, { userId, frozen, reason }) =>
      this.freeze(userId, frozen, reason)(context),
    );
    sequencer.handle('p2p.place', (context, data) =>
      this.place({ ...data, number: Decimal.parse(data.number) })(context),
    );
    sequencer.handle('p2p.change', (context, data) => this.change(data)(context));
  }

  saveAd(input: AdSave): Command<AdState> {
    return (context) => {
      const { books } = context;
      if (this.state.frozen.has(input.userId)) throw badRequest('error.p2p_frozen');
      const before = input.id ? this.state.ads.get(input.id) : undefined;
      if (input.id && (!before || before.userId !== input.userId)) throw notFound('error.p2p_ad_unknown');
      if (before && before.status === P2P_AD_OFF_SHELF) throw badRequest('error.p2p_ad_closed');
      if (before && (before.side !== input.side || before.currencyId !== input.currencyId)) {
        throw badRequest('error.p2p_ad_fixed');
      }
      const used = before ? before.total.sub(before.remaining) : Decimal.ZERO;
      const problem = adProblem(input, input.decimals, used);
      if (problem) throw badRequest(problem.key, problem.params);
      const id = before?.id ?? this.state.newAdId(books);
      const ad: AdState = {
        id,
        userId: input.userId,
        side: input.side,
        currencyId: input.currencyId,
        fiat: input.fiat,
        price: input.price,
        minNumber: input.minNumber,
        maxNumber: input.maxNumber,
        total: input.total,
        remaining: input.total.sub(used),
        payTypes: input.payTypes,
        terms: input.terms,
        status: before?.status ?? 1,
      };
      this.state.putAd(books, ad);
      const values = {
        fiat: ad.fiat,
        pay_types: JSON.stringify(ad.payTypes),
        terms: ad.terms,
        status: ad.status,
        updated_at: context.now,
        price: ad.price.toString(),
        min_number: ad.minNumber.toString(),
        max_number: ad.maxNumber.toString(),
        total: ad.total.toString(),
        remaining: ad.remaining.toString(),
      };
      if (before) context.writeLatest(`p2p_ad|${id}`, this.rows.update('p2p_ads', id, values));
      else {
        context.insert('p2p_ads', {
          id,
          user_id: ad.userId,
          side: ad.side,
          currency_id: ad.currencyId,
          created_at: context.now,
          ...values,
        });
      }
      return ad;
    };
  }

  adStatus(userId: number, adId: number, status: 1 | 2 | 3): Command<AdState> {
    return (context) => {
      const before = this.state.ads.get(adId);
      if (!before || before.userId !== userId) throw notFound('error.p2p_ad_unknown');
      if (before.status === P2P_AD_OFF_SHELF) throw badRequest('error.p2p_ad_closed');
      if (status === 1 && this.state.frozen.has(userId)) throw badRequest('error.p2p_frozen');
      const ad = { ...before, status };
      this.state.putAd(context.books, ad);
      context.update('p2p_ads', adId, { status, updated_at: context.now });
      return ad;
    };
  }

  /** The operator freezes (or unfreezes) a user on the desk; open orders go on to their end. */
  freeze(userId: number, frozen: boolean, reason: string): Command<void> {
    return (context) => {
      this.state.setFrozen(context.books, userId, frozen);
      if (frozen) {
        context.write(
          this.db
            .insertInto('p2p_freezes')
            .values({ user_id: userId, reason, frozen_at: context.now })
            .onConflict((oc) => oc.column('user_id').doUpdateSet({ reason, frozen_at: context.now }))
            .compile(),
        );
      } else context.write(this.db.deleteFrom('p2p_freezes').where('user_id', '=', userId).compile());
    };
  }

  /** Escrows the seller's coin and writes the order, if the ad, its limits and the balance allow. */
  place(order: NewOrder): Command<Changed> {
    return (context) => {
      const { books } = context;
      const ad = this.state.ads.get(order.adId);
      if (!ad) throw notFound('error.p2p_ad_unknown');
      if (this.state.frozen.has(order.takerId)) throw badRequest('error.p2p_frozen');
      if (this.state.frozen.has(ad.userId)) throw badRequest('error.p2p_ad_closed');
      const { buyerId, sellerId } = partiesOf(ad.side, ad.userId, order.takerId);
      const problem = placeProblem(
        ad,
        order.takerId,
        order.number,
        order.decimals,
        this.state.cancelsOf(buyerId, order.today),
        buyerId === order.takerId,
      );
      if (problem) throw badRequest(problem.key, problem.params);
      const account = books.find({ userId: sellerId }, LEGAL, ad.currencyId);
      if (!account || account.balance < order.number.units) {
        throw badRequest(
          sellerId === order.takerId ? 'error.insufficient_balance' : 'error.p2p_seller_short',
        );
      }
      const id = this.state.newOrderId(books);
      books.post(
        [{ account, available: -order.number.units, locked: order.number.units }],
        entry(JournalType.P2P_ESCROW, id, context.now),
      );
      const payDeadline = context.now + order.payMinutes * 60_000;
      this.state.putOrder(books, id, {
        id,
        adId: ad.id,
        buyerId,
        sellerId,
        currencyId: ad.currencyId,
        number: order.number,
        status: P2P_ORDER_WAITING,
        payDeadline,
        confirmDeadline: null,
        autoConfirmAt: null,
      });
      const remaining = ad.remaining.sub(order.number);
      this.state.putAd(books, { ...ad, remaining });
      context.writeLatest(
        `p2p_ad|${ad.id}`,
        this.db
          .updateTable('p2p_ads')
          .set({ remaining: remaining.toString() })
          .where('id', '=', ad.id)
          .compile(),
      );
      context.insert('p2p_orders', {
        id,
        ad_id: ad.id,
        buyer_id: buyerId,
        seller_id: sellerId,
        taker_id: order.takerId,
        currency_id: ad.currencyId,
        fiat: ad.fiat,
        status: P2P_ORDER_WAITING,
        pay_deadline: payDeadline,
        confirm_deadline: null,
        auto_confirm_at: null,
        voucher: null,
        paid_at: null,
        completed_at: null,
        cancelled_at: null,
        cancelled_by: null,
        request_id: order.requestId,
        created_at: context.now,
        price: ad.price.toString(),
        number: order.number.toString(),
        fiat_amount: fiatAmountOf(order.number, ad.price).toString(),
      });
      context.insert('p2p_order_events', { order_id: id, status: P2P_ORDER_WAITING, at: context.now });
      return { orderId: id, buyerId, sellerId, status: P2P_ORDER_WAITING };
    };
  }

  /**
   * Applies one state change, as of the command's time (a timer submits it at the deadline).
   * An order already final, or not in the expected state, refuses: a repeated timer is a no-op.
   */
  change(change: OrderChange): Command<Changed> {
    return (context) => {
      const { books, now } = context;
      const order = this.state.orders.get(change.orderId);
      if (!order) throw badRequest('error.p2p_state');
      if (change.expect !== undefined && order.status !== change.expect) throw badRequest('error.p2p_state');
      if (change.actor === 'buyer' && change.userId !== order.buyerId)
        throw notFound('error.p2p_order_unknown');
      if (change.actor === 'seller' && change.userId !== order.sellerId)
        throw notFound('error.p2p_order_unknown');
      const next = transition(order.status, change.action, change.actor);
      if ('refused' in next) throw badRequest(next.refused);
      const to = next.to;
      // A user's action after its deadline loses to the timer (which applies as of the deadline).
      if (change.action === 'paid' && now > order.payDeadline) throw badRequest('error.p2p_expired');
      if (change.action === 'cancel' && now > order.payDeadline) throw badRequest('error.p2p_expired');

      const outcome = escrowOutcome(to);
      const values: Record<string, unknown> = { status: to };
      if (outcome) {
        const seller = books.ensure({ userId: order.sellerId }, LEGAL, order.currencyId);
        if (seller.lock < order.number.units) throw new Error(`p2p order ${order.id}: escrow missing`);
        if (outcome === 'seller') {
          books.post(
            [{ account: seller, available: order.number.units, locked: -order.number.units }],
            entry(JournalType.P2P_RELEASE, order.id, now),
          );
        } else {
          const buyer = books.ensure({ userId: order.buyerId }, LEGAL, order.currencyId);
          books.post(
            [
              { account: seller, available: 0n, locked: -order.number.units },
              { account: buyer, available: order.number.units, locked: 0n },
            ],
            entry(JournalType.P2P_SETTLE, order.id, now),
          );
        }
        this.state.putOrder(books, order.id, null);
      } else {
        const updated: OrderState = { ...order, status: to };
        if (change.action === 'paid') {
          updated.confirmDeadline = now + (change.confirmMinutes ?? 30) * 60_000;
          values.voucher = change.voucher ?? null;
          values.paid_at = now;
          values.confirm_deadline = updated.confirmDeadline;
        }
        if (change.action === 'postpone' && (change.autoConfirmMinutes ?? 0) > 0) {
          updated.autoConfirmAt = now + change.autoConfirmMinutes! * 60_000;
          values.auto_confirm_at = updated.autoConfirmAt;
        }
        this.state.putOrder(books, order.id, updated);
      }
      if (to === 4) {
        values.cancelled_at = now;
        values.cancelled_by = change.action === 'cancel' ? 'buyer' : 'timeout';
        // The ad offers the coin again.
        const ad = this.state.ads.get(order.adId);
        if (ad) {
          const remaining = ad.remaining.add(order.number);
          this.state.putAd(books, { ...ad, remaining });
          context.writeLatest(
            `p2p_ad|${ad.id}`,
            this.db
              .updateTable('p2p_ads')
              .set({ remaining: remaining.toString() })
              .where('id', '=', ad.id)
              .compile(),
          );
        }
        this.state.countCancel(books, order.buyerId, change.day ?? '');
      }
      if (to === 3) values.completed_at = now;
      if (to === 5) values.cancelled_at = now;
      if (change.action === 'appeal') {
        context.insert('p2p_appeals', {
          order_id: order.id,
          user_id: change.userId!,
          by_role: change.actor,
          reason: change.appeal?.reason ?? '',
          images: JSON.stringify(change.appeal?.images ?? []),
          opened_at: now,
          release_to: null,
          resolution: null,
          resolved_at: null,
        });
      }
      if (change.action === 'release_to_buyer' || change.action === 'return_to_seller') {
        context.write(
          this.db
            .updateTable('p2p_appeals')
            .set({
              release_to: change.action === 'release_to_buyer' ? 'buyer' : 'seller',
              resolution: change.resolution ?? '',
              resolved_at: now,
            })
            .where('order_id', '=', order.id)
            .compile(),
        );
      }
      context.update('p2p_orders', order.id, values);
      context.insert('p2p_order_events', { order_id: order.id, status: to, at: now });
      return { orderId: order.id, buyerId: order.buyerId, sellerId: order.sellerId, status: to };
    };
  }
}
