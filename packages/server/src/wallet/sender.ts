import type { Kysely, Selectable } from 'kysely';
import type { Logger } from 'pino';
import { PollingTask } from '../lib/poller.js';
import { toChainUnits } from '../chains/units.js';
import type { SignedTransfer } from '../chains/adapter.js';
import type { Database, WithdrawalsTable } from '../db/schema.js';
import type { Network, Networks } from './networks.js';
import type { TransferSigner } from './signer.js';
import { isSigningRefusal } from './signer-guard.js';
import { confirmationsAt } from './rules.js';
import type { DepositSweeper } from './sweeper.js';
import type { Withdrawals } from './withdrawals.js';

/**
 * The signer: moves queued withdrawals on chain, one at a time per network family so nonces never
 * collide. A transaction is signed and stored (state `signed`, with its nonce, raw bytes and hash)
 * before it is broadcast, and after a crash the stored bytes are broadcast again, never re-signed:
 * the network accepts a transaction once, so a withdrawal is paid at most once. It completes at the
 * network's confirmations; a reverted transaction releases the hold.
 */
export class WithdrawalSender extends PollingTask {
  onChange: (ids: number[]) => void = () => {};

  constructor(
    private readonly db: Kysely<Database>,
    private readonly networks: Networks,
    private readonly withdrawals: Withdrawals,
    /** The signer process, which alone holds the hot wallet's key; none without a wallet phrase. */
    private readonly signer: TransferSigner | undefined,
    /** The hot wallet's address on a network. */
    private readonly hotAddress: (network: Network) => string | undefined,
    private readonly log: Logger,
  ) {
    super();
  }

  /** Set by the wallet when deposit keys are known, so deposits are swept to the hot wallet. */
  sweeper: DepositSweeper | undefined;

  protected failed(error: unknown): void {
    this.log.warn({ err: error }, 'withdrawal sender pass failed');
  }

  protected async pass(): Promise<void> {
    const open = await this.db
      .selectFrom('withdrawals')
      .selectAll()
      .where('status', 'in', ['queued', 'signed', 'sent'])
      .orderBy('id')
      .execute();
    const changed: number[] = [];
    // Signed first, in nonce order: bytes stored before a crash go out before anything new is signed.
    const order = { signed: 0, sent: 1, queued: 2 } as Record<string, number>;
    open.sort(
      (a, b) => order[a.status]! - order[b.status]! || (a.nonce ?? 0) - (b.nonce ?? 0) || a.id - b.id,
    );
    for (const row of open) {
      const network = this.networks.byId(row.protocol_id);
      const hot = network && this.hotAddress(network);
      if (!network?.adapter || !hot || !this.signer) continue;
      try {
        if (await this.step(row, network, hot, this.signer)) changed.push(row.id);
      } catch (error) {
        this.log.warn({ err: error, withdrawal: row.id }, 'withdrawal step failed; retried next pass');
      }
    }
    if (changed.length > 0) this.onChange(changed);
    // Sweeps after withdrawals, in the same pass: the hot wallet's nonces have one owner.
    await this.sweeper?.pass();
  }

  /** One move of one withdrawal; true when its state changed. */
  private async step(
    row: Selectable<WithdrawalsTable>,
    network: Network,
    hot: string,
    signer: TransferSigner,
  ): Promise<boolean> {
    const adapter = network.adapter!;
    if (row.status === 'signed') {
      await adapter.broadcast(row.raw_tx!);
      await this.withdrawals.move(row.id, 'signed', 'sent');
      return true;
    }
    if (row.status === 'sent') {
      const receipt = await adapter.receipt(row.tx_hash!);
      if (!receipt) return false;
      if (!receipt.succeeded) {
        await this.withdrawals.release(
          this.withdrawals.held(row),
          'sent',
          'failed',
          'wallet.reason_reverted',
        );
        return true;
      }
      const confirmations = confirmationsAt(receipt.blockNumber, await adapter.head());
      if (confirmations >= network.confirmationsWithdraw) {
        await this.withdrawals.complete(this.withdrawals.held(row), confirmations);
        return true;
      }
      if (confirmations === row.confirmations && row.block_number === receipt.blockNumber) return false;
      await this.db
        .updateTable('withdrawals')
        .set({ confirmations, block_number: receipt.blockNumber })
        .where('id', '=', row.id)
        .execute();
      return true;
    }
    // queued: sign only with funds to pay it; otherwise it waits, and says why.
    const units = toChainUnits(String(row.received), adapter.decimals);
    if ((await adapter.balanceOf(hot)) < units) return this.waits(row, 'wallet.reason_hot_wallet_low');
    const nonce = await this.nextNonce(network, hot);
    let signed: SignedTransfer;
    try {
      signed = await signer.sign(
        { family: network.family },
        await adapter.prepare(hot, row.address, units, nonce),
      );
    } catch (error) {
      // The signer's own limits (signer-guard.ts): it waits for them, asked again each pass.
      if (!isSigningRefusal(error)) throw error;
      this.log.warn(
        { withdrawal: row.id, refusal: (error as Error).message },
        'withdrawal refused by the signer; it waits',
      );
      return this.waits(row, 'wallet.reason_signer_limit');
    }
    await this.withdrawals.move(row.id, 'queued', 'signed', {
      nonce,
      raw_tx: signed.raw,
      tx_hash: signed.hash,
      reason: null,
    });
    await adapter.broadcast(signed.raw);
    await this.withdrawals.move(row.id, 'signed', 'sent');
    return true;
  }

  /** A queued withdrawal that waits, with the reason its owner sees; true when the reason changed. */
  private async waits(row: Selectable<WithdrawalsTable>, reason: string): Promise<boolean> {
    if (row.reason === reason) return false;
    await this.db.updateTable('withdrawals').set({ reason }).where('id', '=', row.id).execute();
    return true;
  }

  /** Above every nonce the hot wallet used (withdrawals and gas top-ups), and at least what the network expects. */
  async nextNonce(network: Network, hot: string): Promise<number> {
    const family = this.networks
      .list()
      .filter((other) => other.family === network.family)
      .map((other) => other.id);
    const stored = await this.db
      .selectFrom('withdrawals')
      .select((eb) => eb.fn.max<number>('nonce').as('max'))
      .where('protocol_id', 'in', family)
      .where('nonce', 'is not', null)
      .executeTakeFirst();
    const swept = await this.db
      .selectFrom('sweeps')
      .select((eb) => eb.fn.max<number>('nonce').as('max'))
      .where('from_address', '=', hot)
      .executeTakeFirst();
    const fromNode = await network.adapter!.nextNonce(hot);
    const after = (max: number | null | undefined) =>
      max === null || max === undefined ? 0 : Number(max) + 1;
    return Math.max(fromNode, after(stored?.max), after(swept?.max));
  }
}
