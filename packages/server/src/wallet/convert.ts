import { Decimal, type ConvertResult } from '@oex/protocol';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { CommandContext, Sequencer } from '../ledger/sequencer.js';
import { postingErrorToAppError } from '../ledger/service.js';
import { RequestOnce, sameRequest, type RequestOnceKey } from '../lib/request-once.js';
import { badRequest } from '../platform/errors.js';
import type { CurrencyDirectory } from '../ledger/currencies.js';
import { SELL } from '../spot/engine.js';
import { MARKET, type OrderOutcome } from '../spot/orders.js';
import type { PlaceData, SpotService } from '../spot/service.js';

export interface ConvertInput {
  currency_id: number;
  number: string;
}

/** A conversion as data (`wallet.convert`): its market sell and the caller's request id. */
export interface ConvertData {
  order: PlaceData;
  request: { id: string; hash: string } | null;
}

declare module '../ledger/commands.js' {
  interface CommandCatalogue {
    'wallet.convert': { data: ConvertData; result: OrderOutcome };
  }
}

/**
 * account/convert: a real market sell of the currency on its USDT market, through the same engine
 * and fees as any order, so the answer is the fill the book gave, never a made-up rate. With a
 * request id, the id is written in the same commit as the order: a retry (after a lost answer, or
 * a restart) answers the first conversion and never sells twice.
 */
export class Conversions {
  private readonly requests = new RequestOnce<ConvertResult>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly spot: SpotService,
    private readonly currencies: CurrencyDirectory,
    private readonly sequencer: Sequencer,
  ) {
    sequencer.handle('wallet.convert', (context, data) => this.applyConvert(context, data));
  }

  async convert(
    userId: number,
    input: ConvertInput,
    request?: RequestOnceKey | null,
  ): Promise<ConvertResult> {
    const currency = this.currencies.currency(input.currency_id);
    const market = this.spot.markets.all().find((candidate) => candidate.symbol === `${currency.code}/USDT`);
    if (!market) throw badRequest('error.convert_no_market');
    if (!request) return this.sell(userId, market.id, input.number, null);
    return this.requests.run(
      `${userId}|${request.id}`,
      () => this.earlier(userId, request.id, request.hash),
      () => this.sell(userId, market.id, input.number, { requestId: request.id, hash: request.hash }),
    );
  }

  /** The answer of an earlier conversion with this request id, if there was one. */
  private async earlier(userId: number, requestId: string, hash: string): Promise<ConvertResult | undefined> {
    const earlier = sameRequest(
      await this.db
        .selectFrom('convert_requests')
        .selectAll()
        .where('user_id', '=', userId)
        .where('request_id', '=', requestId)
        .executeTakeFirst(),
      hash,
    );
    return earlier && this.result(earlier.order_id);
  }

  private async sell(
    userId: number,
    marketId: number,
    number: string,
    request: { requestId: string; hash: string } | null,
  ): Promise<ConvertResult> {
    const order = this.spot.orderData(userId, SELL, { marketId, number, type: MARKET });
    const outcome = await this.sequencer
      .dispatch('wallet.convert', {
        order,
        request: request && { id: request.requestId, hash: request.hash },
      })
      .catch(postingErrorToAppError);
    return this.toResult(
      this.spot.openOrderView(outcome.order, outcome.status),
      outcome.order.market.symbol,
      outcome.order.id,
    );
  }

  /** The conversion's order, and its request id written in the same commit. */
  private applyConvert(context: CommandContext, { order, request }: ConvertData): OrderOutcome {
    const outcome = this.spot.applyPlace(context, order);
    if (request) {
      context.write(
        this.db
          .insertInto('convert_requests')
          .values({
            user_id: order.userId,
            request_id: request.id,
            request_hash: request.hash,
            order_id: outcome.order.id,
            created_at: context.now,
          })
          .compile(),
      );
    }
    return outcome;
  }

  /** The answer of an earlier conversion, from its order as it stands. */
  private async result(orderId: number): Promise<ConvertResult> {
    const row = await this.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    const view = this.spot.orderView(row, 'en');
    return this.toResult(view, view.currency_match.symbol, orderId);
  }

  private toResult(
    view: ReturnType<SpotService['openOrderView']>,
    symbol: string,
    orderId: number,
  ): ConvertResult {
    const gross = Decimal.parse(view.transacted_volume);
    const fee = Decimal.parse(view.fee);
    return {
      order_id: orderId,
      symbol,
      sold: view.transacted_amount,
      received: (view.fee_currency === 'USDT' ? gross.sub(fee) : gross).toString(),
      avg_price: view.avg_price,
      fee: view.fee,
      fee_currency: view.fee_currency,
      partial: Decimal.parse(view.transacted_amount).lt(Decimal.parse(view.number)),
    };
  }
}
