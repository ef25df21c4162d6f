import { Decimal, type ConvertResult } from '@oex/protocol';
import { badRequest } from '../http/errors.js';
import type { CurrencyDirectory } from '../ledger/currencies.js';
import { SELL } from '../spot/engine.js';
import { MARKET } from '../spot/orders.js';
import type { SpotService } from '../spot/service.js';

/**
 * account/convert: a real market sell of the currency on its USDT market, through the same engine
 * and fees as any order, so the answer is the fill the book gave, never a made-up rate.
 */
export async function convertToUsdt(
  spot: SpotService,
  currencies: CurrencyDirectory,
  userId: number,
  input: { currency_id: number; number: string },
): Promise<ConvertResult> {
  const currency = currencies.currency(input.currency_id);
  const market = spot.markets.all().find((candidate) => candidate.symbol === `${currency.code}/USDT`);
  if (!market) throw badRequest('error.convert_no_market');
  const outcome = await spot.place(userId, SELL, { marketId: market.id, number: input.number, type: MARKET });
  const view = spot.openOrderView(outcome.order, outcome.status);
  const gross = Decimal.parse(view.transacted_volume);
  const fee = Decimal.parse(view.fee);
  return {
    order_id: outcome.order.id,
    symbol: market.symbol,
    sold: view.transacted_amount,
    received: (view.fee_currency === 'USDT' ? gross.sub(fee) : gross).toString(),
    avg_price: view.avg_price,
    fee: view.fee,
    fee_currency: view.fee_currency,
    partial: Decimal.parse(view.transacted_amount).lt(Decimal.parse(view.number)),
  };
}
