import { AccountTypeId, Decimal, LeverClosedType, LeverStatus } from '@oex/protocol';
import { badRequest } from '../platform/errors.js';
import type { Account, Books, SystemAccount } from '../ledger/books.js';
import { fundSystemAccount } from '../ledger/funding.js';
import { journalEntries, JournalType } from '../ledger/journal.js';
import type { AsData } from '../ledger/commands.js';
import type { Command, CommandContext, Sequencer } from '../ledger/sequencer.js';
import type { LeverBook, Mark, Position } from './book.js';
import { closeSettlement, feeOf, hazardRate, mustLiquidate, overnightSplit, profitAt } from './rules.js';

const LEVER = AccountTypeId.lever_account;
const POOL = { system: 'lever_pool' satisfies SystemAccount } as const;
const FEES = { system: 'fees' satisfies SystemAccount } as const;
const INSURANCE = { system: 'insurance' satisfies SystemAccount } as const;
const REF = 'lever_position';

// The records (account_log/lever) name the position.
const entry = journalEntries(REF);

/** A position or order before the sequencer gives it an id. */
export type NewPosition = Omit<Position, 'id'> & { requestId: string | null; requestHash: string | null };

export interface Closed {
  position: Position;
  closePrice: Decimal;
  mark: Decimal;
  profit: Decimal;
  closedType: number;
}

/** One market's mark as a liquidation saw it, by market id. */
type MarkEntry = [marketId: number, mark: Mark];

declare module '../ledger/commands.js' {
  interface CommandCatalogue {
    'lever.place': { data: NewPosition; result: Position };
    'lever.open': { data: { id: number; mark: Mark }; result: Position | null };
    'lever.cancel': { data: { id: number; userId: number }; result: Position };
    'lever.close': {
      data: { id: number; closePrice: Decimal; mark: Mark; closedType: number; userId: number | null };
      result: Closed | null;
    };
    'lever.liquidate': {
      data: { userId: number; quoteId: number; marks: MarkEntry[]; threshold: Decimal };
      result: Closed[];
    };
    'lever.setStops': {
      data: { id: number; userId: number; takeProfit: Decimal; stopLoss: Decimal };
      result: Position;
    };
    'lever.overnight': {
      data: { id: number; chargeTime: number; decimals: number };
      result: Position | null;
    };
    /** Operators' or the demo's funding of the pool and insurance, and a setting written with it. */
    'lever.fund': {
      data: {
        funds: { system: 'lever_pool' | 'insurance'; currencyId: number; amount: Decimal }[];
        mark: string | null;
      };
      result: void;
    };
  }
}

const markFrom = (data: AsData<Mark>): Mark => ({ price: Decimal.parse(data.price), time: data.time });
const orNull = (text: string | null) => (text === null ? null : Decimal.parse(text));

/** A new position as its data carries it, with its decimals parsed again. */
function newPositionFrom(data: AsData<NewPosition>): NewPosition {
  return {
    ...data,
    number: Decimal.parse(data.number),
    price: Decimal.parse(data.price),
    target: orNull(data.target),
    originPrice: Decimal.parse(data.originPrice),
    margin: Decimal.parse(data.margin),
    originMargin: Decimal.parse(data.originMargin),
    fee: Decimal.parse(data.fee),
    overnight: Decimal.parse(data.overnight),
    takeProfit: Decimal.parse(data.takeProfit),
    stopLoss: Decimal.parse(data.stopLoss),
    pointRate: Decimal.parse(data.pointRate),
    overnightRate: Decimal.parse(data.overnightRate),
  };
}

/**
 * The sequencer commands of leveraged positions. Margin is held in the user's lever account
 * (available to locked); fees go to fees; a close settles profit with the public `lever_pool`, and
 * a loss beyond the user's means with `insurance`, so no user balance goes below zero.
 */
export class LeverCommands {
  constructor(private readonly book: LeverBook) {}

  /** Names the handler of each lever command: its data parsed back, then the command below. */
  register(sequencer: Sequencer): void {
    sequencer.handle('lever.place', (context, data) => this.place(newPositionFrom(data))(context));
    sequencer.handle('lever.open', (context, { id, mark }) => this.open(id, markFrom(mark))(context));
    sequencer.handle('lever.cancel', (context, { id, userId }) => this.cancel(id, userId)(context));
    sequencer.handle('lever.close', (context, data) =>
      this.close(
        data.id,
        Decimal.parse(data.closePrice),
        markFrom(data.mark),
        data.closedType,
        data.userId ?? undefined,
      )(context),
    );
    sequencer.handle('lever.liquidate', (context, data) => {
      const marks = new Map(data.marks.map(([marketId, mark]) => [marketId, markFrom(mark)]));
      return this.liquidate(data.userId, data.quoteId, marks, Decimal.parse(data.threshold))(context);
    });
    sequencer.handle('lever.setStops', (context, data) =>
      this.setStops(
        data.id,
        data.userId,
        Decimal.parse(data.takeProfit),
        Decimal.parse(data.stopLoss),
      )(context),
    );
    sequencer.handle('lever.overnight', (context, { id, chargeTime, decimals }) =>
      this.overnight(id, chargeTime, decimals)(context),
    );
    sequencer.handle('lever.fund', (context, { funds, mark }) => {
      for (const { system, currencyId, amount } of funds)
        this.fund(system, currencyId, Decimal.parse(amount))(context);
      if (mark !== null) context.insert('settings', { key: mark, value: '1' });
    });
  }

  private account(books: Books, userId: number, quoteId: number): Account {
    return books.ensure({ userId }, LEVER, quoteId);
  }

  /** A market position (margin held, fee paid) or a fixed-price order (both held until it opens). */
  place(order: NewPosition): Command<Position> {
    return (context) => {
      const { books } = context;
      const account = books.find({ userId: order.userId }, LEVER, order.quoteId);
      if (!account || account.balance < order.margin.add(order.fee).units) {
        throw badRequest('error.lever_insufficient_margin');
      }
      const id = context.nextId('lever_positions');
      const held = order.status === 1 ? order.margin : order.margin.add(order.fee);
      books.post(
        [{ account, available: -held.units, locked: held.units }],
        entry(JournalType.LEVER_HOLD, id),
      );
      if (order.status === 1) this.payFee(books, account, order.fee, false, id);
      const { requestId, requestHash, ...fields } = order;
      const position: Position = { ...fields, id };
      context.insert('lever_positions', {
        ...this.row(position, context.now),
        request_id: requestId,
        request_hash: requestHash,
      });
      this.book.put(books, id, position);
      return position;
    };
  }

  /** A fixed-price order whose target the mark reached opens: its held fee is paid. */
  open(id: number, mark: Mark): Command<Position | null> {
    return (context) => {
      const order = this.book.get(id);
      if (!order || order.status !== 0) return null;
      this.payFee(
        context.books,
        this.account(context.books, order.userId, order.quoteId),
        order.fee,
        true,
        id,
      );
      const position: Position = {
        ...order,
        status: 1,
        openedAt: context.now,
        originPrice: mark.price,
        openMarkTime: mark.time,
      };
      context.update('lever_positions', id, {
        status: LeverStatus.OPEN,
        opened_at: context.now,
        origin_price: mark.price.toString(),
        update_price: mark.price.toString(),
        open_mark_time: mark.time,
      });
      this.book.put(context.books, id, position);
      return position;
    };
  }

  /** A pending order cancelled by its owner: margin and fee released. */
  cancel(id: number, userId: number): Command<Position> {
    return (context) => {
      const order = this.owned(id, userId);
      if (order.status !== 0) throw badRequest('error.lever_not_pending');
      const held = order.margin.add(order.fee);
      const account = this.account(context.books, order.userId, order.quoteId);
      context.books.post(
        [{ account, available: held.units, locked: -held.units }],
        entry(JournalType.LEVER_RELEASE, id),
      );
      context.update('lever_positions', id, { status: LeverStatus.CANCELLED, closed_at: context.now });
      this.book.put(context.books, id, null);
      return order;
    };
  }

  /**
   * Closes an open position at `closePrice` (the caller applies the spread for a user's close; TP,
   * SL and liquidation close at the mark). Answers null when it is no longer open: once only.
   */
  close(
    id: number,
    closePrice: Decimal,
    mark: Mark,
    closedType: number,
    userId?: number,
  ): Command<Closed | null> {
    return (context) => {
      const position = userId === undefined ? this.book.get(id) : this.owned(id, userId);
      if (!position || position.status !== 1) {
        if (userId !== undefined) throw badRequest('error.lever_not_open');
        return null;
      }
      return this.settle(context, position, closePrice, mark, closedType);
    };
  }

  /**
   * Liquidates every open position of a user in one quote currency at its market's mark, if the
   * hazard rate, computed again here in the sequencer's order, is still at or below `threshold`.
   */
  liquidate(
    userId: number,
    quoteId: number,
    marks: ReadonlyMap<number, Mark>,
    threshold: Decimal,
  ): Command<Closed[]> {
    return (context) => {
      const open = this.book.ofHolder(userId, quoteId).filter((position) => position.status === 1);
      const account = context.books.find({ userId }, LEVER, quoteId);
      // A market without a mark yet is valued at the entry price, with no tape second to show.
      const markOf = (position: Position): Mark =>
        marks.get(position.marketId) ?? { price: position.price, time: 0 };
      const hazard = hazardRate(
        Decimal.fromUnits(account?.balance ?? 0n),
        open.map((position) => ({
          margin: position.margin,
          profit: profitAt(position.side, position.price, markOf(position).price, position.number),
        })),
      );
      if (!mustLiquidate(hazard, threshold)) return [];
      return open.map((position) =>
        this.settle(context, position, markOf(position).price, markOf(position), LeverClosedType.LIQUIDATION),
      );
    };
  }

  private settle(
    context: CommandContext,
    position: Position,
    closePrice: Decimal,
    mark: Mark,
    closedType: number,
  ): Closed {
    const { books } = context;
    const account = this.account(books, position.userId, position.quoteId);
    const profit = profitAt(position.side, position.price, closePrice, position.number);
    const paid = closeSettlement(position.margin, profit, Decimal.fromUnits(account.balance));
    books.post(
      [
        {
          account,
          available: paid.toUser.sub(paid.fromBalance).units,
          locked: -position.margin.units,
        },
        { account: books.ensure(POOL, 0, position.quoteId), available: paid.toPool.units, locked: 0n },
        {
          account: books.ensure(INSURANCE, 0, position.quoteId),
          available: -paid.fromInsurance.units,
          locked: 0n,
        },
      ],
      entry(JournalType.LEVER_SETTLE, position.id),
    );
    context.update('lever_positions', position.id, {
      status: LeverStatus.CLOSED,
      closed_type: closedType,
      close_price: closePrice.toString(),
      update_price: mark.price.toString(),
      close_mark_time: mark.time || null,
      profits: profit.toString(),
      insurance_cover: paid.fromInsurance.toString(),
      closed_at: context.now,
    });
    this.book.put(books, position.id, null);
    return { position, closePrice, mark: mark.price, profit, closedType };
  }

  setStops(id: number, userId: number, takeProfit: Decimal, stopLoss: Decimal): Command<Position> {
    return (context) => {
      const position = this.owned(id, userId);
      if (position.status !== 1) throw badRequest('error.lever_not_open');
      const next = { ...position, takeProfit, stopLoss };
      context.update('lever_positions', id, {
        target_profit_price: takeProfit.toString(),
        stop_loss_price: stopLoss.toString(),
      });
      this.book.put(context.books, id, next);
      return next;
    };
  }

  /**
   * One day's overnight fee of a position, at its own rate: from its margin, then the balance, to fees. Recorded
   * under (position, charge time), a key that exists once: a day is never charged twice.
   */
  overnight(id: number, chargeTime: number, decimals: number): Command<Position | null> {
    return (context) => {
      const position = this.book.get(id);
      if (!position || position.status !== 1) return null;
      if (position.lastOvernightAt !== null && chargeTime <= position.lastOvernightAt) return null;
      const { books } = context;
      const account = this.account(books, position.userId, position.quoteId);
      const fee = feeOf(position.price, position.number, position.overnightRate, decimals);
      const split = overnightSplit(fee, position.margin, Decimal.fromUnits(account.balance));
      const charged = split.fromMargin.add(split.fromBalance);
      if (charged.isPositive()) {
        books.post(
          [
            { account, available: -split.fromBalance.units, locked: -split.fromMargin.units },
            { account: books.ensure(FEES, 0, position.quoteId), available: charged.units, locked: 0n },
          ],
          entry(JournalType.LEVER_OVERNIGHT, id),
        );
      }
      const next: Position = {
        ...position,
        margin: position.margin.sub(split.fromMargin),
        overnight: position.overnight.add(charged),
        lastOvernightAt: chargeTime,
      };
      context.insert('lever_overnight', {
        position_id: id,
        charge_time: chargeTime,
        charged: charged.toString(),
      });
      context.update('lever_positions', id, {
        caution_money: next.margin.toString(),
        overnight_money: next.overnight.toString(),
        last_overnight_at: chargeTime,
      });
      this.book.put(books, id, next);
      return next;
    };
  }

  /** An operator's funding of the lever pool or the insurance account, from outside, in the open. */
  fund(system: 'lever_pool' | 'insurance', currencyId: number, amount: Decimal): Command<void> {
    return ({ books }) => fundSystemAccount(books, system, currencyId, amount);
  }

  private owned(id: number, userId: number): Position {
    const position = this.book.get(id);
    if (!position || position.userId !== userId) throw badRequest('error.lever_not_open');
    return position;
  }

  private payFee(books: Books, account: Account, fee: Decimal, fromLocked: boolean, id: number): void {
    if (!fee.isPositive()) return;
    books.post(
      [
        { account, available: fromLocked ? 0n : -fee.units, locked: fromLocked ? -fee.units : 0n },
        { account: books.ensure(FEES, 0, account.currencyId), available: fee.units, locked: 0n },
      ],
      entry(JournalType.LEVER_FEE, id),
    );
  }

  private row(position: Position, now: number) {
    const text = (value: Decimal | null) => (value === null ? null : value.toString());
    return {
      id: position.id,
      user_id: position.userId,
      currency_match_id: position.marketId,
      quote_currency_id: position.quoteId,
      type: position.side,
      status: position.status,
      closed_type: 0,
      share: position.share,
      multiple: position.multiple,
      number: position.number.toString(),
      price: position.price.toString(),
      target_price: text(position.target),
      origin_price: position.originPrice.toString(),
      update_price: position.originPrice.toString(),
      target_profit_price: position.takeProfit.toString(),
      stop_loss_price: position.stopLoss.toString(),
      caution_money: position.margin.toString(),
      origin_caution_money: position.originMargin.toString(),
      trade_fee: position.fee.toString(),
      overnight_money: '0',
      point_rate: position.pointRate.toString(),
      overnight_rate: position.overnightRate.toString(),
      created_at: now,
      opened_at: position.status === 1 ? now : null,
      open_mark_time: position.openMarkTime,
    };
  }
}
