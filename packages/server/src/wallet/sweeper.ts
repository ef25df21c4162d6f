import type { Kysely, Selectable } from 'kysely';
import type { Logger } from 'pino';
import type { Database, SweepsTable } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { toChainUnits } from '../chains/units.js';
import type { AddressOwners } from './watcher.js';
import type { Network, Networks } from './networks.js';
import type { TransferSigner } from './signer.js';

/**
 * Moves deposits from users' deposit addresses to the hot wallet, so withdrawals are paid from one
 * place. A token sweep needs gas on the deposit address: the hot wallet sends just enough first
 * (a `gas` row), then the deposit address sends its whole token balance (a `sweep` row). A native
 * sweep sends the balance less the most the fee can be. Each transaction is stored signed before
 * it is broadcast, and an address with a sweep in flight gets nothing new until it ends, so a
 * restart never sends twice. Sweeps move no ledger balance: the coins were ours to hold already.
 *
 * It runs inside the signer's pass, so the hot wallet's nonces come from one place.
 */
export class DepositSweeper {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly networks: Networks,
    private readonly owners: AddressOwners,
    /** The signer process: it holds the hot wallet's and the deposit addresses' keys. */
    private readonly signer: TransferSigner,
    private readonly hotAddress: (network: Network) => string | undefined,
    private readonly hotNonce: (network: Network, hot: string) => Promise<number>,
    private readonly clock: Clock,
    private readonly log: Logger,
  ) {}

  async pass(): Promise<void> {
    const open = await this.db
      .selectFrom('sweeps')
      .selectAll()
      .where('status', 'in', ['signed', 'sent'])
      .orderBy('id')
      .execute();
    for (const row of open)
      await this.follow(row).catch((error: unknown) => this.warn(error, row.from_address));
    // An address with a transaction in flight, either way, waits for it to end.
    const busy = new Set(open.flatMap((row) => [row.from_address, row.to_address]));
    for (const network of this.networks.connected()) {
      for (const address of await this.candidates(network)) {
        if (busy.has(address)) continue;
        await this.sweep(network, address).catch((error: unknown) => this.warn(error, address));
      }
    }
  }

  private warn(error: unknown, address: string): void {
    this.log.warn({ err: error, address }, 'sweep step failed; retried next pass');
  }

  /** Deposit addresses of this network that hold a deposit final enough to withdraw. */
  private async candidates(network: Network): Promise<string[]> {
    const rows = await this.db
      .selectFrom('deposits')
      .select('address')
      .distinct()
      .where('protocol_id', '=', network.id)
      .where('status', '=', 'confirmed')
      .execute();
    return rows.map((row) => row.address);
  }

  /** A stored transaction: broadcast it (again), then follow it to its receipt. */
  private async follow(row: Selectable<SweepsTable>): Promise<void> {
    const adapter = this.networks.byId(row.protocol_id)?.adapter;
    if (!adapter) return;
    if (row.status === 'signed') {
      await adapter.broadcast(row.raw_tx);
      await this.mark(row.id, 'sent');
      return;
    }
    const receipt = await adapter.receipt(row.tx_hash);
    if (receipt) await this.mark(row.id, receipt.succeeded ? 'complete' : 'failed');
  }

  private async mark(id: number, status: string): Promise<void> {
    await this.db
      .updateTable('sweeps')
      .set({ status, updated_at: this.clock.now() })
      .where('id', '=', id)
      .execute();
  }

  private async sweep(network: Network, address: string): Promise<void> {
    const adapter = network.adapter!;
    const hot = this.hotAddress(network);
    const userId = this.owners.owners(network.family).get(address);
    if (!hot || userId === undefined) return;
    const balance = await adapter.balanceOf(address);
    if (balance < toChainUnits(network.minDeposit.toString(), adapter.decimals)) return;
    const quote = await adapter.feeQuote();
    const gas = await adapter.gasBalanceOf(address);
    // A token pays its fees in the network's native coin; a native coin (ETH, BTC) pays its own.
    const isToken = network.tokenAddress !== '';
    if (isToken && gas < quote.cost) {
      // Gas first, from the hot wallet: the coin that pays fees is the family's native network.
      const native = this.networks
        .list()
        .find((other) => other.family === network.family && other.chain === 'ETH');
      if (!native?.adapter) return;
      const nonce = await this.hotNonce(native, hot);
      const gasRequest = await native.adapter.prepare(hot, address, quote.cost - gas, nonce);
      const signed = await this.signer.sign({ family: network.family }, gasRequest);
      await this.store(native.id, 'gas', hot, address, quote.cost - gas, signed);
      return;
    }
    const units = isToken ? balance : balance - quote.cost;
    if (units <= 0n) return;
    const nonce = await adapter.nextNonce(address);
    const request = await adapter.prepare(address, hot, units, nonce, quote);
    const signed = await this.signer.sign({ family: network.family, deposit: userId }, request);
    await this.store(network.id, 'sweep', address, hot, units, signed);
  }

  /** Stored signed, then broadcast; a crash between the two is finished by the next pass. */
  private async store(
    protocolId: number,
    kind: 'gas' | 'sweep',
    from: string,
    to: string,
    units: bigint,
    signed: { raw: string; hash: string; nonce: number },
  ): Promise<void> {
    const now = this.clock.now();
    const row = await this.db
      .insertInto('sweeps')
      .values({
        protocol_id: protocolId,
        kind,
        from_address: from,
        to_address: to,
        units: units.toString(),
        nonce: signed.nonce,
        raw_tx: signed.raw,
        tx_hash: signed.hash,
        status: 'signed',
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await this.follow(row);
  }
}
