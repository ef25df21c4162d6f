import {
  Decimal,
  EARN_IN_FORCE,
  MICRO_OPEN,
  type AdminCurrencyView,
  type AdminEarnProductView,
  type AdminMarketView,
  type AdminMicroOptions,
  type ChangeKind,
  type ChangeNotice,
  type ChangeSet,
  type ChangeStatus,
  type Lang,
  type Paged,
  type ScheduledChangeView,
} from '@oex/protocol';
import type { Kysely, Selectable } from 'kysely';
import type { Logger } from 'pino';
import { insertNotice } from '../../content/service.js';
import type { Settings } from '../../platform/settings.js';
import { newestFirst } from '../../db/paging.js';
import type { Database, ScheduledChangesTable } from '../../db/schema.js';
import { paged } from '../../lib/paged.js';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.js';
import { translate } from '../../platform/messages/index.js';
import type { CurrencyDirectory } from '../../ledger/currencies.js';
import type { CommandContext, Sequencer } from '../../ledger/sequencer.js';
import type { LeverService } from '../../lever/service.js';
import type { LeverTermsReader } from '../../lever/terms.js';
import type { Clock } from '../../lib/clock.js';
import type { TermsReader } from '../../micro/terms.js';
import type { SpotService } from '../../spot/service.js';
import type { Networks } from '../../wallet/networks.js';
import { cancellationNotice, changeNotice } from './notice.js';
import {
  effectiveAt,
  fieldsProblem,
  mergedProblem,
  normalized,
  type Problem,
  type TargetFacts,
} from './rules.js';

export interface MarketsDeskDeps {
  db: Kysely<Database>;
  sequencer: Sequencer;
  spot: SpotService;
  currencies: CurrencyDirectory;
  networks: Networks;
  lever: LeverService;
  leverTerms: LeverTermsReader;
  microTerms: TermsReader;
  settings: Settings;
  clock: Clock;
  timeZone: string;
  log: Logger;
}

export interface ScheduleInput {
  kind: ChangeKind;
  target_id: number;
  changes: ChangeSet;
  effective_at: number | 'now';
  notice: ChangeNotice;
  reason: string;
}

type ChangeRow = Selectable<ScheduledChangesTable>;

/** What a change acts on: its name in each language, its current values, and facts the rules need. */
/** A scheduled change as it is applied, as data: the target's values before it, read when due. */
interface AppliedChange {
  changeId: number;
  kind: ChangeKind;
  targetId: number;
  changes: ChangeSet;
  current: ChangeSet;
  isNew: boolean;
}

declare module '../../ledger/commands.js' {
  interface CommandCatalogue {
    'admin.changeApplied': { data: AppliedChange; result: void };
  }
}

interface Target {
  name(lang: Lang): string;
  current: ChangeSet;
  facts: TargetFacts;
}

/** currency_matches columns a market change may set, and the lever_markets ones by their field names. */
const LEVER_COLUMNS: Record<string, 'multiples' | 'min_share' | 'max_share' | 'overnight_rate'> = {
  lever_multiples: 'multiples',
  lever_min_share: 'min_share',
  lever_max_share: 'max_share',
  lever_overnight_rate: 'overnight_rate',
};

const money = (value: unknown) => Decimal.parse(String(value)).toString();
const flag = (value: unknown) => (Number(value) === 1 ? 1 : 0);

function pick(changes: ChangeSet, keep: (field: string) => boolean): ChangeSet {
  return Object.fromEntries(Object.entries(changes).filter(([field]) => keep(field)));
}

function refused(found: Problem): AppError {
  return badRequest(found.key, found.params);
}

/**
 * Scheduled changes of markets, currencies, networks, seconds options and savings products. A
 * change is announced in a notice when it is scheduled, and applied once at its time by one
 * sequencer command that writes the new values, the old ones and `applied_at` in one commit, so a
 * crash can neither lose nor repeat it, and every order is placed either before it or after it.
 * Applying and cancelling run one at a time.
 */
export class MarketsDesk {
  private serial: Promise<unknown> = Promise.resolve();

  constructor(private readonly deps: MarketsDeskDeps) {
    deps.sequencer.handle('admin.changeApplied', (context, data) => this.applyChange(context, data));
  }

  /** Runs `task` after every earlier apply or cancel has finished. */
  private exclusive<T>(task: () => Promise<T>): Promise<T> {
    const run = this.serial.then(task, task);
    this.serial = run.catch(() => undefined);
    return run;
  }

  // ---- targets ------------------------------------------------------------------------------

  private async target(kind: ChangeKind, id: number): Promise<Target> {
    const { db, spot, currencies, networks } = this.deps;
    const same = (name: string) => () => name;
    switch (kind) {
      case 'market': {
        const market = spot.markets.all().find((candidate) => candidate.id === id);
        if (!market) throw notFound('error.admin_change_target');
        const row = market.row;
        const lever = await db
          .selectFrom('lever_markets')
          .selectAll()
          .where('currency_match_id', '=', id)
          .executeTakeFirst();
        const current: ChangeSet = {
          open_change: flag(row.open_change),
          open_lever: flag(row.open_lever),
          open_microtrade: flag(row.open_microtrade),
          sell_disabled: flag(row.sell_disabled),
          change_fee_rate: money(row.change_fee_rate),
          price_decimals: row.price_decimals,
          number_decimals: row.number_decimals,
          min_number: money(row.min_number),
          lever_point_rate: money(row.lever_point_rate),
          lever_share_num: money(row.lever_share_num),
          lever_fee_rate: money(row.lever_fee_rate),
        };
        if (lever) {
          current.lever_multiples = JSON.parse(lever.multiples) as number[];
          current.lever_min_share = lever.min_share;
          current.lever_max_share = lever.max_share;
          current.lever_overnight_rate = money(lever.overnight_rate);
        }
        return { name: same(market.symbol), current, facts: {} };
      }
      case 'currency': {
        const currency = currencies.all().find((candidate) => candidate.id === id);
        if (!currency) throw notFound('error.admin_change_target');
        const row = currency.row;
        return {
          name: same(currency.code),
          current: {
            open_recharge: flag(row.open_recharge),
            open_draw: flag(row.open_draw),
            draw_rate: money(row.draw_rate),
            draw_min: money(row.draw_min),
            draw_max: money(row.draw_max),
          },
          facts: {},
        };
      }
      case 'currency_network': {
        const network = networks.byId(id);
        if (!network) throw notFound('error.admin_change_target');
        return {
          name: same(`${currencies.currency(network.currencyId).code} · ${network.chain}`),
          current: {
            open_deposit: network.openDeposit ? 1 : 0,
            open_withdraw: network.openWithdraw ? 1 : 0,
            min_deposit: network.minDeposit.toString(),
          },
          facts: { chainDecimals: network.decimals },
        };
      }
      case 'micro_seconds': {
        const row = await db
          .selectFrom('micro_seconds')
          .selectAll()
          .where('seconds', '=', id)
          .executeTakeFirst();
        return {
          name: same(`${id} s`),
          current: row ? { profit_ratio: money(row.profit_ratio), is_open: flag(row.is_open) } : {},
          facts: { isNew: !row },
        };
      }
      case 'micro_currency': {
        const row = await db
          .selectFrom('micro_currencies')
          .selectAll()
          .where('currency_id', '=', id)
          .executeTakeFirst();
        if (!row) throw notFound('error.admin_change_target');
        const currency = currencies.currency(id);
        return {
          name: same(currency.code),
          current: microStakes(row),
          facts: { currencyDecimals: currency.decimals },
        };
      }
      case 'earn_product': {
        const row = await db.selectFrom('earn_products').selectAll().where('id', '=', id).executeTakeFirst();
        if (!row) throw notFound('error.admin_change_target');
        const names = JSON.parse(row.names) as Partial<Record<Lang, string>>;
        return {
          name: (lang) => names[lang] ?? names.en ?? `#${id}`,
          current: {
            is_open: flag(row.is_open),
            rate: money(row.rate),
            days: row.days,
            min_number: money(row.min_number),
            max_number: money(row.max_number),
            total_quota: money(row.total_quota),
          },
          facts: {},
        };
      }
    }
  }

  // ---- schedule and cancel ------------------------------------------------------------------

  /**
   * Checks a change (only whitelisted settings within bounds, never a price or an outcome), then
   * stores it and publishes its notice in one transaction. A change due now (closing a market)
   * is applied before this answers. Answers the change and the values it will replace.
   */
  async schedule(
    input: ScheduleInput,
    operator: string,
  ): Promise<{ change: ScheduledChangeView; before: ChangeSet }> {
    const fieldProblem = fieldsProblem(input.kind, input.changes);
    if (fieldProblem) throw refused(fieldProblem);
    const changes = normalized(input.kind, input.changes);
    const target = await this.target(input.kind, input.target_id);
    const merged = mergedProblem(input.kind, input.target_id, target.current, changes, target.facts);
    if (merged) throw refused(merged);
    const now = this.deps.clock.now();
    const when = effectiveAt(input.kind, changes, input.effective_at, now);
    if ('key' in when) throw refused(when);
    const before = pick(target.current, (field) => field in changes);

    const id = await this.deps.db.transaction().execute(async (trx) => {
      const noticeId = await insertNotice(
        trx,
        changeNotice(input.notice, {
          kind: input.kind,
          targetName: target.name,
          current: target.current,
          changes,
          effectiveAt: when.at,
          timeZone: this.deps.timeZone,
        }),
        now,
      );
      const row = await trx
        .insertInto('scheduled_changes')
        .values({
          kind: input.kind,
          target_id: input.target_id,
          changes: JSON.stringify(changes),
          before: null,
          effective_at: when.at,
          created_at: now,
          created_by: operator,
          reason: input.reason,
          notice_id: noticeId,
          applied_at: null,
          cancelled_at: null,
          cancelled_by: null,
          cancel_reason: null,
          cancel_notice_id: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    });
    if (when.at <= this.deps.clock.now()) await this.applyDue();
    return { change: await this.view(id), before };
  }

  /** Cancels a change before it applies, with a notice that it will not take effect. */
  cancel(
    id: number,
    reason: string,
    operator: string,
  ): Promise<{ change: ScheduledChangeView; before: ChangeRow }> {
    return this.exclusive(async () => {
      const row = await this.row(id);
      if (row.applied_at !== null || row.cancelled_at !== null)
        throw conflict('error.admin_change_not_pending');
      if (Number(row.effective_at) <= this.deps.clock.now()) throw conflict('error.admin_change_due');
      await this.markCancelled(row, operator, reason, false);
      return { change: await this.view(id), before: row };
    });
  }

  private async markCancelled(row: ChangeRow, by: string, reason: string, bySystem: boolean): Promise<void> {
    const now = this.deps.clock.now();
    await this.deps.db.transaction().execute(async (trx) => {
      const texts = row.notice_id
        ? await trx
            .selectFrom('news_texts')
            .select(['lang', 'title'])
            .where('news_id', '=', row.notice_id)
            .execute()
        : [];
      const original = Object.fromEntries(texts.map((text) => [text.lang, { title: text.title }]));
      if (!original.en) original.en = { title: `#${row.id}` };
      const noticeId = await insertNotice(
        trx,
        cancellationNotice(original, Number(row.created_at), this.deps.timeZone, bySystem),
        now,
      );
      await trx
        .updateTable('scheduled_changes')
        .set({ cancelled_at: now, cancelled_by: by, cancel_reason: reason, cancel_notice_id: noticeId })
        .where('id', '=', row.id)
        .where('applied_at', 'is', null)
        .where('cancelled_at', 'is', null)
        .execute();
    });
  }

  // ---- apply ----------------------------------------------------------------------------------

  /**
   * Applies every change whose time has come, oldest first, each once. A change that could only
   * apply by altering open orders (a coarser precision with orders between the new ticks) is
   * withdrawn instead, with a notice. Answers how many applied.
   */
  applyDue(): Promise<number> {
    return this.exclusive(async () => {
      const due = await this.deps.db
        .selectFrom('scheduled_changes')
        .selectAll()
        .where('applied_at', 'is', null)
        .where('cancelled_at', 'is', null)
        .where('effective_at', '<=', this.deps.clock.now())
        .orderBy('effective_at')
        .orderBy('id')
        .execute();
      let applied = 0;
      for (const row of due) {
        try {
          await this.apply(row);
          applied += 1;
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          this.deps.log.warn(
            { change: row.id, refusal: error.key },
            'scheduled change withdrawn: it would alter open orders',
          );
          await this.markCancelled(row, 'system', translate('en', error.key, error.params), true);
        }
      }
      return applied;
    });
  }

  /** The earliest time a pending change takes effect, if any. */
  async nextDueAt(): Promise<number | null> {
    const next = await this.deps.db
      .selectFrom('scheduled_changes')
      .select((eb) => eb.fn.min<number>('effective_at').as('at'))
      .where('applied_at', 'is', null)
      .where('cancelled_at', 'is', null)
      .executeTakeFirst();
    return next?.at === null || next?.at === undefined ? null : Number(next.at);
  }

  private async apply(row: ChangeRow): Promise<void> {
    const kind = row.kind as ChangeKind;
    const changes = JSON.parse(row.changes) as ChangeSet;
    const target = await this.target(kind, row.target_id);
    await this.deps.sequencer.dispatch('admin.changeApplied', {
      changeId: row.id,
      kind,
      targetId: row.target_id,
      changes,
      current: target.current,
      isNew: target.facts.isNew === true,
    });
  }

  /** The change, and its row marked applied with the values it replaced, in one commit. */
  private applyChange(context: CommandContext, data: AppliedChange): void {
    const { changes, current } = data;
    this.applyTo(data.kind, data.targetId, changes, { current, isNew: data.isNew }, context);
    const before = pick(current, (field) => field in changes);
    context.write(
      this.deps.db
        .updateTable('scheduled_changes')
        .set({ applied_at: context.now, before: JSON.stringify(before) })
        .where('id', '=', data.changeId)
        .where('applied_at', 'is', null)
        .where('cancelled_at', 'is', null)
        .compile(),
    );
  }

  /**
   * Stages one change's writes in the command's commit. A market is reconfigured in the command
   * itself, so an order queued after it already sees the new settings; the other caches are told
   * after the commit.
   */
  private applyTo(
    kind: ChangeKind,
    id: number,
    changes: ChangeSet,
    target: { current: ChangeSet; isNew: boolean },
    context: CommandContext,
  ): void {
    const { db, spot, currencies, networks } = this.deps;
    switch (kind) {
      case 'market': {
        const market = spot.markets.market(id);
        const own = pick(changes, (field) => !(field in LEVER_COLUMNS));
        const lever = pick(changes, (field) => field in LEVER_COLUMNS);
        const leverRow =
          Object.keys(lever).length > 0 ? this.leverRow(id, { ...target.current, ...lever }) : null;
        // Refuses (before anything moved) a precision that would leave a resting order between ticks.
        spot.orders.reconfigure(market, { ...market.row, ...own } as typeof market.row);
        if (Object.keys(own).length > 0) {
          context.write(db.updateTable('currency_matches').set(own).where('id', '=', id).compile());
        }
        if (leverRow) {
          const exists = target.current.lever_multiples !== undefined;
          context.write(
            exists
              ? db.updateTable('lever_markets').set(leverRow).where('currency_match_id', '=', id).compile()
              : db.insertInto('lever_markets').values(leverRow).compile(),
          );
        }
        context.afterCommit(() => this.deps.leverTerms.forget());
        return;
      }
      case 'currency': {
        context.write(db.updateTable('currencies').set(changes).where('id', '=', id).compile());
        context.afterCommit(() => {
          const currency = currencies.currency(id);
          currency.row = { ...currency.row, ...changes } as typeof currency.row;
        });
        return;
      }
      case 'currency_network': {
        context.write(db.updateTable('currency_protocols').set(changes).where('id', '=', id).compile());
        context.afterCommit(() => {
          const network = networks.byId(id)!;
          if (changes.open_deposit !== undefined) network.openDeposit = changes.open_deposit === 1;
          if (changes.open_withdraw !== undefined) network.openWithdraw = changes.open_withdraw === 1;
          if (changes.min_deposit !== undefined)
            network.minDeposit = Decimal.parse(String(changes.min_deposit));
        });
        return;
      }
      case 'micro_seconds': {
        context.write(
          target.isNew
            ? db
                .insertInto('micro_seconds')
                .values({
                  seconds: id,
                  profit_ratio: String(changes.profit_ratio),
                  sort: id,
                  is_open: changes.is_open === 0 ? 0 : 1,
                })
                .compile()
            : db.updateTable('micro_seconds').set(changes).where('seconds', '=', id).compile(),
        );
        context.afterCommit(() => this.deps.microTerms.forget());
        return;
      }
      case 'micro_currency': {
        const { numbers, ...bounds } = changes;
        context.write(
          db
            .updateTable('micro_currencies')
            .set({ ...bounds, ...(numbers !== undefined && { numbers: JSON.stringify(numbers) }) })
            .where('currency_id', '=', id)
            .compile(),
        );
        context.afterCommit(() => this.deps.microTerms.forget());
        return;
      }
      case 'earn_product': {
        context.write(db.updateTable('earn_products').set(changes).where('id', '=', id).compile());
        return;
      }
    }
  }

  /** A market's lever_markets row from its merged values; leverage needs all four terms. */
  private leverRow(id: number, merged: ChangeSet) {
    const { lever_multiples, lever_min_share, lever_max_share, lever_overnight_rate } = merged;
    if (!Array.isArray(lever_multiples) || lever_min_share === undefined || lever_max_share === undefined) {
      throw badRequest('error.admin_change_lever_terms');
    }
    if (lever_overnight_rate === undefined) throw badRequest('error.admin_change_lever_terms');
    return {
      currency_match_id: id,
      multiples: JSON.stringify(lever_multiples),
      min_share: Number(lever_min_share),
      max_share: Number(lever_max_share),
      overnight_rate: String(lever_overnight_rate),
    };
  }

  // ---- views ----------------------------------------------------------------------------------

  private async row(id: number): Promise<ChangeRow> {
    const row = await this.deps.db
      .selectFrom('scheduled_changes')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound('error.admin_change_target');
    return row;
  }

  async view(id: number): Promise<ScheduledChangeView> {
    return (await this.views([await this.row(id)]))[0]!;
  }

  async list(
    status: ChangeStatus | undefined,
    page: number,
    limit: number,
  ): Promise<Paged<ScheduledChangeView>> {
    let query = this.deps.db.selectFrom('scheduled_changes');
    if (status === 'pending') query = query.where('applied_at', 'is', null).where('cancelled_at', 'is', null);
    if (status === 'applied') query = query.where('applied_at', 'is not', null);
    if (status === 'cancelled') query = query.where('cancelled_at', 'is not', null);
    const { total, rows } = await newestFirst(query, page, limit);
    return paged(await this.views(rows), total, page, limit);
  }

  private async views(rows: ChangeRow[]): Promise<ScheduledChangeView[]> {
    const productIds = rows.filter((row) => row.kind === 'earn_product').map((row) => row.target_id);
    const products = new Map(
      productIds.length === 0
        ? []
        : (
            await this.deps.db
              .selectFrom('earn_products')
              .select(['id', 'names'])
              .where('id', 'in', productIds)
              .execute()
          ).map((product) => [
            product.id,
            (JSON.parse(product.names) as { en?: string }).en ?? `#${product.id}`,
          ]),
    );
    const pending = async (row: ChangeRow): Promise<ChangeSet | null> => {
      if (row.applied_at !== null || row.cancelled_at !== null) return null;
      const changes = JSON.parse(row.changes) as ChangeSet;
      const target = await this.target(row.kind as ChangeKind, row.target_id).catch(() => null);
      return target && pick(target.current, (field) => field in changes);
    };
    const currents = await Promise.all(rows.map(pending));
    return rows.map((row, index) => ({
      id: row.id,
      kind: row.kind as ChangeKind,
      target_id: row.target_id,
      target_name: this.targetName(row.kind as ChangeKind, row.target_id, products),
      changes: JSON.parse(row.changes) as ChangeSet,
      before: row.before === null ? null : (JSON.parse(row.before) as ChangeSet),
      current: currents[index] ?? null,
      status: row.applied_at !== null ? 'applied' : row.cancelled_at !== null ? 'cancelled' : 'pending',
      effective_at: Number(row.effective_at),
      created_at: Number(row.created_at),
      created_by: row.created_by,
      reason: row.reason,
      notice_id: row.notice_id,
      applied_at: row.applied_at === null ? null : Number(row.applied_at),
      cancelled_at: row.cancelled_at === null ? null : Number(row.cancelled_at),
      cancelled_by: row.cancelled_by,
      cancel_reason: row.cancel_reason,
    }));
  }

  private targetName(kind: ChangeKind, id: number, products: Map<number, string>): string {
    const { spot, currencies, networks } = this.deps;
    switch (kind) {
      case 'market':
        return spot.markets.all().find((market) => market.id === id)?.symbol ?? `#${id}`;
      case 'currency':
      case 'micro_currency':
        return currencies.all().find((currency) => currency.id === id)?.code ?? `#${id}`;
      case 'currency_network': {
        const network = networks.byId(id);
        return network ? `${currencies.currency(network.currencyId).code} · ${network.chain}` : `#${id}`;
      }
      case 'micro_seconds':
        return `${id} s`;
      case 'earn_product':
        return products.get(id) ?? `#${id}`;
    }
  }

  /** Every market with every setting a change may name, and what is open on it now. */
  async markets(): Promise<AdminMarketView[]> {
    const { spot, lever, db } = this.deps;
    const terms = new Map(
      (await db.selectFrom('lever_markets').selectAll().execute()).map((row) => [row.currency_match_id, row]),
    );
    const openOrders = new Map<number, number>();
    for (const order of spot.orders.open.values()) {
      openOrders.set(order.market.id, (openOrders.get(order.market.id) ?? 0) + 1);
    }
    return spot.markets.all().map((market) => {
      const row = market.row;
      const leverRow = terms.get(market.id);
      return {
        id: market.id,
        symbol: market.symbol,
        open_change: flag(row.open_change),
        open_lever: flag(row.open_lever),
        open_microtrade: flag(row.open_microtrade),
        sell_disabled: flag(row.sell_disabled),
        change_fee_rate: money(row.change_fee_rate),
        price_decimals: market.priceDecimals,
        number_decimals: market.numberDecimals,
        min_number: market.minNumber.toString(),
        lever_point_rate: money(row.lever_point_rate),
        lever_share_num: money(row.lever_share_num),
        lever_fee_rate: money(row.lever_fee_rate),
        lever: leverRow
          ? {
              multiples: JSON.parse(leverRow.multiples) as number[],
              min_share: leverRow.min_share,
              max_share: leverRow.max_share,
              overnight_rate: money(leverRow.overnight_rate),
            }
          : null,
        open_orders: openOrders.get(market.id) ?? 0,
        open_positions: lever.book.ofMarket(market.id).length,
      };
    });
  }

  /** Each currency's switches, withdrawal limits and fee, with its networks. */
  currencyList(): AdminCurrencyView[] {
    const { currencies, networks } = this.deps;
    return currencies.all().map((currency) => {
      const row = currency.row;
      return {
        id: currency.id,
        code: currency.code,
        name: row.name,
        decimals: currency.decimals,
        open_recharge: flag(row.open_recharge),
        open_draw: flag(row.open_draw),
        draw_rate: money(row.draw_rate),
        draw_min: money(row.draw_min),
        draw_max: money(row.draw_max),
        networks: networks.ofCurrency(currency.id).map((network) => ({
          id: network.id,
          currency_id: currency.id,
          currency_code: currency.code,
          chain: network.chain,
          decimals: network.decimals,
          open_deposit: network.openDeposit ? 1 : 0,
          open_withdraw: network.openWithdraw ? 1 : 0,
          min_deposit: network.minDeposit.toString(),
          available: network.adapter ? 1 : 0,
        })),
      };
    });
  }

  /** Every seconds option, offered or not, with its contracts still open, and each currency's stakes. */
  async microOptions(): Promise<AdminMicroOptions> {
    const { db, settings, currencies } = this.deps;
    const stakes = await db.selectFrom('micro_currencies').selectAll().orderBy('sort').execute();
    const rows = await db
      .selectFrom('micro_seconds')
      .selectAll()
      .orderBy('sort')
      .orderBy('seconds')
      .execute();
    const open = await db
      .selectFrom('micro_orders')
      .select(['seconds', (eb) => eb.fn.countAll<number>().as('n')])
      .where('status', '=', MICRO_OPEN)
      .groupBy('seconds')
      .execute();
    const openOf = new Map(open.map((row) => [row.seconds, Number(row.n)]));
    return {
      seconds: rows.map((row) => ({
        seconds: row.seconds,
        profit_ratio: money(row.profit_ratio),
        is_open: flag(row.is_open),
        open_orders: openOf.get(row.seconds) ?? 0,
      })),
      currencies: stakes.map((row) => ({
        currency_id: row.currency_id,
        code: currencies.currency(row.currency_id).code,
        ...microStakes(row),
      })),
      fee_rate: money(await settings.get('micro_trade_fee')),
    };
  }

  /** Every savings product with its sales and holdings in force. */
  async earnProducts(lang: Lang): Promise<AdminEarnProductView[]> {
    const { db, currencies } = this.deps;
    const rows = await db.selectFrom('earn_products').selectAll().orderBy('sort').orderBy('id').execute();
    const held = await db
      .selectFrom('earn_holdings')
      .select(['product_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('status', '=', EARN_IN_FORCE)
      .groupBy('product_id')
      .execute();
    const heldOf = new Map(held.map((row) => [row.product_id, Number(row.n)]));
    return rows.map((row) => {
      const names = JSON.parse(row.names) as Partial<Record<Lang, string>>;
      return {
        id: row.id,
        name: names[lang] ?? names.en ?? `#${row.id}`,
        currency_code: currencies.currency(row.currency_id).code,
        days: row.days,
        rate: money(row.rate),
        min_number: money(row.min_number),
        max_number: money(row.max_number),
        total_quota: money(row.total_quota),
        sold: money(row.sold),
        is_open: flag(row.is_open),
        holdings: heldOf.get(row.id) ?? 0,
      };
    });
  }
}

/** A currency's seconds-contract stakes as a change names them. */
function microStakes(row: Selectable<Database['micro_currencies']>): {
  numbers: string[];
  min_number: string;
  max_number: string;
} {
  return {
    numbers: (JSON.parse(row.numbers) as string[]).map((item) => Decimal.parse(item).toString()),
    min_number: money(row.min_number),
    max_number: money(row.max_number),
  };
}
