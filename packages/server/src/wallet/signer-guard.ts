import {
  closeSync,
  existsSync,
  fsyncSync,
  openSync,
  readFileSync,
  renameSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import type { SignRequest } from '../chains/adapter.js';
import type { KeyRef, WalletKeys } from './signer.js';
import {
  overLimit,
  parseLimits,
  SIGNING_DAY_MS,
  spendsOf,
  type SignedSpend,
  type SignerLimits,
} from './signer-policy.js';

/** How a refusal's message starts, as the signer answers it. */
const REFUSED = 'refused: ';

/** A transfer the signer's own rules refuse (signer-policy.ts). */
export class SigningRefused extends Error {
  constructor(reason: string) {
    super(`${REFUSED}${reason}`);
  }
}

/**
 * Whether a signing failure the server got is the signer's refusal: it crosses the process as the
 * answer's text, which the server's signers give on as `signer: <text>` (signer.ts, nats-signer.ts).
 */
export function isSigningRefusal(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith(`signer: ${REFUSED}`);
}

/**
 * The signer's rules with what it signed in the last 24 hours. The spends go to SIGNER_SPENT_FILE,
 * one JSON line each, written and synced before the signature is given, so a signer killed and
 * started again counts the same day, and a crash between the two counts a transfer never sent
 * (the safe side).
 */
export class SigningGuard {
  private readonly signed: SignedSpend[];

  private constructor(
    private readonly limits: SignerLimits,
    private readonly fd: number | undefined,
    signed: SignedSpend[],
    private readonly now: () => number,
  ) {
    this.signed = signed;
  }

  /**
   * From the environment: SIGNER_LIMITS (none: only the rules that need no limit) and
   * SIGNER_SPENT_FILE, required with a day's limit. Throws, naming what is wrong.
   */
  static fromEnvironment(env: NodeJS.ProcessEnv, now: () => number = Date.now): SigningGuard {
    const limits = parseLimits(env.SIGNER_LIMITS);
    const file = env.SIGNER_SPENT_FILE || undefined;
    if (!file && [...limits.values()].some((limit) => limit.day !== undefined)) {
      throw new Error(
        'SIGNER_LIMITS has a day limit: set SIGNER_SPENT_FILE, or a restart would forget the day',
      );
    }
    return SigningGuard.open(limits, file, now);
  }

  /** Reads what `file` holds of the last day, keeps only that in it, and appends to it from then on. */
  static open(limits: SignerLimits, file: string | undefined, now: () => number = Date.now): SigningGuard {
    if (!file) return new SigningGuard(limits, undefined, [], now);
    const since = now() - SIGNING_DAY_MS;
    const kept = existsSync(file)
      ? readSpends(readFileSync(file, 'utf8')).filter((spend) => spend.at > since)
      : [];
    writeFileSync(`${file}.tmp`, kept.map(lineOf).join(''));
    renameSync(`${file}.tmp`, file);
    return new SigningGuard(limits, openSync(file, 'a'), kept, now);
  }

  /** Checks a transfer before it is signed and records what it pays out; throws SigningRefused. */
  admit(ref: KeyRef, request: SignRequest, keys: WalletKeys): void {
    const verdict = spendsOf(ref, request, keys);
    if (!verdict.ok) throw new SigningRefused(verdict.reason);
    const at = this.now();
    const over = overLimit(verdict.spends, this.limits, this.signed, at);
    if (over) throw new SigningRefused(over);
    const spends = verdict.spends.filter((spend) => spend.units > 0n).map((spend) => ({ ...spend, at }));
    if (this.fd !== undefined && spends.length > 0) {
      writeSync(this.fd, spends.map(lineOf).join(''));
      fsyncSync(this.fd);
    }
    this.signed.push(...spends);
    // Older than a day counts no more.
    while (this.signed.length > 0 && this.signed[0]!.at <= at - SIGNING_DAY_MS) this.signed.shift();
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
  }
}

const lineOf = (spend: SignedSpend) =>
  `${JSON.stringify({ at: spend.at, asset: spend.asset, units: spend.units.toString() })}\n`;

/** The file's lines; a last line cut short by a crash is not a spend the signer gave a signature for. */
function readSpends(text: string): SignedSpend[] {
  const spends: SignedSpend[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    try {
      const { at, asset, units } = JSON.parse(line) as { at: number; asset: string; units: string };
      spends.push({ at, asset, units: BigInt(units) });
    } catch {
      // written in part when the process died, before its signature was given
    }
  }
  return spends;
}
