import { AccountTypeId, Decimal } from '@oex/protocol';
import { createHash, randomBytes } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { OrdersTable } from '../../db/schema.js';
import type { Market } from '../../market/markets.js';
import { BUY, SELL, type Side } from '../../spot/engine.js';
import { LIMIT, MARKET, OrderStatus } from '../../spot/orders.js';
import type { BinanceContext } from '../domain.js';
import {
  BinanceError,
  badParam,
  cancelRejected,
  invalidListenKey,
  mandatoryParam,
  noSuchOrder,
  orderRejected,
} from '../errors.js';
import type { ListenKeys } from '../listen-keys.js';
import { requestWeight } from '../rate-rules.js';
import { DUPLICATE_ORDER, orderStatus, orderTypeName, sideName, validClientOrderId } from '../rules.js';
import { binanceSymbol } from '../symbols.js';
import type { Params } from './params.js';
import type { Call, RouteDef } from './plugin.js';

const text = (value: string | null) => (value === null ? '0' : Decimal.parse(String(value)).toString());

/** What a new order asks, read and checked as Binance does before anything is placed. */
interface OrderRequest {
  market: Market;
  way: Side;
  type: typeof LIMIT | typeof MARKET;
  price?: string;
  quantity?: string;
  quoteOrderQty?: string;
  clientOrderId: string;
  respType: 'ACK' | 'RESULT' | 'FULL';
}

/** Signed calls: the account, orders, trades, and the user-data stream's listen key. */
export function tradingRoutes(context: BinanceContext, listenKeys: ListenKeys): RouteDef[] {
  const { spot, markets, db, currencies } = context;
  /** Client order ids being placed now, so a twin sent at once is refused like a later copy. */
  const inFlight = new Set<string>();

  const fixed = (path: string, method: string) => () => requestWeight(path, method);

  const readOrder = (params: Params): OrderRequest => {
    const market = params.market(markets);
    const sideText = params.required('side').toUpperCase();
    if (sideText !== 'BUY' && sideText !== 'SELL') throw new BinanceError(400, -1117, 'Invalid side.');
    const typeText = params.required('type').toUpperCase();
    if (typeText !== 'LIMIT' && typeText !== 'MARKET') {
      throw new BinanceError(400, -1116, 'Invalid orderType.');
    }
    const quantity = params.decimal('quantity')?.toString();
    const quoteOrderQty = params.decimal('quoteOrderQty')?.toString();
    const price = params.decimal('price')?.toString();
    const respText = (params.text('newOrderRespType') ?? 'FULL').toUpperCase();
    if (respText !== 'ACK' && respText !== 'RESULT' && respText !== 'FULL') {
      throw badParam("Invalid value for parameter 'newOrderRespType'.");
    }
    for (const unsupported of ['stopPrice', 'icebergQty', 'trailingDelta', 'strategyId']) {
      if (params.text(unsupported) !== undefined)
        throw badParam(`Parameter '${unsupported}' is not supported here.`);
    }
    const way = sideText === 'BUY' ? BUY : SELL;
    if (typeText === 'LIMIT') {
      const timeInForce = params.required('timeInForce').toUpperCase();
      if (timeInForce !== 'GTC')
        throw new BinanceError(400, -1115, 'Invalid timeInForce: only GTC is supported.');
      if (price === undefined) throw mandatoryParam('price');
      if (quantity === undefined) throw mandatoryParam('quantity');
      if (quoteOrderQty !== undefined) throw badParam("Parameter 'quoteOrderQty' is for MARKET orders only.");
    } else {
      if (price !== undefined)
        throw badParam("Parameter 'price' was sent, but is not required for MARKET orders.");
      if ((quantity === undefined) === (quoteOrderQty === undefined)) {
        throw mandatoryParam(quantity === undefined ? 'quantity' : 'quoteOrderQty');
      }
      if (quoteOrderQty !== undefined && way === SELL) {
        throw orderRejected('quoteOrderQty is supported for MARKET BUY orders only.');
      }
    }
    const clientOrderId = params.text('newClientOrderId') ?? `oex-${randomBytes(12).toString('hex')}`;
    if (!validClientOrderId(clientOrderId))
      throw badParam("Illegal characters found in parameter 'newClientOrderId'.");
    return {
      market,
      way,
      type: typeText === 'LIMIT' ? LIMIT : MARKET,
      ...(price !== undefined ? { price } : {}),
      ...(quantity !== undefined ? { quantity } : {}),
      ...(quoteOrderQty !== undefined ? { quoteOrderQty } : {}),
      clientOrderId,
      respType: respText,
    };
  };

  const orderView = (row: Selectable<OrdersTable>) => {
    const market = markets.market(row.currency_match_id);
    const amount = Decimal.parse(String(row.number));
    const filled = Decimal.parse(String(row.transacted_amount));
    return {
      symbol: binanceSymbol(market),
      orderId: row.id,
      orderListId: -1,
      clientOrderId: row.request_id ?? String(row.id),
      price: text(row.price),
      origQty: amount.toString(),
      executedQty: filled.toString(),
      cummulativeQuoteQty: text(row.transacted_volume),
      status: orderStatus(row.status, filled, amount),
      timeInForce: 'GTC',
      type: orderTypeName(row.type),
      side: sideName(row.way),
      stopPrice: '0',
      icebergQty: '0',
      time: row.created_at,
      updateTime: row.updated_at,
      isWorking: row.status === OrderStatus.OPEN,
      workingTime: row.created_at,
      origQuoteOrderQty: '0',
      selfTradePreventionMode: 'EXPIRE_MAKER',
    };
  };

  /** The caller's order named by `orderId` or `origClientOrderId` in the symbol's market. */
  const findOrder = async (call: Call, market: Market) => {
    const orderId = call.params.integer('orderId', { min: 1 });
    const clientId = call.params.text('origClientOrderId');
    if (orderId === undefined && clientId === undefined) throw mandatoryParam('orderId');
    let query = db.kysely
      .selectFrom('orders')
      .selectAll()
      .where('user_id', '=', call.grant.userId)
      .where('currency_match_id', '=', market.id);
    if (orderId !== undefined) query = query.where('id', '=', orderId);
    if (clientId !== undefined) query = query.where('request_id', '=', clientId);
    return query.executeTakeFirst();
  };

  const orderRow = (userId: number, id: number) =>
    db.kysely
      .selectFrom('orders')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  /** The fills an order made when it arrived (as the taker), with the fee it paid on each. */
  const fillsOf = async (row: Selectable<OrdersTable>) => {
    const market = markets.market(row.currency_match_id);
    const isBuy = row.way === BUY;
    const trades = await db.kysely
      .selectFrom('trades')
      .selectAll()
      .where(isBuy ? 'buy_order_id' : 'sell_order_id', '=', row.id)
      .where('taker_way', '=', row.way)
      .orderBy('id')
      .execute();
    const feeAsset = currencies.currency(isBuy ? market.baseId : market.quoteId).code;
    return trades.map((trade) => ({
      price: text(trade.price),
      qty: text(trade.number),
      commission: text(isBuy ? trade.buy_fee : trade.sell_fee),
      commissionAsset: feeAsset,
      tradeId: trade.id,
    }));
  };

  const place = async (call: Call) => {
    const order = readOrder(call.params);
    const userId = call.grant.userId;
    const flightKey = `${userId}|${order.clientOrderId}`;
    if (inFlight.has(flightKey)) throw orderRejected(DUPLICATE_ORDER);
    inFlight.add(flightKey);
    try {
      const earlier = await db.kysely
        .selectFrom('orders')
        .select('id')
        .where('user_id', '=', userId)
        .where('request_id', '=', order.clientOrderId)
        .executeTakeFirst();
      if (earlier) throw orderRejected(DUPLICATE_ORDER);
      const hash = createHash('sha256')
        .update(
          JSON.stringify([
            order.market.id,
            order.way,
            order.type,
            order.price,
            order.quantity,
            order.quoteOrderQty,
          ]),
        )
        .digest('hex');
      // The duplicate check above is the client id's; placed straight, with no second lookup.
      const outcome = await spot.place(userId, order.way, {
        marketId: order.market.id,
        type: order.type,
        price: order.price,
        number: order.quantity,
        total: order.quoteOrderQty,
        request: { id: order.clientOrderId, hash },
      });
      const ack = {
        symbol: binanceSymbol(order.market),
        orderId: outcome.order.id,
        orderListId: -1,
        clientOrderId: order.clientOrderId,
        transactTime: outcome.order.createdAt,
      };
      if (order.respType === 'ACK') return ack;
      const row = await orderRow(userId, outcome.order.id);
      const {
        time: _time,
        updateTime: _update,
        isWorking: _working,
        stopPrice: _stop,
        icebergQty: _ice,
        ...result
      } = orderView(row);
      const answer = { ...result, transactTime: row.created_at };
      if (order.respType === 'RESULT') return answer;
      return { ...answer, fills: await fillsOf(row) };
    } finally {
      inFlight.delete(flightKey);
    }
  };

  const cancelOne = async (userId: number, row: Selectable<OrdersTable>) => {
    if (row.status !== OrderStatus.OPEN) throw cancelRejected();
    try {
      await spot.cancel(userId, row.id, row.way as Side);
    } catch {
      // Filled or cancelled meanwhile.
      throw cancelRejected();
    }
    const after = await orderRow(userId, row.id);
    return { ...orderView(after), origClientOrderId: after.request_id ?? String(after.id) };
  };

  const listOrders = async (
    userId: number,
    market: Market | undefined,
    scope: 'open' | 'all',
    params: Params,
  ) => {
    let query = db.kysely.selectFrom('orders').selectAll().where('user_id', '=', userId);
    if (market) query = query.where('currency_match_id', '=', market.id);
    if (scope === 'open')
      return (await query.where('status', '=', OrderStatus.OPEN).orderBy('id').execute()).map(orderView);
    const fromId = params.integer('orderId', { min: 0 });
    const startTime = params.integer('startTime', { min: 0 });
    const endTime = params.integer('endTime', { min: 0 });
    if (fromId !== undefined) query = query.where('id', '>=', fromId);
    if (startTime !== undefined) query = query.where('created_at', '>=', startTime);
    if (endTime !== undefined) query = query.where('created_at', '<=', endTime);
    const limit = params.limit(500, 1000);
    const ascending = fromId !== undefined || startTime !== undefined;
    const rows = await query
      .orderBy('id', ascending ? 'asc' : 'desc')
      .limit(limit)
      .execute();
    return (ascending ? rows : rows.reverse()).map(orderView);
  };

  const listenKeyOf = (call: Call) => {
    const listenKey = call.params.required('listenKey');
    return listenKey;
  };

  return [
    {
      method: 'GET',
      path: 'account',
      auth: 'signed',
      weight: fixed('account', 'GET'),
      handle: async (call) => {
        const rows = await db.kysely
          .selectFrom('accounts')
          .select(['currency_id', 'balance', 'lock_balance', 'updated_at'])
          .where('user_id', '=', call.grant.userId)
          .where('account_type_id', '=', AccountTypeId.change_account)
          .execute();
        const byCurrency = new Map(rows.map((row) => [row.currency_id, row]));
        const omitZero = call.params.text('omitZeroBalances') === 'true';
        const balances = currencies
          .all()
          .map((currency) => {
            const row = byCurrency.get(currency.id);
            return {
              asset: currency.code,
              free: text(row?.balance ?? null),
              locked: text(row?.lock_balance ?? null),
            };
          })
          .filter((balance) => !omitZero || balance.free !== '0' || balance.locked !== '0');
        const canTrade = call.grant.permissions.trade;
        return {
          makerCommission: 0,
          takerCommission: 0,
          buyerCommission: 0,
          sellerCommission: 0,
          commissionRates: { maker: '0', taker: '0', buyer: '0', seller: '0' },
          canTrade,
          canWithdraw: call.grant.permissions.withdraw,
          canDeposit: true,
          brokered: false,
          requireSelfTradePrevention: false,
          preventSor: true,
          updateTime: rows.reduce((latest, row) => Math.max(latest, row.updated_at), 0),
          accountType: 'SPOT',
          balances,
          permissions: ['SPOT'],
          uid: call.grant.userId,
        };
      },
    },
    {
      method: 'POST',
      path: 'order',
      auth: 'trade',
      placesOrder: true,
      weight: fixed('order', 'POST'),
      handle: place,
    },
    {
      method: 'POST',
      path: 'order/test',
      auth: 'trade',
      weight: fixed('order/test', 'POST'),
      handle: async (call) => {
        const order = readOrder(call.params);
        if (!order.market.tradable) throw orderRejected('Market is closed.');
        // The market's own checks of the figures, without placing anything.
        if (order.price !== undefined) order.market.toTicks(Decimal.parse(order.price));
        if (order.quantity !== undefined) {
          order.market.toLots(Decimal.parse(order.quantity));
          order.market.checkMinimum(Decimal.parse(order.quantity));
        }
        return {};
      },
    },
    {
      method: 'GET',
      path: 'order',
      auth: 'signed',
      weight: fixed('order', 'GET'),
      handle: async (call) => {
        const row = await findOrder(call, call.params.market(markets));
        if (!row) throw noSuchOrder();
        return orderView(row);
      },
    },
    {
      method: 'DELETE',
      path: 'order',
      auth: 'trade',
      weight: fixed('order', 'DELETE'),
      handle: async (call) => {
        const row = await findOrder(call, call.params.market(markets));
        if (!row) throw cancelRejected();
        return cancelOne(call.grant.userId, row);
      },
    },
    {
      method: 'GET',
      path: 'openOrders',
      auth: 'signed',
      weight: (params) => requestWeight('openOrders', 'GET', { whole: params.text('symbol') === undefined }),
      handle: async (call) => {
        const market = call.params.text('symbol') === undefined ? undefined : call.params.market(markets);
        return listOrders(call.grant.userId, market, 'open', call.params);
      },
    },
    {
      method: 'DELETE',
      path: 'openOrders',
      auth: 'trade',
      weight: fixed('openOrders', 'DELETE'),
      handle: async (call) => {
        const market = call.params.market(markets);
        const rows = await db.kysely
          .selectFrom('orders')
          .selectAll()
          .where('user_id', '=', call.grant.userId)
          .where('currency_match_id', '=', market.id)
          .where('status', '=', OrderStatus.OPEN)
          .orderBy('id')
          .execute();
        const cancelled = [];
        for (const row of rows) {
          try {
            cancelled.push(await cancelOne(call.grant.userId, row));
          } catch {
            // Filled meanwhile: not cancelled, not listed.
          }
        }
        return cancelled;
      },
    },
    {
      method: 'GET',
      path: 'allOrders',
      auth: 'signed',
      weight: fixed('allOrders', 'GET'),
      handle: async (call) => listOrders(call.grant.userId, call.params.market(markets), 'all', call.params),
    },
    {
      method: 'GET',
      path: 'myTrades',
      auth: 'signed',
      weight: fixed('myTrades', 'GET'),
      handle: async (call) => {
        const market = call.params.market(markets);
        const userId = call.grant.userId;
        const params = call.params;
        const orderId = params.integer('orderId', { min: 1 });
        const fromId = params.integer('fromId', { min: 0 });
        const startTime = params.integer('startTime', { min: 0 });
        const endTime = params.integer('endTime', { min: 0 });
        const limit = params.limit(500, 1000);
        let query = db.kysely
          .selectFrom('trades')
          .selectAll()
          .where('currency_match_id', '=', market.id)
          .where((eb) => eb.or([eb('buyer_id', '=', userId), eb('seller_id', '=', userId)]));
        if (orderId !== undefined) {
          query = query.where((eb) =>
            eb.or([eb('buy_order_id', '=', orderId), eb('sell_order_id', '=', orderId)]),
          );
        }
        if (fromId !== undefined) query = query.where('id', '>=', fromId);
        if (startTime !== undefined) query = query.where('created_at', '>=', startTime);
        if (endTime !== undefined) query = query.where('created_at', '<=', endTime);
        const ascending = fromId !== undefined || startTime !== undefined;
        const rows = await query
          .orderBy('id', ascending ? 'asc' : 'desc')
          .limit(limit)
          .execute();
        const base = currencies.currency(market.baseId).code;
        const quote = currencies.currency(market.quoteId).code;
        return (ascending ? rows : rows.reverse()).map((trade) => {
          // Self-trade prevention keeps a user on one side of each trade.
          const isBuyer = trade.buyer_id === userId;
          return {
            symbol: binanceSymbol(market),
            id: trade.id,
            orderId: isBuyer ? trade.buy_order_id : trade.sell_order_id,
            orderListId: -1,
            price: text(trade.price),
            qty: text(trade.number),
            quoteQty: text(trade.amount),
            commission: text(isBuyer ? trade.buy_fee : trade.sell_fee),
            commissionAsset: isBuyer ? base : quote,
            time: trade.created_at,
            isBuyer,
            isMaker: trade.taker_way !== (isBuyer ? BUY : SELL),
            isBestMatch: true,
          };
        });
      },
    },
    {
      method: 'POST',
      path: 'userDataStream',
      auth: 'key',
      weight: fixed('userDataStream', 'POST'),
      handle: async (call) => ({ listenKey: listenKeys.open(call.grant.userId, call.grant.id).listenKey }),
    },
    {
      method: 'PUT',
      path: 'userDataStream',
      auth: 'key',
      weight: fixed('userDataStream', 'PUT'),
      handle: async (call) => {
        if (!listenKeys.keepalive(listenKeyOf(call), call.grant.userId)) throw invalidListenKey();
        return {};
      },
    },
    {
      method: 'DELETE',
      path: 'userDataStream',
      auth: 'key',
      weight: fixed('userDataStream', 'DELETE'),
      handle: async (call) => {
        if (!listenKeys.remove(listenKeyOf(call), call.grant.userId)) throw invalidListenKey();
        return {};
      },
    },
  ];
}
