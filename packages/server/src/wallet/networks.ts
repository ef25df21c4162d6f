import { readFileSync } from 'node:fs';
import { Decimal, type ChainCode, type ChainProtocolView, type Lang } from '@oex/protocol';
import type { Kysely, Selectable } from 'kysely';
import type { ChainAdapter } from '../chains/adapter.js';
import type { KeyFamily } from '../chains/keys.js';
import type { CurrencyProtocolsTable, Database } from '../db/schema.js';
import { translate, type MessageKey } from '../platform/messages/index.js';
import { serverPath } from '../lib/paths.js';

/** A currency's network as stored (currency_protocols), with the adapter when this server has one. */
export interface Network {
  id: number;
  currencyId: number;
  chain: ChainCode;
  family: KeyFamily;
  tokenAddress: string;
  decimals: number;
  memoRequired: boolean;
  minDeposit: Decimal;
  confirmationsCredit: number;
  confirmationsWithdraw: number;
  explorerTxUrl: string;
  /** The network's own switches (a scheduled change sets them), beside the currency's. */
  openDeposit: boolean;
  openWithdraw: boolean;
  adapter: ChainAdapter | null;
  /** Why there is no adapter, as a message key. */
  unavailable: MessageKey | null;
}

/** A network as people and the metrics name it: `USDT-ERC20` (readiness, `/metrics` labels). */
export function networkLabel(currencyCode: string, network: Pick<Network, 'chain'>): string {
  return `${currencyCode}-${network.chain}`;
}

/** A network's deposit rules as its row holds them (read at load, and again by reloadRules). */
function depositRulesOf(
  row: Pick<
    Selectable<CurrencyProtocolsTable>,
    'min_deposit' | 'confirmations_credit' | 'confirmations_withdraw'
  >,
): Pick<Network, 'minDeposit' | 'confirmationsCredit' | 'confirmationsWithdraw'> {
  return {
    minDeposit: Decimal.parse(String(row.min_deposit)),
    confirmationsCredit: row.confirmations_credit,
    confirmationsWithdraw: row.confirmations_withdraw,
  };
}

interface NetworkSeed {
  currency: string;
  chain: ChainCode;
  token_address?: string;
  decimals: number;
  min_deposit: string;
  confirmations_credit: number;
  confirmations_withdraw: number;
  explorer_tx_url: string;
}

export const FAMILY_OF: Record<ChainCode, KeyFamily> = {
  ERC20: 'evm',
  ETH: 'evm',
  BTC: 'btc',
  TRC20: 'tron',
};

/** Networks of the data file (networks.json) that are not stored yet; an operator's edits stay. */
export async function seedNetworks(db: Kysely<Database>): Promise<void> {
  const seeds = JSON.parse(readFileSync(serverPath('src/wallet/networks.json'), 'utf8')) as NetworkSeed[];
  const currencies = await db.selectFrom('currencies').select(['id', 'code']).execute();
  const existing = await db.selectFrom('currency_protocols').select(['currency_id', 'chain']).execute();
  const have = new Set(existing.map((row) => `${row.currency_id}|${row.chain}`));
  const rows = seeds.flatMap((seed, sort) => {
    const currency = currencies.find((row) => row.code === seed.currency);
    if (!currency || have.has(`${currency.id}|${seed.chain}`)) return [];
    return [
      {
        currency_id: currency.id,
        chain: seed.chain,
        token_address: seed.token_address ?? '',
        decimals: seed.decimals,
        memo_required: 0 as const,
        min_deposit: seed.min_deposit,
        confirmations_credit: seed.confirmations_credit,
        confirmations_withdraw: seed.confirmations_withdraw,
        explorer_tx_url: seed.explorer_tx_url,
        sort,
      },
    ];
  });
  if (rows.length > 0) await db.insertInto('currency_protocols').values(rows).execute();
}

export type AdapterFactory = (
  network: Omit<Network, 'adapter' | 'unavailable' | 'openDeposit' | 'openWithdraw'>,
) => {
  adapter: ChainAdapter | null;
  unavailable: MessageKey | null;
  /** Replaces the stored explorer link: a local chain's transactions exist on no public explorer. */
  explorerTxUrl?: string;
};

/** Every network, loaded once; each with the adapter the factory could give it, or why not. */
export class Networks {
  private constructor(private readonly all: Network[]) {}

  static async load(db: Kysely<Database>, factory: AdapterFactory): Promise<Networks> {
    const rows = await db
      .selectFrom('currency_protocols')
      .selectAll()
      .orderBy('sort')
      .orderBy('id')
      .execute();
    return new Networks(
      rows.map((row) => {
        const chain = row.chain as ChainCode;
        const base = {
          id: row.id,
          currencyId: row.currency_id,
          chain,
          family: FAMILY_OF[chain],
          tokenAddress: row.token_address,
          decimals: row.decimals,
          memoRequired: row.memo_required === 1,
          ...depositRulesOf(row),
          explorerTxUrl: row.explorer_tx_url,
          openDeposit: row.open_deposit === 1,
          openWithdraw: row.open_withdraw === 1,
        };
        return { ...base, ...factory(base) };
      }),
    );
  }

  list(): readonly Network[] {
    return this.all;
  }

  /**
   * Reads each network's deposit rules again (minimum, confirmations): a watcher process of its
   * own learns so of an operator's change, which the core applies to its networks in memory.
   */
  async reloadRules(db: Kysely<Database>): Promise<void> {
    const rows = await db
      .selectFrom('currency_protocols')
      .select(['id', 'min_deposit', 'confirmations_credit', 'confirmations_withdraw'])
      .execute();
    for (const row of rows) {
      const network = this.byId(row.id);
      if (network) Object.assign(network, depositRulesOf(row));
    }
  }

  byId(id: number): Network | undefined {
    return this.all.find((network) => network.id === id);
  }

  ofCurrency(currencyId: number): Network[] {
    return this.all.filter((network) => network.currencyId === currencyId);
  }

  connected(): Network[] {
    return this.all.filter((network) => network.adapter !== null);
  }

  view(network: Network, lang: Lang): ChainProtocolView {
    return {
      id: network.id,
      currency_id: network.currencyId,
      token_address: network.tokenAddress,
      chain_protocol: { code: network.chain },
      available: network.adapter ? 1 : 0,
      unavailable_reason: network.unavailable ? translate(lang, network.unavailable) : null,
      min_deposit: network.minDeposit.toString(),
      decimals: network.decimals,
      memo_required: network.memoRequired ? 1 : 0,
      confirmations_credit: network.confirmationsCredit,
      confirmations_withdraw: network.confirmationsWithdraw,
      open_deposit: network.openDeposit ? 1 : 0,
      open_withdraw: network.openWithdraw ? 1 : 0,
    };
  }
}
