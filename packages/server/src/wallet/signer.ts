import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { SignedTransfer, SignRequest } from '../chains/adapter.js';
import type { KeyFamily } from '../chains/keys.js';
import { serverPath } from '../lib/paths.js';

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

/** Whether two sets of the wallet's public keys are the same (so are its deposit addresses). */
export const sameKeys = (a: WalletKeys, b: WalletKeys) => JSON.stringify(a) === JSON.stringify(b);

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

/** Whether the signer process can sign now: running, or being restarted after it died. */
export type SignerState = 'running' | 'restarting' | 'stopped';

/** Signs prepared transfers with keys the caller never sees. */
export interface TransferSigner {
  keys(): WalletKeys;
  sign(ref: KeyRef, transfer: SignRequest): Promise<SignedTransfer>;
  state(): SignerState;
  stop(): Promise<void>;
}

/** Waits before each restart of a signer that died: doubling from the first, capped. */
export const SIGNER_RESTART_MS = { first: 500, max: 30_000 } as const;

/**
 * The signer's entry: compiled beside the server's bundle in `dist/`, or the TypeScript source
 * through tsx when the server itself runs from its sources (tests, `npm run dev`).
 */
function signerEntry(): { path: string; execArgv: string[] } {
  return fileURLToPath(import.meta.url).endsWith('.js')
    ? { path: serverPath('dist/signer-main.js'), execArgv: [] }
    : { path: serverPath('src/wallet/signer-main.ts'), execArgv: ['--import', 'tsx'] };
}

/** The signer's own limits (signer-guard.ts), handed on to the process the server starts. */
function signerLimitsOf(env: NodeJS.ProcessEnv): Record<string, string> {
  const { SIGNER_LIMITS, SIGNER_SPENT_FILE } = env;
  return {
    ...(SIGNER_LIMITS ? { SIGNER_LIMITS } : {}),
    ...(SIGNER_SPENT_FILE ? { SIGNER_SPENT_FILE } : {}),
  };
}

/** One signer process on an IPC channel: ready once it has said so. */
async function forkSigner(mnemonic: string): Promise<ChildProcess> {
  const entry = signerEntry();
  const child = fork(entry.path, [], {
    execArgv: entry.execArgv,
    // Only what it needs: never the server's own secrets (database URL, tokens).
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: process.env.NODE_ENV ?? '',
      WALLET_MNEMONIC: mnemonic,
      ...signerLimitsOf(process.env),
    },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) =>
      reject(new Error(`signer: the signer process exited (${code}) before it was ready`)),
    );
  });
  return child;
}

/**
 * The signer as a supervised child process (signer-main.ts). The phrase goes to it in its
 * environment; the server asks it for public keys and signatures. If it dies, it is started again
 * with a doubling wait, and meanwhile `state()` is `restarting` and signing is refused, so queued
 * withdrawals wait for the next pass. The phrase is kept for those restarts; it was already in this
 * process's environment at start, so keeping it adds no exposure.
 */
export class ChildSigner implements TransferSigner {
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  private next = 1;
  private walletKeys: WalletKeys | undefined;
  private current: ChildProcess | null = null;
  private stopping = false;
  private restartTimer: NodeJS.Timeout | undefined;
  /** The wait before the next restart; back to the first after a restart that holds. */
  private backoffMs: number = SIGNER_RESTART_MS.first;
  /** Restarts so far, for the logs and tests. */
  restarts = 0;

  private constructor(
    private readonly mnemonic: string,
    private readonly onState: (state: SignerState, error?: Error) => void,
  ) {}

  static async start(
    mnemonic: string,
    onState: (state: SignerState, error?: Error) => void = () => undefined,
  ): Promise<ChildSigner> {
    const signer = new ChildSigner(mnemonic, onState);
    signer.adopt(await forkSigner(mnemonic));
    signer.walletKeys = (await signer.call('keys')) as WalletKeys;
    return signer;
  }

  /** The process now in use, if any (tests kill it to prove the restart). */
  get process(): ChildProcess | null {
    return this.current;
  }

  state(): SignerState {
    if (this.stopping) return 'stopped';
    return this.current ? 'running' : 'restarting';
  }

  private adopt(child: ChildProcess): void {
    this.current = child;
    child.on('message', (response: SignerResponse) => {
      const waiting = this.pending.get(response.id);
      if (!waiting) return;
      this.pending.delete(response.id);
      if (response.error !== undefined) waiting.reject(new Error(`signer: ${response.error}`));
      else waiting.resolve(response.result);
    });
    child.once('exit', (code, signal) => {
      if (this.current === child) this.current = null;
      for (const waiting of this.pending.values())
        waiting.reject(new Error('signer: the signer process ended'));
      this.pending.clear();
      if (this.stopping) return;
      this.onState('restarting', new Error(`signer exited (${signal ?? code})`));
      this.scheduleRestart();
    });
  }

  private scheduleRestart(): void {
    const wait = this.backoffMs;
    this.backoffMs = Math.min(this.backoffMs * 2, SIGNER_RESTART_MS.max);
    this.restartTimer = setTimeout(() => void this.restart(), wait);
    this.restartTimer.unref();
  }

  private async restart(): Promise<void> {
    if (this.stopping) return;
    try {
      const child = await forkSigner(this.mnemonic);
      if (this.stopping) {
        child.disconnect();
        return;
      }
      this.restarts += 1;
      this.adopt(child);
      this.onState('running');
      // A restart that lives a minute earns the short wait again.
      setTimeout(() => {
        if (this.current === child) this.backoffMs = SIGNER_RESTART_MS.first;
      }, 60_000).unref();
    } catch (error) {
      this.onState('restarting', error as Error);
      this.scheduleRestart();
    }
  }

  private call(method: SignerRequest['method'], params?: unknown): Promise<unknown> {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      const child = this.current;
      if (!child?.connected) return reject(new Error(`signer: the signer process is ${this.state()}`));
      this.pending.set(id, { resolve, reject });
      child.send({ id, method, params } satisfies SignerRequest, (error) => {
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
    this.stopping = true;
    clearTimeout(this.restartTimer);
    const child = this.current;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.disconnect();
    });
  }
}
