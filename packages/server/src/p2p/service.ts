import { readFileSync } from 'node:fs';
import {
  AccountTypeId,
  Decimal,
  P2P_AD_INSUFFICIENT,
  P2P_AD_OPEN,
  P2P_APPLICATION_APPROVED,
  P2P_APPLICATION_PENDING,
  P2P_APPLICATION_REJECTED,
  P2P_DAILY_CANCEL_LIMIT,
  P2P_ORDER_APPEAL,
  P2P_ORDER_CANCELLED,
  P2P_ORDER_COMPLETED,
  P2P_ORDER_PAID,
  P2P_ORDER_POSTPONED,
  P2P_ORDER_WAITING,
  PAY_METHOD_CODES,
  type P2pAdminAppealView,
  type P2pAdStatus,
  type P2pAdView,
  type P2pApplicationView,
  type P2pAppealView,
  type P2pConfigView,
  type P2pImageRef,
  type P2pMerchantLevel,
  type P2pMerchantView,
  type P2pOrderDetail,
  type P2pOrderStatus,
  type P2pOrderView,
  type P2pRole,
  type P2pShopInfo,
  type P2pSide,
  type P2pTimelineEntry,
  type Paged,
  type PayMethodCode,
  type PayMethodView,
} from '@oex/protocol';
import type { Kysely, Selectable } from 'kysely';
import type { Settings } from '../platform/settings.js';
import { newestFirst } from '../db/paging.js';
import type { Database, P2pOrdersTable } from '../db/schema.js';
import { paged } from '../lib/paged.js';
import { badRequest, conflict, notFound } from '../platform/errors.js';
import type { CurrencyDirectory } from '../ledger/currencies.js';
import type { Sequencer } from '../ledger/sequencer.js';
import { postingErrorToAppError } from '../ledger/service.js';
import type { Clock } from '../lib/clock.js';
import { RequestOnce } from '../lib/request-once.js';
import { formatDateTime } from '../lib/time.js';
import type { PayMethods } from '../personal/pay-methods.js';
import type { UploadStore } from '../uploads/store.js';
import type { UsersService } from '../users/service.js';
import {
  P2pCommands,
  P2pState,
  type AdState,
  type Changed,
  type OrderChange,
  type OrderState,
} from './commands.js';
import {
  completionRate,
  isOpenOrder,
  merchantLevel,
  numberFromFiat,
  transition,
  type P2pAction,
  type P2pActor,
} from './rules.js';
import { serverPath } from '../lib/paths.js';

const LEGAL = AccountTypeId.legal_account!;
const DAY = 86_400_000;
const STATS_DAYS = 30;

type OrderRow = Selectable<P2pOrdersTable>;

interface DeskFile {
  fiats: string[];
  currencies: string[];
}

export function readDeskFile(): DeskFile {
  return JSON.parse(readFileSync(serverPath('src/p2p/desk.json'), 'utf8')) as DeskFile;
}

export interface P2pDeps {
  db: Kysely<Database>;
  sequencer: Sequencer;
  currencies: CurrencyDirectory;
  settings: Settings;
  users: UsersService;
  payMethods: PayMethods;
  uploads: UploadStore;
  clock: Clock;
  timeZone: string;
}

interface UserBrief {
  id: number;
  name: string;
  level: P2pMerchantLevel;
  isSeller: boolean;
}

const dec = (value: unknown) => Decimal.parse(String(value));

/** The image route of an order: its parties read its vouchers, appeal images and the seller's QR codes. */
export function p2pImageUrl(orderId: number, imageId: number): string {
  return `/api/legal_deal/image/${orderId}/${imageId}`;
}

/** a***@example.com or 138******1234. */
function maskedName(user: { email: string | null; mobile: string | null }): string {
  if (user.email) {
    const at = user.email.indexOf('@');
    return at > 0 ? `${user.email[0]}***${user.email.slice(at)}` : '***';
  }
  if (user.mobile) return `${user.mobile.slice(0, 3)}******${user.mobile.slice(-4)}`;
  return '***';
}

/**
 * The fiat P2P desk: the hall, orders and their detail, merchants' ads and applications, and the
 * operator's calls. Every money move is a sequencer command (commands.ts); this class checks what
 * needs the database first (saved pay methods, uploads, the trade password) and builds views.
 */
export class P2pService {
  readonly commands: P2pCommands;
  private readonly requests = new RequestOnce<P2pOrderView>();
  private readonly listeners: ((changed: Changed) => void)[] = [];
  private readonly desk = readDeskFile();

  private constructor(
    private readonly deps: P2pDeps,
    state: P2pState,
  ) {
    this.commands = new P2pCommands(deps.db, deps.sequencer.rows, state);
    this.commands.register(deps.sequencer);
  }

  get state(): P2pState {
    return this.commands.state;
  }

  static async load(deps: P2pDeps): Promise<P2pService> {
    const { db, clock, timeZone } = deps;
    const ads = await db.selectFrom('p2p_ads').selectAll().execute();
    const orders = await db
      .selectFrom('p2p_orders')
      .selectAll()
      .where('status', 'in', [P2P_ORDER_WAITING, P2P_ORDER_PAID, P2P_ORDER_APPEAL, P2P_ORDER_POSTPONED])
      .execute();
    const cancelled = await db
      .selectFrom('p2p_orders')
      .select(['buyer_id', 'cancelled_at'])
      .where('status', '=', P2P_ORDER_CANCELLED)
      .where('cancelled_at', '>=', clock.now() - 2 * DAY)
      .execute();
    const cancels = new Map<string, number>();
    for (const row of cancelled) {
      const k = `${row.buyer_id}|${formatDateTime(Number(row.cancelled_at), timeZone).slice(0, 10)}`;
      cancels.set(k, (cancels.get(k) ?? 0) + 1);
    }
    const max = async (table: 'p2p_ads' | 'p2p_orders') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.max<number>('id').as('max'))
            .executeTakeFirstOrThrow()
        ).max ?? 0,
      );
    const state = new P2pState({
      ads: ads.map((row): AdState => ({
        id: row.id,
        userId: row.user_id,
        side: row.side as P2pSide,
        currencyId: row.currency_id,
        fiat: row.fiat,
        price: dec(row.price),
        minNumber: dec(row.min_number),
        maxNumber: dec(row.max_number),
        total: dec(row.total),
        remaining: dec(row.remaining),
        payTypes: JSON.parse(row.pay_types) as PayMethodCode[],
        terms: row.terms,
        status: row.status,
      })),
      orders: orders.map((row): OrderState => ({
        id: row.id,
        adId: row.ad_id,
        buyerId: row.buyer_id,
        sellerId: row.seller_id,
        currencyId: row.currency_id,
        number: dec(row.number),
        status: row.status as P2pOrderStatus,
        payDeadline: Number(row.pay_deadline),
        confirmDeadline: row.confirm_deadline === null ? null : Number(row.confirm_deadline),
        autoConfirmAt: row.auto_confirm_at === null ? null : Number(row.auto_confirm_at),
      })),
      cancels: [...cancels],
      frozen: (await db.selectFrom('p2p_freezes').select('user_id').execute()).map((row) => row.user_id),
      maxAdId: await max('p2p_ads'),
      maxOrderId: await max('p2p_orders'),
    });
    return new P2pService(deps, state);
  }

  /** Told after every committed change of an order (the live push). */
  onChange(listener: (changed: Changed) => void): void {
    this.listeners.push(listener);
  }

  private changed(changed: Changed): Changed {
    for (const listener of this.listeners) listener(changed);
    return changed;
  }

  private today(at: number = this.deps.clock.now()): string {
    return formatDateTime(at, this.deps.timeZone).slice(0, 10);
  }

  private async minutes(name: 'p2p_pay_minutes' | 'p2p_confirm_minutes' | 'p2p_auto_confirm_minutes') {
    const value = Number(await this.deps.settings.get(name));
    return Number.isFinite(value) && value >= 0 ? value : 0;
  }

  async config(): Promise<P2pConfigView> {
    return {
      fiats: this.desk.fiats,
      currencies: this.deskCurrencies().map((c) => ({ id: c.id, code: c.code, decimals: c.decimals })),
      pay_types: [...PAY_METHOD_CODES],
      pay_minutes: await this.minutes('p2p_pay_minutes'),
      confirm_minutes: await this.minutes('p2p_confirm_minutes'),
      auto_confirm_minutes: await this.minutes('p2p_auto_confirm_minutes'),
      daily_cancel_limit: P2P_DAILY_CANCEL_LIMIT,
    };
  }

  private deskCurrencies() {
    return this.deps.currencies.all().filter((c) => this.desk.currencies.includes(c.code));
  }

  // ---- users, merchants ---------------------------------------------------------------------------

  private async briefs(ids: readonly number[]): Promise<Map<number, UserBrief>> {
    const wanted = [...new Set(ids)];
    const out = new Map<number, UserBrief>();
    if (wanted.length === 0) return out;
    const rows = await this.deps.db
      .selectFrom('users')
      .select(['id', 'email', 'mobile', 'review_status', 'is_seller'])
      .where('id', 'in', wanted)
      .execute();
    for (const row of rows) {
      out.set(row.id, {
        id: row.id,
        name: maskedName(row),
        level: merchantLevel(row),
        isSeller: row.is_seller === 1,
      });
    }
    return out;
  }

  /** Completed and cancelled orders of each user (either side) over the last 30 days. */
  private async stats(
    ids: readonly number[],
  ): Promise<Map<number, { completed: number; cancelled: number }>> {
    const wanted = [...new Set(ids)];
    const out = new Map<number, { completed: number; cancelled: number }>();
    for (const id of wanted) out.set(id, { completed: 0, cancelled: 0 });
    if (wanted.length === 0) return out;
    const since = this.deps.clock.now() - STATS_DAYS * DAY;
    const rows = await this.deps.db
      .selectFrom('p2p_orders')
      .select(['buyer_id', 'seller_id', 'status'])
      .where((eb) => eb.or([eb('buyer_id', 'in', wanted), eb('seller_id', 'in', wanted)]))
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', P2P_ORDER_COMPLETED), eb('completed_at', '>=', since)]),
          eb.and([eb('status', '=', P2P_ORDER_CANCELLED), eb('cancelled_at', '>=', since)]),
        ]),
      )
      .execute();
    for (const row of rows) {
      for (const id of [row.buyer_id, row.seller_id]) {
        const s = out.get(id);
        if (!s) continue;
        if (row.status === P2P_ORDER_COMPLETED) s.completed += 1;
        else s.cancelled += 1;
      }
    }
    return out;
  }

  private async merchants(ids: readonly number[]): Promise<Map<number, P2pMerchantView>> {
    const [briefs, stats] = await Promise.all([this.briefs(ids), this.stats(ids)]);
    const out = new Map<number, P2pMerchantView>();
    for (const [id, brief] of briefs) {
      const s = stats.get(id)!;
      out.set(id, {
        id,
        name: brief.name,
        level: brief.level,
        completed_orders: s.completed,
        completion_rate: completionRate(s.completed, s.cancelled),
      });
    }
    return out;
  }

  // ---- ads ----------------------------------------------------------------------------------------

  /** The shown status: an open sell ad its merchant cannot cover the minimum of is "insufficient". */
  private adStatus(ad: AdState): P2pAdStatus {
    if (ad.status !== P2P_AD_OPEN) return ad.status as P2pAdStatus;
    if (ad.remaining.lt(ad.minNumber)) return P2P_AD_INSUFFICIENT;
    if (ad.side === 'sell') {
      const account = this.deps.sequencer.books.find({ userId: ad.userId }, LEGAL, ad.currencyId);
      if ((account?.balance ?? 0n) < ad.minNumber.units) return P2P_AD_INSUFFICIENT;
    }
    return P2P_AD_OPEN;
  }

  private async adViews(ads: AdState[]): Promise<P2pAdView[]> {
    const merchants = await this.merchants(ads.map((ad) => ad.userId));
    const rows = await this.deps.db
      .selectFrom('p2p_ads')
      .select(['id', 'created_at'])
      .where('id', 'in', ads.length > 0 ? ads.map((ad) => ad.id) : [0])
      .execute();
    const created = new Map(rows.map((row) => [row.id, Number(row.created_at)]));
    return ads.map((ad) => ({
      id: ad.id,
      side: ad.side,
      currency_id: ad.currencyId,
      currency_code: this.deps.currencies.currency(ad.currencyId).code,
      fiat: ad.fiat,
      price: ad.price.toString(),
      min_number: ad.minNumber.toString(),
      max_number: ad.maxNumber.toString(),
      total: ad.total.toString(),
      remaining: ad.remaining.toString(),
      pay_types: ad.payTypes,
      terms: ad.terms,
      status: this.adStatus(ad),
      merchant: merchants.get(ad.userId) ?? {
        id: ad.userId,
        name: '***',
        level: 0,
        completed_orders: 0,
        completion_rate: '0',
      },
      created_at: created.get(ad.id) ?? 0,
    }));
  }

  /** legal_deal/ads: open ads that can take an order, cheapest first for a buyer (dearest for a seller). */
  async hall(query: {
    side: P2pSide;
    currency_id?: number | undefined;
    fiat?: string | undefined;
    pay_type?: PayMethodCode | undefined;
    page: number;
    limit: number;
  }): Promise<Paged<P2pAdView>> {
    const matching = [...this.state.ads.values()]
      .filter(
        (ad) =>
          ad.side === query.side &&
          (query.currency_id === undefined || ad.currencyId === query.currency_id) &&
          (query.fiat === undefined || ad.fiat === query.fiat) &&
          (query.pay_type === undefined || ad.payTypes.includes(query.pay_type)) &&
          !this.state.frozen.has(ad.userId) &&
          this.adStatus(ad) === P2P_AD_OPEN,
      )
      .sort((a, b) => (query.side === 'sell' ? a.price.cmp(b.price) : b.price.cmp(a.price)) || a.id - b.id);
    const page = matching.slice((query.page - 1) * query.limit, query.page * query.limit);
    return paged(await this.adViews(page), matching.length, query.page, query.limit);
  }

  /** legal_shop/ads: mine, every status, newest first. */
  async myAds(userId: number, query: { page: number; limit: number }): Promise<Paged<P2pAdView>> {
    const mine = [...this.state.ads.values()]
      .filter((ad) => ad.userId === userId)
      .sort((a, b) => b.id - a.id);
    const page = mine.slice((query.page - 1) * query.limit, query.page * query.limit);
    return paged(await this.adViews(page), mine.length, query.page, query.limit);
  }

  private async requireSeller(userId: number): Promise<void> {
    const row = await this.deps.db
      .selectFrom('users')
      .select('is_seller')
      .where('id', '=', userId)
      .executeTakeFirst();
    if (row?.is_seller !== 1) throw badRequest('error.p2p_not_seller');
  }

  async saveAd(
    userId: number,
    input: {
      id?: number | undefined;
      side: P2pSide;
      currency_id: number;
      fiat: string;
      price: string;
      min_number: string;
      max_number: string;
      total: string;
      pay_types: PayMethodCode[];
      terms: string;
    },
  ): Promise<P2pAdView> {
    await this.requireSeller(userId);
    const currency = this.deskCurrencies().find((c) => c.id === input.currency_id);
    if (!currency) throw badRequest('error.p2p_currency_unknown');
    if (!this.desk.fiats.includes(input.fiat)) throw badRequest('error.p2p_fiat_unknown');
    const saved = new Set((await this.deps.payMethods.methodsOf(userId)).map((method) => method.type));
    const missing = input.pay_types.filter((type) => !saved.has(type));
    if (missing.length > 0) throw badRequest('error.p2p_pay_method_missing', { types: missing.join(', ') });
    const ad = await this.deps.sequencer.dispatch('p2p.saveAd', {
      id: input.id,
      userId,
      side: input.side,
      currencyId: currency.id,
      fiat: input.fiat,
      price: dec(input.price),
      minNumber: dec(input.min_number),
      maxNumber: dec(input.max_number),
      total: dec(input.total),
      payTypes: input.pay_types,
      terms: input.terms,
      decimals: currency.decimals,
    });
    return (await this.adViews([ad]))[0]!;
  }

  async setAdStatus(userId: number, id: number, status: 1 | 2 | 3): Promise<P2pAdView> {
    const ad = await this.deps.sequencer.dispatch('p2p.adStatus', { userId, adId: id, status });
    return (await this.adViews([ad]))[0]!;
  }

  // ---- orders -------------------------------------------------------------------------------------

  /** legal_deal/place: by coin amount or by fiat amount (then cut down to the coin's decimals). */
  async place(
    userId: number,
    input: {
      ad_id: number;
      number?: string | undefined;
      fiat_amount?: string | undefined;
      request_id?: string | undefined;
    },
  ): Promise<P2pOrderView> {
    const run = async () => {
      const ad = this.state.ads.get(input.ad_id);
      if (!ad) throw notFound('error.p2p_ad_unknown');
      const decimals = this.deps.currencies.currency(ad.currencyId).decimals;
      if (ad.side === 'buy' && ad.userId !== userId) {
        // The taker sells: the merchant must be able to pay them by one of the ad's methods.
        const saved = new Set((await this.deps.payMethods.methodsOf(userId)).map((method) => method.type));
        if (!ad.payTypes.some((type) => saved.has(type))) {
          throw badRequest('error.p2p_pay_method_missing', { types: ad.payTypes.join(', ') });
        }
      }
      let number: Decimal;
      if (input.number !== undefined) number = dec(input.number);
      else {
        number = numberFromFiat(dec(input.fiat_amount!), ad.price, decimals);
        if (!number.isPositive()) throw badRequest('error.p2p_fiat_too_small');
      }
      const changed = await this.deps.sequencer
        .dispatch('p2p.place', {
          adId: ad.id,
          takerId: userId,
          number,
          decimals,
          payMinutes: await this.minutes('p2p_pay_minutes'),
          requestId: input.request_id ?? null,
          today: this.today(),
        })
        .catch(postingErrorToAppError);
      this.changed(changed);
      return this.orderView(await this.row(changed.orderId), userId);
    };
    if (!input.request_id) return run();
    const requestId = input.request_id;
    return this.requests.run(
      `${userId}|${requestId}`,
      async () => {
        const earlier = await this.deps.db
          .selectFrom('p2p_orders')
          .selectAll()
          .where('taker_id', '=', userId)
          .where('request_id', '=', requestId)
          .executeTakeFirst();
        if (!earlier) return undefined;
        // The same id with other terms is refused rather than answered with the first order.
        if (
          earlier.ad_id !== input.ad_id ||
          (input.number !== undefined && !dec(earlier.number).eq(dec(input.number)))
        ) {
          throw conflict('error.request_id_reused');
        }
        return this.orderView(earlier, userId);
      },
      run,
    );
  }

  private async row(id: number): Promise<OrderRow> {
    const row = await this.deps.db
      .selectFrom('p2p_orders')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound('error.p2p_order_unknown');
    return row;
  }

  /** The order, if the caller is one of its two parties; anyone else is told there is none. */
  private async ownRow(userId: number, id: number): Promise<{ row: OrderRow; role: P2pRole }> {
    const row = await this.row(id);
    if (row.buyer_id === userId) return { row, role: 'buyer' };
    if (row.seller_id === userId) return { row, role: 'seller' };
    throw notFound('error.p2p_order_unknown');
  }

  async orderViews(rows: OrderRow[], viewerId: number): Promise<P2pOrderView[]> {
    const other = (row: OrderRow) => (row.buyer_id === viewerId ? row.seller_id : row.buyer_id);
    const briefs = await this.briefs(rows.map(other));
    return rows.map((row) => {
      const role: P2pRole = row.buyer_id === viewerId ? 'buyer' : 'seller';
      const counterparty = briefs.get(other(row));
      return {
        id: row.id,
        ad_id: row.ad_id,
        side: role === 'buyer' ? 'buy' : 'sell',
        role,
        currency_id: row.currency_id,
        currency_code: this.deps.currencies.currency(row.currency_id).code,
        fiat: row.fiat,
        price: dec(row.price).toString(),
        number: dec(row.number).toString(),
        fiat_amount: dec(row.fiat_amount).toString(2),
        status: row.status as P2pOrderStatus,
        counterparty: { name: counterparty?.name ?? '***', level: counterparty?.level ?? 0 },
        pay_deadline: Number(row.pay_deadline),
        confirm_deadline: row.confirm_deadline === null ? null : Number(row.confirm_deadline),
        paid_at: row.paid_at === null ? null : Number(row.paid_at),
        completed_at: row.completed_at === null ? null : Number(row.completed_at),
        cancelled_at: row.cancelled_at === null ? null : Number(row.cancelled_at),
        created_at: Number(row.created_at),
      };
    });
  }

  async orderViewById(id: number, viewerId: number): Promise<P2pOrderView> {
    return this.orderView(await this.row(id), viewerId);
  }

  async orderView(row: OrderRow, viewerId: number): Promise<P2pOrderView> {
    return (await this.orderViews([row], viewerId))[0]!;
  }

  /** legal_deal/orders: mine as buyer, seller or either, newest first. */
  async orders(
    userId: number,
    query: { role: 'buyer' | 'seller' | 'all'; status?: number | undefined; page: number; limit: number },
  ): Promise<Paged<P2pOrderView>> {
    let select = this.deps.db.selectFrom('p2p_orders');
    if (query.role === 'buyer') select = select.where('buyer_id', '=', userId);
    else if (query.role === 'seller') select = select.where('seller_id', '=', userId);
    else select = select.where((eb) => eb.or([eb('buyer_id', '=', userId), eb('seller_id', '=', userId)]));
    if (query.status !== undefined) select = select.where('status', '=', query.status);
    const { total, rows } = await newestFirst(select, query.page, query.limit);
    return paged(await this.orderViews(rows, userId), total, query.page, query.limit);
  }

  /** legal_shop/orders: orders on my ads. */
  async shopOrders(
    userId: number,
    query: { status?: number | undefined; page: number; limit: number },
  ): Promise<Paged<P2pOrderView>> {
    let select = this.deps.db
      .selectFrom('p2p_orders')
      .where('ad_id', 'in', (eb) => eb.selectFrom('p2p_ads').select('id').where('user_id', '=', userId));
    if (query.status !== undefined) select = select.where('status', '=', query.status);
    const { total, rows } = await newestFirst(select, query.page, query.limit);
    return paged(await this.orderViews(rows, userId), total, query.page, query.limit);
  }

  private async appealOf(orderId: number): Promise<P2pAppealView | null> {
    const row = await this.deps.db
      .selectFrom('p2p_appeals')
      .selectAll()
      .where('order_id', '=', orderId)
      .executeTakeFirst();
    if (!row) return null;
    const images = JSON.parse(row.images) as number[];
    return {
      by: row.by_role as P2pRole,
      reason: row.reason,
      images: images.map((id) => ({ id, url: p2pImageUrl(orderId, id) })),
      opened_at: Number(row.opened_at),
      resolution:
        row.resolved_at === null
          ? null
          : {
              release_to: row.release_to as 'buyer' | 'seller',
              reason: row.resolution ?? '',
              at: Number(row.resolved_at),
            },
    };
  }

  /** The seller's methods among the ad's pay types, with QR codes readable through the order. */
  private async payMethodsFor(row: OrderRow): Promise<PayMethodView[]> {
    const ad = this.state.ads.get(row.ad_id);
    const methods = await this.deps.payMethods.methodsOf(row.seller_id);
    return methods
      .filter((method) => !ad || ad.payTypes.includes(method.type))
      .map((method) =>
        method.type === 'bank'
          ? method
          : {
              ...method,
              raw_data: { ...method.raw_data, qrcode: p2pImageUrl(row.id, method.raw_data.qrcode_id) },
            },
      );
  }

  /** legal_deal/order: the detail; the seller's pay details only for the buyer while the order is open. */
  async detail(userId: number, id: number): Promise<P2pOrderDetail> {
    const { row, role } = await this.ownRow(userId, id);
    const view = await this.orderView(row, userId);
    const vouchers: P2pImageRef[] =
      row.voucher === null ? [] : [{ id: row.voucher, url: p2pImageUrl(row.id, row.voucher) }];
    return {
      ...view,
      timeline: await this.timelineOf(id),
      pay_methods: role === 'buyer' && isOpenOrder(row.status) ? await this.payMethodsFor(row) : null,
      vouchers,
      appeal: await this.appealOf(id),
      terms: this.state.ads.get(row.ad_id)?.terms ?? '',
    };
  }

  private async timelineOf(orderId: number): Promise<P2pTimelineEntry[]> {
    const events = await this.deps.db
      .selectFrom('p2p_order_events')
      .select(['status', 'at'])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute();
    return events.map((event) => ({ status: event.status as P2pOrderStatus, at: Number(event.at) }));
  }

  /** An image of an order for one of its parties: its voucher, its appeal's images, the seller's QR codes. */
  async orderImage(userId: number, orderId: number, imageId: number) {
    const { row, role } = await this.ownRow(userId, orderId);
    const allowed = new Set<number>();
    if (row.voucher !== null) allowed.add(row.voucher);
    const appeal = await this.appealOf(orderId);
    for (const image of appeal?.images ?? []) allowed.add(image.id);
    if (role === 'buyer' && isOpenOrder(row.status)) {
      for (const method of await this.payMethodsFor(row)) {
        if (method.type !== 'bank') allowed.add(method.raw_data.qrcode_id);
      }
    }
    if (role === 'seller') {
      for (const method of await this.deps.payMethods.methodsOf(userId)) {
        if (method.type !== 'bank') allowed.add(method.raw_data.qrcode_id);
      }
    }
    if (!allowed.has(imageId)) throw notFound('error.upload_unknown');
    return this.deps.uploads.read(imageId, 'admin');
  }

  /**
   * One change asked by a party. The pure rules are checked first, so a wrong party or state is told
   * so before any password is tried; the command checks again against the state it holds.
   */
  private async act(
    userId: number,
    orderId: number,
    action: P2pAction,
    before: (role: P2pRole) => Promise<Partial<OrderChange>> = async () => ({}),
  ): Promise<P2pOrderView> {
    const { row, role } = await this.ownRow(userId, orderId);
    const check = transition(row.status as P2pOrderStatus, action, role);
    if ('refused' in check) throw badRequest(check.refused);
    const extra = await before(role);
    const changed = await this.deps.sequencer
      .dispatch('p2p.change', { orderId, action, actor: role, userId, ...extra })
      .catch(postingErrorToAppError);
    this.changed(changed);
    return this.orderView(await this.row(orderId), userId);
  }

  async paid(userId: number, input: { id: number; voucher: number }): Promise<P2pOrderView> {
    return this.act(userId, input.id, 'paid', async () => {
      await this.deps.uploads.requireOwn(userId, [input.voucher]);
      return { voucher: input.voucher, confirmMinutes: await this.minutes('p2p_confirm_minutes') };
    });
  }

  async cancel(userId: number, id: number): Promise<P2pOrderView> {
    return this.act(userId, id, 'cancel', async () => ({ day: this.today() }));
  }

  async confirm(
    userId: number,
    input: { id: number; pay_password: string; totp_code?: string | undefined },
  ): Promise<P2pOrderView> {
    return this.act(userId, input.id, 'confirm', async () => {
      await this.deps.users.verifyPayPassword(userId, input.pay_password);
      await this.deps.users.totp.check(userId, input.totp_code);
      return {};
    });
  }

  async appeal(userId: number, input: { id: number; reason: string; images?: number[] | undefined }) {
    const images = [...new Set(input.images ?? [])];
    return this.act(userId, input.id, 'appeal', async () => {
      await this.deps.uploads.requireOwn(userId, images);
      return { appeal: { reason: input.reason, images } };
    });
  }

  // ---- timers -------------------------------------------------------------------------------------

  /**
   * Applies every deadline that has passed, each as of its own instant and in the order they fell
   * due: an unpaid order is cancelled at its pay deadline, a paid one postponed at its confirmation
   * deadline, and (with auto-confirm on) a postponed one completed at its auto-confirm instant. The
   * command checks the state again, so a deadline applied twice (two passes, a restart) is a no-op.
   */
  async applyDue(): Promise<number> {
    const now = this.deps.clock.now();
    // Yesterday's counts may still be needed by a timeout applied as of yesterday; older ones not.
    this.state.forgetCancelsBefore(this.today(now - DAY));
    const autoMinutes = await this.minutes('p2p_auto_confirm_minutes');
    let applied = 0;
    for (let round = 0; round < 3; round += 1) {
      const due: { at: number; change: OrderChange }[] = [];
      for (const order of this.state.openOrders()) {
        if (order.status === P2P_ORDER_WAITING && order.payDeadline <= now) {
          due.push({
            at: order.payDeadline,
            change: {
              orderId: order.id,
              action: 'timeout_cancel',
              actor: 'system',
              expect: P2P_ORDER_WAITING,
              day: this.today(order.payDeadline),
            },
          });
        } else if (
          order.status === P2P_ORDER_PAID &&
          order.confirmDeadline !== null &&
          order.confirmDeadline <= now
        ) {
          due.push({
            at: order.confirmDeadline,
            change: {
              orderId: order.id,
              action: 'postpone',
              actor: 'system',
              expect: P2P_ORDER_PAID,
              autoConfirmMinutes: autoMinutes,
            },
          });
        } else if (
          order.status === P2P_ORDER_POSTPONED &&
          order.autoConfirmAt !== null &&
          order.autoConfirmAt <= now
        ) {
          due.push({
            at: order.autoConfirmAt,
            change: {
              orderId: order.id,
              action: 'auto_confirm',
              actor: 'system',
              expect: P2P_ORDER_POSTPONED,
            },
          });
        }
      }
      if (due.length === 0) break;
      due.sort((a, b) => a.at - b.at || a.change.orderId - b.change.orderId);
      const results = await Promise.allSettled(
        due.map(({ at, change }) => this.deps.sequencer.dispatch('p2p.change', change, at)),
      );
      for (const result of results) {
        if (result.status === 'fulfilled') {
          applied += 1;
          this.changed(result.value);
        }
      }
      // A postponement applied now may itself be past its auto-confirm instant: look again.
    }
    return applied;
  }

  // ---- merchants ----------------------------------------------------------------------------------

  async apply(userId: number): Promise<P2pShopInfo> {
    const user = await this.deps.db
      .selectFrom('users')
      .select(['review_status', 'is_seller'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    if (user.is_seller === 1) throw badRequest('error.p2p_already_seller');
    if (user.review_status !== 2) throw badRequest('error.p2p_not_certified');
    const pending = await this.deps.db
      .selectFrom('p2p_applications')
      .select('id')
      .where('user_id', '=', userId)
      .where('status', '=', P2P_APPLICATION_PENDING)
      .executeTakeFirst();
    if (pending) throw badRequest('error.p2p_already_applied');
    await this.deps.db
      .insertInto('p2p_applications')
      .values({
        user_id: userId,
        status: P2P_APPLICATION_PENDING,
        reason: null,
        created_at: this.deps.clock.now(),
        decided_at: null,
      })
      .execute();
    return this.info(userId);
  }

  async info(userId: number): Promise<P2pShopInfo> {
    const user = await this.deps.db
      .selectFrom('users')
      .select(['email', 'mobile', 'review_status', 'is_seller'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    const application = await this.deps.db
      .selectFrom('p2p_applications')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    const stats = (await this.stats([userId])).get(userId)!;
    const openAds = [...this.state.ads.values()].filter(
      (ad) => ad.userId === userId && ad.status === P2P_AD_OPEN,
    ).length;
    return {
      is_seller: user.is_seller === 1,
      application: {
        status: (application?.status ?? 0) as 0 | 1 | 2 | 3,
        reason: application?.reason ?? null,
        applied_at: application ? Number(application.created_at) : null,
      },
      level: merchantLevel(user),
      certified: user.review_status === 2,
      frozen: this.state.frozen.has(userId),
      stats: {
        completed_orders: stats.completed,
        completion_rate: completionRate(stats.completed, stats.cancelled),
        open_ads: openAds,
      },
    };
  }

  // ---- operator -----------------------------------------------------------------------------------

  async applications(query: { status: number; page: number }): Promise<Paged<P2pApplicationView>> {
    const select = this.deps.db.selectFrom('p2p_applications').where('status', '=', query.status);
    const { total, rows } = await newestFirst(select, query.page, 20);
    const users = await this.deps.db
      .selectFrom('users')
      .select(['id', 'email', 'mobile'])
      .where('id', 'in', rows.length > 0 ? rows.map((row) => row.user_id) : [0])
      .execute();
    const account = new Map(users.map((u) => [u.id, u.email ?? u.mobile ?? '']));
    return paged(
      rows.map((row) => ({
        id: row.id,
        user_id: row.user_id,
        account: account.get(row.user_id) ?? '',
        status: row.status as 1 | 2 | 3,
        reason: row.reason,
        created_at: Number(row.created_at),
        decided_at: row.decided_at === null ? null : Number(row.decided_at),
      })),
      total,
      query.page,
      20,
    );
  }

  async decide(input: { id: number; approve: boolean; reason: string }): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('p2p_applications')
        .selectAll()
        .where('id', '=', input.id)
        .executeTakeFirst();
      if (!row) throw notFound('error.p2p_application_unknown');
      const updated = await trx
        .updateTable('p2p_applications')
        .set({
          status: input.approve ? P2P_APPLICATION_APPROVED : P2P_APPLICATION_REJECTED,
          reason: input.reason || null,
          decided_at: this.deps.clock.now(),
        })
        .where('id', '=', input.id)
        .where('status', '=', P2P_APPLICATION_PENDING)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw badRequest('error.p2p_application_decided');
      if (input.approve) {
        await trx
          .updateTable('users')
          .set({ is_seller: 1, updated_at: this.deps.clock.now() })
          .where('id', '=', row.user_id)
          .execute();
      }
    });
  }

  async appeals(query: { open: number; page: number }): Promise<Paged<P2pAdminAppealView>> {
    let select = this.deps.db
      .selectFrom('p2p_orders')
      .where('id', 'in', (eb) => eb.selectFrom('p2p_appeals').select('order_id'));
    if (query.open === 1) select = select.where('status', '=', P2P_ORDER_APPEAL);
    const { total, rows } = await newestFirst(select, query.page, 20);
    const views: P2pAdminAppealView[] = [];
    for (const row of rows) {
      views.push({
        order_id: row.id,
        buyer_id: row.buyer_id,
        seller_id: row.seller_id,
        currency_code: this.deps.currencies.currency(row.currency_id).code,
        number: dec(row.number).toString(),
        fiat: row.fiat,
        fiat_amount: dec(row.fiat_amount).toString(2),
        price: dec(row.price).toString(),
        status: row.status as P2pOrderStatus,
        created_at: Number(row.created_at),
        appeal: await this.appealOf(row.id).then((appeal) => ({
          ...appeal!,
          images: appeal!.images.map((image) => ({ id: image.id, url: `/api/common/image/${image.id}` })),
        })),
        vouchers: row.voucher === null ? [] : [{ id: row.voucher, url: `/api/common/image/${row.voucher}` }],
        timeline: await this.timelineOf(row.id),
      });
    }
    return paged(views, total, query.page, 20);
  }

  /** admin/p2p/freeze: no new orders or ads for this user on the desk (or lifts it). */
  async freeze(input: { user_id: number; frozen: boolean; reason: string }): Promise<void> {
    const user = await this.deps.db
      .selectFrom('users')
      .select('id')
      .where('id', '=', input.user_id)
      .executeTakeFirst();
    if (!user) throw notFound('error.not_found');
    await this.deps.sequencer.dispatch('p2p.freeze', {
      userId: input.user_id,
      frozen: input.frozen,
      reason: input.reason,
    });
  }

  async resolve(input: { order_id: number; release_to: 'buyer' | 'seller'; reason: string }): Promise<void> {
    await this.row(input.order_id);
    const actor: P2pActor = 'admin';
    const changed = await this.deps.sequencer
      .dispatch('p2p.change', {
        orderId: input.order_id,
        action: input.release_to === 'buyer' ? 'release_to_buyer' : 'return_to_seller',
        actor,
        resolution: input.reason,
      })
      .catch(postingErrorToAppError);
    this.changed(changed);
  }
}
