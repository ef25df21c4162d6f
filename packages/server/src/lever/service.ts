import {
  AccountTypeId,
  Decimal,
  LeverStatus,
  type LeverDeal,
  type LeverDealAll,
  type LeverPositionView,
  type Lang,
  type LeverSide,
  type LeverVerification,
  type Paged,
  type Quotation,
} from '@oex/protocol';
import type { Kysely, Selectable } from 'kysely';
import type { Settings } from '../platform/settings.js';
import { newestFirst } from '../db/paging.js';
import type { Database, LeverPositionsTable } from '../db/schema.js';
import { paged } from '../lib/paged.js';
import { badRequest, notFound } from '../platform/errors.js';
import { translate } from '../platform/messages/index.js';
import type { CurrencyDirectory } from '../ledger/currencies.js';
import type { Sequencer } from '../ledger/sequencer.js';
import { postingErrorToAppError } from '../ledger/service.js';
import type { Clock } from '../lib/clock.js';
import { RequestOnce, sameRequest, type RequestOnceKey } from '../lib/request-once.js';
import type { MarkTape } from '../market/mark-tape.js';
import type { Market, MarketDirectory } from '../market/markets.js';
import type { UsersService } from '../users/service.js';
import { LeverBook, type Mark, type Position } from './book.js';
import { LeverCommands } from './commands.js';
import {
  entryPrice,
  exitPrice,
  feeOf,
  handsChoices,
  hazardRate,
  lowestTarget,
  marginOf,
  profitAt,
  quantityOf,
  stopProblem,
  closedLoss,
} from './rules.js';
import type { LeverTermsReader, MarketLeverTerms } from './terms.js';

const LEVER = AccountTypeId.lever_account;

export interface LeverDeps {
  db: Kysely<Database>;
  sequencer: Sequencer;
  tape: MarkTape;
  markets: MarketDirectory;
  currencies: CurrencyDirectory;
  users: UsersService;
  settings: Settings;
  terms: LeverTermsReader;
  clock: Clock;
  /** A market's 24 h ticker (the spot engine's). */
  quotation(market: Market): Quotation;
}

export interface SubmitInput {
  currency_match_id: number;
  share: number;
  multiple: number;
  type: LeverSide;
  status: 0 | 1;
  target_price?: string | undefined;
  password?: string | undefined;
}

const dec = (value: string | number) => Decimal.parse(String(value));

export function positionOfRow(row: Selectable<LeverPositionsTable>): Position {
  return {
    id: row.id,
    userId: row.user_id,
    marketId: row.currency_match_id,
    quoteId: row.quote_currency_id,
    side: row.type as LeverSide,
    status: row.status as 0 | 1,
    share: row.share,
    multiple: row.multiple,
    number: dec(row.number),
    price: dec(row.price ?? '0'),
    target: row.target_price === null ? null : dec(row.target_price),
    originPrice: dec(row.origin_price),
    openMarkTime: row.open_mark_time === null ? null : Number(row.open_mark_time),
    margin: dec(row.caution_money),
    originMargin: dec(row.origin_caution_money),
    fee: dec(row.trade_fee),
    overnight: dec(row.overnight_money),
    takeProfit: dec(row.target_profit_price),
    stopLoss: dec(row.stop_loss_price),
    createdAt: Number(row.created_at),
    openedAt: row.opened_at === null ? null : Number(row.opened_at),
    lastOvernightAt: row.last_overnight_at === null ? null : Number(row.last_overnight_at),
    pointRate: dec(row.point_rate),
    overnightRate: dec(row.overnight_rate),
  };
}

/** lever/*: opening at the tape's mark with the spread, closing, stops, and the views. */
export class LeverService {
  readonly commands: LeverCommands;
  private readonly requests = new RequestOnce<LeverPositionView>();

  private constructor(
    private readonly deps: LeverDeps,
    readonly book: LeverBook,
  ) {
    this.commands = new LeverCommands(book);
    this.commands.register(deps.sequencer);
  }

  static async load(deps: LeverDeps): Promise<LeverService> {
    const rows = await deps.db
      .selectFrom('lever_positions')
      .selectAll()
      .where('status', 'in', [LeverStatus.PENDING, LeverStatus.OPEN])
      .execute();
    return new LeverService(deps, new LeverBook(rows.map(positionOfRow)));
  }

  /** The mark of a market from the public tape, refused when the tape is stale or has none. */
  mark(marketId: number): Mark {
    const mark = this.deps.tape.current(marketId);
    if ('unavailable' in mark) {
      throw badRequest(
        mark.unavailable === 'thin' ? 'error.mark_book_thin' : 'error.lever_price_unavailable',
      );
    }
    return { price: mark.price, time: mark.time };
  }

  private async leverMarket(marketId: number): Promise<{ market: Market; terms: MarketLeverTerms }> {
    const market = this.deps.markets.market(marketId);
    const terms = (await this.deps.terms.current()).get(marketId);
    if (market.row.open_lever !== 1 || !terms) throw badRequest('error.lever_market_closed');
    return { market, terms };
  }

  /**
   * Opens a position or places a fixed-price order. With a request id (read by the route hook) it
   * is placed once: the same id again answers the first, with other terms it is refused.
   */
  async submit(
    userId: number,
    input: SubmitInput,
    request?: RequestOnceKey | null,
  ): Promise<LeverPositionView> {
    if (!request) return this.place(userId, input, null);
    return this.requests.run(
      `${userId}|${request.id}`,
      () => this.earlier(userId, request.id, request.hash),
      () => this.place(userId, input, { requestId: request.id, hash: request.hash }),
    );
  }

  private async earlier(
    userId: number,
    requestId: string,
    hash: string,
  ): Promise<LeverPositionView | undefined> {
    const earlier = sameRequest(
      await this.deps.db
        .selectFrom('lever_positions')
        .selectAll()
        .where('user_id', '=', userId)
        .where('request_id', '=', requestId)
        .executeTakeFirst(),
      hash,
    );
    return earlier && this.rowView(earlier);
  }

  private async place(
    userId: number,
    input: SubmitInput,
    request: { requestId: string; hash: string } | null,
  ): Promise<LeverPositionView> {
    const { market, terms } = await this.leverMarket(input.currency_match_id);
    if (!terms.multiples.includes(input.multiple)) throw badRequest('error.lever_multiple');
    if (input.share < terms.minShare || input.share > terms.maxShare) {
      throw badRequest('error.lever_share', { min: terms.minShare, max: terms.maxShare });
    }
    const target = input.status === 0 ? this.target(input.target_price, market) : null;
    if (await this.deps.users.hasPayPassword(userId)) {
      if (!input.password) throw badRequest('error.lever_password_required');
      await this.deps.users.verifyPayPassword(userId, input.password);
    }
    const mark = this.mark(market.id);
    const pointRate = dec(market.row.lever_point_rate);
    if (target) {
      // Below this, the entry price after the spread rounds to zero: nothing to hold a margin on.
      const lowest = lowestTarget(input.type, pointRate, market.priceDecimals);
      if (!lowest || target.lt(lowest)) {
        throw badRequest('error.lever_target_min', { min: lowest?.toString() ?? '-' });
      }
    }
    const number = quantityOf(input.share, dec(market.row.lever_share_num));
    const price = entryPrice(target ?? mark.price, input.type, pointRate, market.priceDecimals);
    const decimals = this.deps.currencies.currency(market.quoteId).decimals;
    const margin = marginOf(price, number, input.multiple, decimals);
    const now = this.deps.clock.now();
    const position = await this.deps.sequencer
      .dispatch('lever.place', {
        userId,
        marketId: market.id,
        quoteId: market.quoteId,
        side: input.type,
        status: input.status,
        share: input.share,
        multiple: input.multiple,
        number,
        price,
        target,
        originPrice: mark.price,
        openMarkTime: input.status === 1 ? mark.time : null,
        margin,
        originMargin: margin,
        fee: feeOf(price, number, dec(market.row.lever_fee_rate), decimals),
        overnight: Decimal.ZERO,
        takeProfit: Decimal.ZERO,
        stopLoss: Decimal.ZERO,
        createdAt: now,
        openedAt: input.status === 1 ? now : null,
        lastOvernightAt: null,
        pointRate,
        overnightRate: terms.overnightRate,
        requestId: request?.requestId ?? null,
        requestHash: request?.hash ?? null,
      })
      .catch(postingErrorToAppError);
    return this.view(position);
  }

  private target(text: string | undefined, market: Market): Decimal {
    const target = text === undefined ? null : Decimal.tryParse(text);
    if (!target || !target.isPositive()) throw badRequest('error.lever_target');
    if (target.decimalPlaces() > market.priceDecimals) {
      throw badRequest('error.lever_target_decimals', { decimals: market.priceDecimals });
    }
    return target;
  }

  async cancel(userId: number, id: number): Promise<LeverPositionView> {
    const order = await this.deps.sequencer.dispatch('lever.cancel', { id, userId });
    return this.rowView(await this.row(order.id));
  }

  /** The owner's close: at the mark with the spread against them. */
  async close(userId: number, id: number): Promise<LeverPositionView> {
    const position = this.book.get(id);
    if (!position || position.userId !== userId || position.status !== 1)
      throw badRequest('error.lever_not_open');
    const market = this.deps.markets.market(position.marketId);
    const mark = this.mark(market.id);
    // The spread the position was opened under, not the market's of today.
    const price = exitPrice(mark.price, position.side, position.pointRate, market.priceDecimals);
    await this.deps.sequencer
      .dispatch('lever.close', { id, closePrice: price, mark, closedType: 1, userId })
      .catch(postingErrorToAppError);
    return this.rowView(await this.row(id));
  }

  async batchClose(userId: number, side: 0 | 1 | 2, marketId: number | undefined): Promise<number[]> {
    const chosen = this.book
      .ofUser(userId)
      .filter(
        (p) => p.status === 1 && (side === 0 || p.side === side) && (!marketId || p.marketId === marketId),
      );
    const closed: number[] = [];
    for (const position of chosen) {
      await this.close(userId, position.id);
      closed.push(position.id);
    }
    return closed;
  }

  async setStops(
    userId: number,
    id: number,
    takeProfitText: string,
    stopLossText: string,
  ): Promise<LeverPositionView> {
    const position = this.book.get(id);
    if (!position || position.userId !== userId || position.status !== 1)
      throw badRequest('error.lever_not_open');
    const takeProfit = dec(takeProfitText);
    const stopLoss = dec(stopLossText);
    const problem = stopProblem(position.side, this.mark(position.marketId).price, takeProfit, stopLoss);
    if (problem) throw badRequest(problem as Parameters<typeof badRequest>[0]);
    const next = await this.deps.sequencer.dispatch('lever.setStops', { id, userId, takeProfit, stopLoss });
    return this.view(next);
  }

  /** lever/deal: a market's terms for the user, the mark, the hazard rate and their latest positions. */
  async deal(userId: number, marketId: number, lang: Lang = 'en'): Promise<LeverDeal> {
    const { market, terms } = await this.leverMarket(marketId);
    const account = this.deps.sequencer.books.find({ userId }, LEVER, market.quoteId);
    const mine = this.book
      .ofUser(userId)
      .filter((position) => position.marketId === marketId)
      .sort((a, b) => b.id - a.id)
      .slice(0, 10);
    const latest = this.deps.tape.latest(marketId);
    const hazard = this.hazardOf(userId, market.quoteId);
    return {
      currency_match_id: market.id,
      symbol: market.symbol,
      user_lever: Decimal.unitsToString(account?.balance ?? 0n),
      // The spec's client reads muit as [{value}] and share as [{value, label}] in its selectors.
      multiple: {
        muit: terms.multiples.map((value) => ({ value })),
        share: handsChoices(terms.minShare, terms.maxShare),
      },
      lever_share_limit: { min: terms.minShare, max: terms.maxShare },
      lever_point_rate: dec(market.row.lever_point_rate).toString(),
      lever_share_num: dec(market.row.lever_share_num).toString(),
      lever_fee_rate: dec(market.row.lever_fee_rate).toString(),
      overnight_rate: terms.overnightRate.toString(),
      last_price: latest ? latest.price.toString() : null,
      hazard_rate: hazard === null ? null : hazard.toString(),
      liquidation_rate: await this.deps.settings.get('lever_liquidation_rate'),
      my_transaction: mine.map((position) => this.view(position, undefined, lang)),
      quotation: this.deps.quotation(market),
      all_levers: [...this.deps.sequencer.books.accounts()]
        .filter((account) => account.userId === userId && account.typeId === LEVER)
        .map((account) => ({
          currency_id: account.currencyId,
          code: this.deps.currencies.currency(account.currencyId).code,
          balance: Decimal.unitsToString(account.balance),
          lock_balance: Decimal.unitsToString(account.lock),
        })),
    };
  }

  /** The hazard rate of a user's open positions in one quote currency, at the tape's marks. */
  hazardOf(userId: number, quoteId: number): Decimal | null {
    const account = this.deps.sequencer.books.find({ userId }, LEVER, quoteId);
    const open = this.book.ofHolder(userId, quoteId).filter((position) => position.status === 1);
    return hazardRate(
      Decimal.fromUnits(account?.balance ?? 0n),
      open.map((position) => ({ margin: position.margin, profit: this.profitNow(position) })),
    );
  }

  profitNow(position: Position): Decimal {
    const latest = this.deps.tape.latest(position.marketId);
    return latest ? profitAt(position.side, position.price, latest.price, position.number) : Decimal.ZERO;
  }

  /** lever/my_trade: 5 open here, 1 all open, 0 all pending, 3 all closed, 4 cancelled, 6 pending here. */
  async myTrade(
    userId: number,
    query: { status: number; currency_match_id?: number | undefined; page: number; limit: number },
    lang: Lang = 'en',
  ): Promise<Paged<LeverPositionView>> {
    const statusOf: Record<number, number> = { 5: 1, 1: 1, 0: 0, 3: 3, 6: 0, 4: 4 };
    let select = this.deps.db
      .selectFrom('lever_positions')
      .where('user_id', '=', userId)
      .where('status', '=', statusOf[query.status]!);
    if ((query.status === 5 || query.status === 6) && query.currency_match_id) {
      select = select.where('currency_match_id', '=', query.currency_match_id);
    }
    const { total, rows } = await newestFirst(select, query.page, query.limit);
    return paged(
      rows.map((row) => this.rowView(row, lang)),
      total,
      query.page,
      query.limit,
    );
  }

  /** lever/dealall: every position and order of the user, newest first. */
  async dealAll(
    userId: number,
    query: { currency_match_id?: number | undefined; page: number; limit: number },
    lang: Lang = 'en',
  ): Promise<LeverDealAll> {
    let select = this.deps.db.selectFrom('lever_positions').where('user_id', '=', userId);
    if (query.currency_match_id) select = select.where('currency_match_id', '=', query.currency_match_id);
    const { total, rows } = await newestFirst(select, query.page, query.limit);
    // The spec's client reads the list under `order`.
    return {
      order: paged(
        rows.map((row) => this.rowView(row, lang)),
        total,
        query.page,
        query.limit,
      ),
    };
  }

  /**
   * lever/verify: one of the caller's positions with the tape rows whose marks opened and closed
   * it, and the rule in words with its numbers.
   */
  async verify(userId: number, id: number, lang: Lang): Promise<LeverVerification> {
    const row = await this.deps.db
      .selectFrom('lever_positions')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row) throw notFound('error.lever_unknown');
    const entryAt = (time: number | null) =>
      time === null ? Promise.resolve(null) : this.deps.tape.entryAt(row.currency_match_id, Number(time));
    const position = this.rowView(row);
    const words = {
      side: translate(lang, position.type === 1 ? 'lever.side_long' : 'lever.side_short'),
      mark: position.origin_price,
      spread: String(row.point_rate),
      entry: position.price ?? '—',
      close_mark: position.update_price,
      close: position.close_price ?? '—',
      number: position.number,
      profit: position.profits,
    };
    const closed = row.status === LeverStatus.CLOSED;
    return {
      position,
      open_entry: await entryAt(row.open_mark_time),
      close_entry: closed ? await entryAt(row.close_mark_time) : null,
      rule: [
        translate(lang, 'lever.rule_open', words),
        ...(closed
          ? [
              translate(
                lang,
                row.closed_type === 1 ? 'lever.rule_closed_user' : 'lever.rule_closed_mark',
                words,
              ),
            ]
          : []),
      ].join(' '),
    };
  }

  private async row(id: number): Promise<Selectable<LeverPositionsTable>> {
    return this.deps.db
      .selectFrom('lever_positions')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  }

  /** A stored row: live ones from memory (the mark moves them), ended ones as stored. */
  rowView(row: Selectable<LeverPositionsTable>, lang: Lang = 'en'): LeverPositionView {
    const live = this.book.get(row.id);
    if (live) return this.view(live, undefined, lang);
    const position = positionOfRow(row);
    return this.view(
      position,
      {
        status: row.status,
        closedType: row.closed_type,
        closePrice: row.close_price === null ? null : dec(row.close_price),
        updatePrice: dec(row.update_price),
        profit: row.profits === null ? Decimal.ZERO : dec(row.profits),
        insuranceCover: dec(row.insurance_cover),
        closedAt: row.closed_at === null ? null : Number(row.closed_at),
      },
      lang,
    );
  }

  view(
    position: Position,
    ended?: {
      status: number;
      closedType: number;
      closePrice: Decimal | null;
      updatePrice: Decimal;
      profit: Decimal;
      insuranceCover: Decimal;
      closedAt: number | null;
    },
    lang: Lang = 'en',
  ): LeverPositionView {
    const market = this.deps.markets.market(position.marketId);
    const mark = this.deps.tape.latest(position.marketId)?.price ?? position.originPrice;
    const status = (ended?.status ?? position.status) as LeverPositionView['status'];
    const pending =
      status === LeverStatus.PENDING || (status === LeverStatus.CANCELLED && position.openedAt === null);
    const loss = closedLoss(ended?.profit ?? Decimal.ZERO, ended?.insuranceCover ?? Decimal.ZERO);
    return {
      id: position.id,
      type: position.side,
      // The spec's client shows the side by its name, in the reader's language.
      type_name: translate(lang, position.side === 1 ? 'lever.side_long' : 'lever.side_short'),
      status,
      closed_type: ended?.closedType ?? 0,
      currency_match_id: market.id,
      symbol: market.symbol,
      base_currency_id: market.baseId,
      quote_currency_id: market.quoteId,
      quote_currency_code: market.quoteCode,
      share: position.share,
      number: position.number.toString(),
      multiple: position.multiple,
      price: pending ? null : position.price.toString(),
      target_price: position.target === null ? null : position.target.toString(),
      origin_price: position.originPrice.toString(),
      update_price: (ended?.updatePrice ?? mark).toString(),
      close_price: ended?.closePrice ? ended.closePrice.toString() : null,
      target_profit_price: position.takeProfit.toString(),
      stop_loss_price: position.stopLoss.toString(),
      caution_money: position.margin.toString(),
      origin_caution_money: position.originMargin.toString(),
      trade_fee: position.fee.toString(),
      overnight_money: position.overnight.toString(),
      profits: (ended ? ended.profit : pending ? Decimal.ZERO : this.profitNow(position)).toString(),
      user_loss: loss.userLoss.toString(),
      insurance_cover: loss.insuranceCover.toString(),
      time: position.createdAt,
      transaction_time: position.openedAt,
      complete_time: ended?.closedAt ?? null,
    };
  }
}
