import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { SignedTransfer, SignRequest } from '../chains/adapter.js';
import type { KeyFamily } from '../chains/keys.js';

/** A key the signer holds: a family's hot wallet, or the deposit address of a user (its index). */
export interface KeyRef {
  family: KeyFamily;
  deposit?: number;
}

/** What the server may know of the wallet's keys: extended and plain public keys only. */
export interface WalletKeys {
  /** Per family, the extended public key of the deposit branch. */
  xpubs: Record<KeyFamily, string>;
  /** Per family, the hot wallet's compressed public key (hex). */
  hot: Record<KeyFamily, string>;
}

export interface SignerRequest {
  id: number;
  method: 'keys' | 'sign';
  params?: unknown;
}

export interface SignerResponse {
  id: number;
  result?: unknown;
  error?: string;
}

/** Signs prepared transfers with keys the caller never sees. */
export interface TransferSigner {
  keys(): WalletKeys;
  sign(ref: KeyRef, transfer: SignRequest): Promise<SignedTransfer>;
  stop(): Promise<void>;
}

const MAIN = fileURLToPath(new URL('./signer-main.ts', import.meta.url));

/**
 * The signer as a child process (signer-main.ts) on an IPC channel. The phrase goes to it at start
 * in its environment and is not kept here; the server asks it for public keys and signatures.
 */
export class ChildSigner implements TransferSigner {
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  private next = 1;
  private walletKeys: WalletKeys | undefined;

  private constructor(private readonly child: ChildProcess) {
    child.on('message', (response: SignerResponse) => {
      const waiting = this.pending.get(response.id);
      if (!waiting) return;
      this.pending.delete(response.id);
      if (response.error !== undefined) waiting.reject(new Error(`signer: ${response.error}`));
      else waiting.resolve(response.result);
    });
    child.on('exit', () => {
      for (const waiting of this.pending.values())
        waiting.reject(new Error('signer: the signer process ended'));
      this.pending.clear();
    });
  }

  static async start(mnemonic: string): Promise<ChildSigner> {
    const child = fork(MAIN, [], {
      execArgv: ['--import', 'tsx'],
      // Only what it needs: never the server's own secrets (database URL, tokens).
      env: { PATH: process.env.PATH ?? '', NODE_ENV: process.env.NODE_ENV ?? '', WALLET_MNEMONIC: mnemonic },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    await new Promise<void>((resolve, reject) => {
      child.once('message', () => resolve());
      child.once('exit', (code) =>
        reject(new Error(`signer: the signer process exited (${code}) before it was ready`)),
      );
    });
    const signer = new ChildSigner(child);
    signer.walletKeys = (await signer.call('keys')) as WalletKeys;
    return signer;
  }

  private call(method: SignerRequest['method'], params?: unknown): Promise<unknown> {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      if (!this.child.connected) return reject(new Error('signer: the signer process has ended'));
      this.pending.set(id, { resolve, reject });
      this.child.send({ id, method, params } satisfies SignerRequest, (error) => {
        if (!error) return;
        this.pending.delete(id);
        reject(new Error(`signer: ${error.message}`));
      });
    });
  }

  keys(): WalletKeys {
    return this.walletKeys!;
  }

  async sign(ref: KeyRef, transfer: SignRequest): Promise<SignedTransfer> {
    return (await this.call('sign', { ref, transfer })) as SignedTransfer;
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      this.child.once('exit', () => resolve());
      this.child.disconnect();
    });
  }
}
