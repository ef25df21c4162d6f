import {
  CodeType,
  Decimal,
  type BoundAddressView,
  type CurrencyProtocolsView,
  type DepositView,
  type Lang,
  type Paged,
  type WalletAnswer,
  type WalletHoldings,
  type AdminWithdrawalView,
  type WithdrawalView,
} from '@oex/protocol';
import type { z } from 'zod';
import type { bindAddressRequest } from '@oex/protocol';
import type { Kysely, Selectable, SelectQueryBuilder } from 'kysely';
import type { Database } from '../db/schema.js';
import { newestFirst } from '../db/paging.js';
import { isUniqueViolation } from '../db/errors.js';
import { paged } from '../lib/paged.js';
import { badRequest, conflict, notFound } from '../platform/errors.js';
import type { CurrencyDirectory } from '../ledger/currencies.js';
import type { Clock } from '../lib/clock.js';
import { mapLimited } from '../lib/map-limited.js';
import { formatDateTime } from '../lib/time.js';
import type { AuthUser } from '../users/auth-user.js';
import type { UsersService } from '../users/service.js';
import { fromChainUnits } from '../chains/units.js';
import type { Wallet } from './module.js';
import { shownAddress } from '../chains/display.js';

type BindInput = z.output<typeof bindAddressRequest>;

/** Balance reads sent to a node at once when checking what the deposit addresses hold. */
const CHAIN_READS_AT_ONCE = 8;

/** The wallet's calls for signed-in users: networks, own addresses, records and the address book. */
export class WalletService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly wallet: Wallet,
    private readonly currencies: CurrencyDirectory,
    private readonly users: UsersService,
    private readonly clock: Clock,
    private readonly timeZone: string,
  ) {}

  protocols(lang: Lang): CurrencyProtocolsView[] {
    return this.currencies.all().map((currency) => ({
      id: currency.id,
      code: currency.code,
      currency_protocols: this.wallet.networks
        .ofCurrency(currency.id)
        .map((n) => this.wallet.networks.view(n, lang)),
    }));
  }

  async walletOf(userId: number, currencyId: number, lang: Lang): Promise<WalletAnswer> {
    const currency = this.currencies.currency(currencyId);
    if (!currency.row.open_recharge) throw badRequest('error.deposit_closed');
    const networks = this.wallet.networks.ofCurrency(currencyId);
    const protocols = await Promise.all(
      networks.map(async (network) => ({
        ...this.wallet.networks.view(network, lang),
        // A network closed for deposits shows no address (coins sent to one anyway are still credited).
        in_address:
          network.adapter && network.openDeposit
            ? shownAddress(network.family, await this.wallet.addresses.addressOf(userId, network))
            : null,
      })),
    );
    return {
      currency_id: currencyId,
      code: currency.code,
      wallets: protocols
        .filter((protocol) => protocol.in_address !== null)
        .map((protocol) => ({
          currency_protocol_id: protocol.id,
          address: protocol.in_address!,
          memo: '',
          chain_protocol: protocol.chain_protocol,
        })),
      currency_protocols: protocols,
    };
  }

  deposits(
    userId: number,
    currencyId: number | undefined,
    page: number,
    limit: number,
  ): Promise<Paged<DepositView>> {
    let query = this.db.selectFrom('deposits').where('user_id', '=', userId);
    if (currencyId) query = query.where('currency_id', '=', currencyId);
    return this.page(query, page, limit, (row) => this.wallet.views.deposit(row));
  }

  withdrawals(
    userId: number,
    currencyId: number | undefined,
    page: number,
    limit: number,
    lang: Lang,
  ): Promise<Paged<WithdrawalView>> {
    let query = this.db.selectFrom('withdrawals').where('user_id', '=', userId);
    if (currencyId) query = query.where('currency_id', '=', currencyId);
    return this.page(query, page, limit, (row) => this.wallet.views.withdrawal(row, lang));
  }

  /** One page, newest first, each row through its view. */
  private async page<T extends 'deposits' | 'withdrawals', V>(
    query: SelectQueryBuilder<Database, T, object>,
    page: number,
    limit: number,
    view: (row: Selectable<Database[T]>) => V,
  ): Promise<Paged<V>> {
    const { total, rows } = await newestFirst(query, page, limit);
    return paged(
      rows.map((row) => view(row as unknown as Selectable<Database[T]>)),
      total,
      page,
      limit,
    );
  }

  async boundAddresses(userId: number, currencyId: number | undefined): Promise<BoundAddressView[]> {
    let query = this.db.selectFrom('bound_addresses').selectAll().where('user_id', '=', userId);
    if (currencyId) query = query.where('currency_id', '=', currencyId);
    const rows = await query.orderBy('id', 'desc').limit(200).execute();
    return rows.map((row) => ({
      id: row.id,
      currency_id: row.currency_id,
      currency_code: this.currencies.currency(row.currency_id).code,
      currency_protocol_id: row.protocol_id,
      chain: this.wallet.networks.byId(row.protocol_id)!.chain,
      address: shownAddress(this.wallet.networks.byId(row.protocol_id)!.family, row.address),
      memo: row.memo,
      notes: row.notes,
      created_at: formatDateTime(row.created_at, this.timeZone),
    }));
  }

  sendBindCode(caller: AuthUser, lang: Lang): Promise<string> {
    return this.users.sendOwnCode(caller, CodeType.WITHDRAW_ADDRESS, lang);
  }

  /** Checks the address for its network before the code is used up, so a typo costs no code. */
  async bind(caller: AuthUser, input: BindInput): Promise<BoundAddressView> {
    const network = this.wallet.networks.byId(input.currency_protocol_id);
    if (!network || network.currencyId !== input.currency_id) throw badRequest('error.protocol_unknown');
    if (!network.adapter) throw badRequest('error.network_unavailable');
    if (!network.adapter.isValidAddress(input.address))
      throw badRequest('error.address_invalid', { chain: network.chain });
    if (network.memoRequired && !input.memo) throw badRequest('error.memo_required');
    await this.users.consumeOwnCode(caller, CodeType.WITHDRAW_ADDRESS, input.code);
    try {
      const row = await this.db
        .insertInto('bound_addresses')
        .values({
          user_id: caller.id,
          currency_id: input.currency_id,
          protocol_id: network.id,
          address: network.adapter.normalize(input.address),
          memo: input.memo,
          notes: input.notes,
          created_at: this.clock.now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return (await this.boundAddresses(caller.id, input.currency_id)).find((entry) => entry.id === row.id)!;
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('error.address_already_bound');
      throw error;
    }
  }

  /** Withdrawals held for review, newest first, each with its owner (the operator decides on it). */
  async reviewQueue(page: number, limit: number): Promise<Paged<AdminWithdrawalView>> {
    const query = this.db.selectFrom('withdrawals').where('status', '=', 'review');
    const held = await this.page(query, page, limit, (row) => ({
      ...this.wallet.views.withdrawal(row),
      user_id: row.user_id,
    }));
    const ids = [...new Set(held.data.map((row) => row.user_id))];
    const users = ids.length
      ? await this.db.selectFrom('users').select(['id', 'email', 'mobile']).where('id', 'in', ids).execute()
      : [];
    const accountOf = new Map(users.map((user) => [user.id, user.email ?? user.mobile ?? '']));
    return { ...held, data: held.data.map((row) => ({ ...row, account: accountOf.get(row.user_id) ?? '' })) };
  }

  /**
   * Per connected network: what our addresses hold on chain (hot wallet and deposit addresses) and
   * what users hold of the currency on the exchange. Only a currency whose networks are all
   * connected can be checked in full; the others say so.
   */
  async holdings(): Promise<WalletHoldings[]> {
    const result: WalletHoldings[] = [];
    for (const currency of this.currencies.all()) {
      const networks = this.wallet.networks.ofCurrency(currency.id);
      if (networks.length === 0) continue;
      let onChain = 0n;
      const perNetwork: WalletHoldings['networks'] = [];
      for (const network of networks) {
        if (!network.adapter) {
          perNetwork.push({
            chain: network.chain,
            available: false,
            hot_wallet: null,
            deposit_addresses: null,
          });
          continue;
        }
        const hot = await network.adapter.balanceOf(
          this.wallet.hotAddress(network.family) ?? '0x0000000000000000000000000000000000000000',
        );
        const adapter = network.adapter;
        const balances = await mapLimited(
          [...this.wallet.addresses.owners(network.family).keys()],
          CHAIN_READS_AT_ONCE,
          (address) => adapter.balanceOf(address),
        );
        const held = balances.reduce((sum, balance) => sum + balance, 0n);
        onChain += (hot + held) * 10n ** BigInt(18 - network.decimals);
        perNetwork.push({
          chain: network.chain,
          available: true,
          hot_wallet: fromChainUnits(hot, network.decimals),
          deposit_addresses: fromChainUnits(held, network.decimals),
        });
      }
      const rows = await this.db
        .selectFrom('accounts')
        .select(['balance', 'lock_balance'])
        .where('currency_id', '=', currency.id)
        .where('user_id', 'is not', null)
        .execute();
      const owed = rows.reduce(
        (sum, row) =>
          sum + Decimal.parse(String(row.balance)).units + Decimal.parse(String(row.lock_balance)).units,
        0n,
      );
      const complete = perNetwork.every((network) => network.available);
      result.push({
        currency: currency.code,
        networks: perNetwork,
        on_chain: Decimal.fromUnits(onChain).toString(),
        users_balances: Decimal.fromUnits(owed).toString(),
        covered: complete ? onChain >= owed : null,
      });
    }
    return result;
  }

  async unbind(userId: number, id: number): Promise<void> {
    const removed = await this.db
      .deleteFrom('bound_addresses')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (Number(removed.numDeletedRows) === 0) throw notFound();
  }
}
