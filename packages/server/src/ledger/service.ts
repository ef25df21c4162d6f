import {
  Decimal,
  type AccountGroup,
  type AccountLogView,
  type AccountView,
  type Lang,
  type Paged,
  type TransferView,
} from '@oex/protocol';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { newestFirst } from '../db/paging.js';
import { paged } from '../lib/paged.js';
import { badRequest, conflict } from '../platform/errors.js';
import { isMessageKey, translate } from '../platform/messages/index.js';
import { formatDateTime } from '../lib/time.js';
import { PostingError, type SystemAccount } from './books.js';
import { accountTypeName, type CurrencyDirectory } from './currencies.js';
import { JOURNAL_MEMO, JournalType } from './journal.js';
import type { CommandContext, Sequencer } from './sequencer.js';
import { RecentRequests, sameRequest, type RequestOnceKey } from '../lib/request-once.js';

export interface TransferInput {
  currencyId: number;
  amount: string;
  from: number;
  to: number;
}

export interface TransferResult {
  id: number;
  /** True when an earlier call with the same request id already made this transfer. */
  replayed: boolean;
}

/** A credit from outside, as data (`ledger.credit`). */
export interface CreditData {
  userId: number;
  typeId: number;
  currencyId: number;
  amount: string;
  refId: number;
}

/** A transfer between two accounts of one user, as data (`ledger.transfer`). */
export interface TransferData {
  userId: number;
  currencyId: number;
  amount: string;
  from: number;
  to: number;
  request: { id: string; hash: string } | null;
}

declare module './commands.js' {
  interface CommandCatalogue {
    'ledger.credit': { data: CreditData; result: void };
    'ledger.credits': { data: { credits: CreditData[]; mark: string | null }; result: void };
    'ledger.transfer': { data: TransferData; result: TransferResult };
  }
}

function applyCredit({ books }: CommandContext, data: CreditData): void {
  const amount = Decimal.parse(data.amount).units;
  const external = books.ensure({ system: 'external_deposits' satisfies SystemAccount }, 0, data.currencyId);
  const account = books.ensure({ userId: data.userId }, data.typeId, data.currencyId);
  books.post(
    [
      { account: external, available: -amount, locked: 0n },
      { account, available: amount, locked: 0n },
    ],
    {
      type: JournalType.DEPOSIT,
      memo: JOURNAL_MEMO[JournalType.DEPOSIT],
      refType: 'credit',
      refId: data.refId,
    },
  );
}

const ZERO = '0';
/** USD values are shown to 4 decimals, rounded down. */
const USD_DECIMALS = 4;

/** Units (10^-18) × a price, rounded down to USD_DECIMALS, as text; exact at any size. */
function usdValue(units: bigint, price: Decimal): string {
  const step = 10n ** BigInt(18 - USD_DECIMALS);
  const value = (units * price.units) / Decimal.ONE.units;
  return Decimal.unitsToString(value - (value % step));
}

/** A USD value's text back to units of 10^-18. */
function usdUnits(text: string): bigint {
  const [whole = '0', fraction = ''] = text.split('.');
  return BigInt(whole) * Decimal.ONE.units + BigInt(fraction.padEnd(18, '0'));
}

/** Turns a refused posting into the error a caller understands. */
export function postingErrorToAppError(error: unknown): never {
  if (error instanceof PostingError && error.reason === 'insufficient') {
    throw badRequest('error.insufficient_balance');
  }
  if (error instanceof PostingError && error.reason === 'range') throw badRequest('error.balance_max');
  throw error;
}

/** Balances, credits, transfers and the records of them. Every change is a sequencer command. */
export class LedgerService {
  /** Request ids applied lately (bounded), so a repeat in flight is recognised inside the sequencer. */
  private readonly requests = new RecentRequests<{ id: number; hash: string }>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly sequencer: Sequencer,
    private readonly currencies: CurrencyDirectory,
    private readonly timeZone: string,
  ) {
    sequencer.handle('ledger.credit', applyCredit);
    sequencer.handle('ledger.credits', (context, { credits, mark }) => {
      for (const credit of credits) applyCredit(context, credit);
      if (mark !== null) context.insert('settings', { key: mark, value: '1' });
    });
    sequencer.handle('ledger.transfer', (context, data) => this.applyTransfer(context, data));
  }

  // ---- commands ------------------------------------------------------------------------

  /** Credits a user's account from outside, against the external-deposits system account. */
  credit(userId: number, typeId: number, currencyId: number, amountText: string, refId = 0): Promise<void> {
    const amount = Decimal.parse(amountText);
    this.currencies.checkAmount(currencyId, amount);
    this.currencies.accountType(typeId);
    return this.sequencer
      .dispatch('ledger.credit', { userId, typeId, currencyId, amount: amount.toString(), refId })
      .catch(postingErrorToAppError);
  }

  /**
   * Many credits in one command, and a setting written with them (the demo's seeds, which mark
   * themselves done in the same commit).
   */
  creditAll(credits: CreditData[], mark: string | null): Promise<void> {
    return this.sequencer.dispatch('ledger.credits', { credits, mark }).catch(postingErrorToAppError);
  }

  /**
   * Moves an amount between two accounts of one user. With a request id (read by the route hook) it
   * is made once: the same id again answers the first transfer, with other terms it is refused.
   */
  async transfer(
    userId: number,
    input: TransferInput,
    request?: RequestOnceKey | null,
  ): Promise<TransferResult> {
    const amount = Decimal.parse(input.amount);
    const from = this.currencies.accountType(input.from);
    const to = this.currencies.accountType(input.to);
    if (from.id === to.id) throw badRequest('error.same_account');
    this.currencies.checkAmount(input.currencyId, amount);
    if (request) {
      const earlier = sameRequest(
        await this.db
          .selectFrom('transfers')
          .select(['id', 'request_hash'])
          .where('user_id', '=', userId)
          .where('request_id', '=', request.id)
          .executeTakeFirst(),
        request.hash,
      );
      if (earlier) return { id: earlier.id, replayed: true };
    }
    return this.sequencer
      .dispatch('ledger.transfer', {
        userId,
        currencyId: input.currencyId,
        amount: amount.toString(),
        from: from.id,
        to: to.id,
        request: request ? { id: request.id, hash: request.hash } : null,
      })
      .catch(postingErrorToAppError);
  }

  private applyTransfer({ books, nextId, insert, now }: CommandContext, data: TransferData): TransferResult {
    const { userId, request } = data;
    const once = request ? { key: `${userId}|${request.id}`, hash: request.hash } : null;
    if (once) {
      const seen = this.requests.get(once.key);
      if (seen) {
        if (seen.hash !== once.hash) throw conflict('error.request_id_reused');
        return { id: seen.id, replayed: true };
      }
    }
    const from = this.currencies.accountType(data.from);
    const to = this.currencies.accountType(data.to);
    const amount = Decimal.parse(data.amount);
    const source = books.find({ userId }, from.id, data.currencyId);
    if (!source || source.balance < amount.units) throw badRequest('error.insufficient_balance');
    const target = books.ensure({ userId }, to.id, data.currencyId);
    const id = nextId('transfers');
    books.post(
      [
        { account: source, available: -amount.units, locked: 0n },
        {
          account: target,
          available: amount.units,
          locked: 0n,
          as: { type: JournalType.TRANSFER_IN, memo: JOURNAL_MEMO[JournalType.TRANSFER_IN] },
        },
      ],
      {
        type: JournalType.TRANSFER_OUT,
        memo: JOURNAL_MEMO[JournalType.TRANSFER_OUT],
        refType: 'transfer',
        refId: id,
        extra: { from: from.code, to: to.code },
      },
    );
    insert('transfers', {
      id,
      user_id: userId,
      currency_id: data.currencyId,
      from_type_id: from.id,
      to_type_id: to.id,
      amount: amount.toString(),
      request_id: request?.id ?? null,
      request_hash: request?.hash ?? null,
      created_at: now,
    });
    if (once) {
      this.requests.set(once.key, { id, hash: once.hash });
      books.onUndo(() => this.requests.delete(once.key));
    }
    return { id, replayed: false };
  }

  // ---- queries (committed state, from the database) -----------------------------------

  /** Every account group of the user, with a row per currency whether used yet or not. */
  async list(userId: number, lang: Lang): Promise<AccountGroup[]> {
    const rows = await this.db.selectFrom('accounts').selectAll().where('user_id', '=', userId).execute();
    const byKey = new Map(rows.map((row) => [`${row.account_type_id}|${row.currency_id}`, row]));
    return this.currencies.accountTypes().map((type) => {
      // In units: the USD value of a very large balance can be past what a Decimal holds.
      let groupUsd = 0n;
      const accounts = this.currencies.all().map((currency) => {
        const row = byKey.get(`${type.id}|${currency.id}`);
        const view = this.accountView(userId, type.id, currency.id, row, lang);
        groupUsd += usdUnits(view.convert_usd);
        return view;
      });
      return {
        account_type_id: type.id,
        account_code: type.code,
        name: accountTypeName(type.code, lang),
        is_recharge: type.isRecharge ? 1 : 0,
        convert_usd: Decimal.unitsToString(groupUsd),
        accounts,
      };
    });
  }

  async detail(userId: number, typeId: number, currencyId: number, lang: Lang): Promise<AccountView> {
    this.currencies.accountType(typeId);
    this.currencies.currency(currencyId);
    const row = await this.db
      .selectFrom('accounts')
      .selectAll()
      .where('user_id', '=', userId)
      .where('account_type_id', '=', typeId)
      .where('currency_id', '=', currencyId)
      .executeTakeFirst();
    return this.accountView(userId, typeId, currencyId, row, lang);
  }

  private accountView(
    userId: number,
    typeId: number,
    currencyId: number,
    row: { id: number; balance: string; lock_balance: string } | undefined,
    lang: Lang,
  ): AccountView {
    const balance = Decimal.parse(String(row?.balance ?? ZERO));
    const lock = Decimal.parse(String(row?.lock_balance ?? ZERO));
    const usd = usdValue(balance.units + lock.units, this.currencies.usdPrice(currencyId));
    const currency = this.currencies.currency(currencyId);
    return {
      id: row?.id ?? null,
      user_id: userId,
      account_type_id: typeId,
      currency_id: currencyId,
      currency_code: currency.code,
      balance: balance.toString(),
      lock_balance: lock.toString(),
      convert_usd: usd,
      currency: this.currencies.view(currencyId, lang),
    };
  }

  /** The user's journal of one account type, newest first, optionally of one currency. */
  /** A user's journal rows of one account type, or of every account when typeId is undefined. */
  async logs(
    userId: number,
    typeId: number | undefined,
    currencyId: number | undefined,
    page: number,
    perPage: number,
    lang: Lang,
  ): Promise<Paged<AccountLogView>> {
    let query = this.db.selectFrom('account_logs').where('user_id', '=', userId);
    if (typeId !== undefined) query = query.where('account_type_id', '=', typeId);
    if (currencyId) query = query.where('currency_id', '=', currencyId);
    const { total, rows } = await newestFirst(query, page, perPage);
    const data = rows.map((row): AccountLogView => {
      const extra = JSON.parse(row.extra_data) as { from?: string; to?: string };
      return {
        id: row.id,
        account_type_id: row.account_type_id,
        currency_id: row.currency_id,
        currency: { code: this.currencies.currency(row.currency_id).code },
        value: Decimal.parse(String(row.change_balance)).toString(),
        lock_value: Decimal.parse(String(row.change_lock)).toString(),
        balance_after: Decimal.parse(String(row.balance_after)).toString(),
        type: row.type,
        memo: isMessageKey(row.memo) ? translate(lang, row.memo) : row.memo,
        notes: this.notesOf(extra, lang) || row.notes,
        created_at: formatDateTime(row.created_at, this.timeZone),
        extra_data: extra,
      };
    });
    return paged(data, total, page, perPage);
  }

  /** "Spot account → Leverage account" for a transfer's log rows. */
  private notesOf(extra: { from?: string; to?: string }, lang: Lang): string {
    const name = (code: string | undefined) => {
      const key = `account_type.${code}`;
      return isMessageKey(key) ? translate(lang, key) : '';
    };
    return extra.from && extra.to ? `${name(extra.from)} → ${name(extra.to)}` : '';
  }

  async transferLog(
    userId: number,
    currencyId: number | undefined,
    page: number,
    perPage: number,
    lang: Lang,
  ): Promise<Paged<TransferView>> {
    let query = this.db.selectFrom('transfers').where('user_id', '=', userId);
    if (currencyId) query = query.where('currency_id', '=', currencyId);
    const { total, rows } = await newestFirst(query, page, perPage);
    const side = (typeId: number) => {
      const type = this.currencies.accountType(typeId);
      return { id: type.id, account_code: type.code, name: accountTypeName(type.code, lang) };
    };
    const data = rows.map((row): TransferView => {
      const amount = Decimal.parse(String(row.amount)).toString();
      const [from, to] = [side(row.from_type_id), side(row.to_type_id)];
      return {
        id: row.id,
        currency_id: row.currency_id,
        currency_code: this.currencies.currency(row.currency_id).code,
        amount,
        from,
        to,
        balance: amount,
        from_name: from.name,
        to_name: to.name,
        request_id: row.request_id,
        created_at: formatDateTime(row.created_at, this.timeZone),
      };
    });
    return paged(data, total, page, perPage);
  }
}
