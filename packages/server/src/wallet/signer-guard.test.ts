import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { SignRequest } from '../chains/adapter.js';
import { evmTransfer } from '../../test/helpers/chain.js';
import { SigningGuard, SigningRefused } from './signer-guard.js';
import { holdKeys } from './signer-keys.js';
import { SIGNING_DAY_MS } from './signer-policy.js';

const keys = holdKeys('test test test test test test test test test test test junk').keys();
const dir = mkdtempSync(join(tmpdir(), 'oex-signer-guard-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A coin transfer from the hot wallet with no fee, so the units are the value. */
const pay = (value: string): SignRequest => {
  const transfer = evmTransfer(0, value) as Extract<SignRequest, { kind: 'evm' }>;
  return { ...transfer, tx: { ...transfer.tx, maxFeePerGas: '0', maxPriorityFeePerGas: '0' } };
};
const HOT = { family: 'evm' } as const;

describe('the signing guard', () => {
  it('counts the day across a restart from its file, forgets a day-old spend, and refuses with the reason', () => {
    const file = join(dir, 'spent.jsonl');
    let now = 5 * SIGNING_DAY_MS;
    const env = { SIGNER_LIMITS: '{"evm:native":{"day":"1000"}}', SIGNER_SPENT_FILE: file };
    const guard = SigningGuard.fromEnvironment(env, () => now);
    guard.admit(HOT, pay('600'), keys);
    expect(() => guard.admit(HOT, pay('500'), keys)).toThrow(SigningRefused);
    expect(() => guard.admit(HOT, pay('500'), keys)).toThrow(
      'refused: evm:native: 600 signed in the last 24 hours and 500 more is over the limit of 1000 a day',
    );
    guard.close();
    // Killed while writing a line: the cut line was no signature given.
    appendFileSync(file, '{"at":');

    now += 1000;
    const restarted = SigningGuard.fromEnvironment(env, () => now);
    expect(() => restarted.admit(HOT, pay('500'), keys)).toThrow('600 signed in the last 24 hours');
    restarted.admit(HOT, pay('400'), keys);
    restarted.close();
    expect(readFileSync(file, 'utf8').trim().split('\n')).toHaveLength(2);

    // A day after the first: only the second counts, and the file keeps only what still counts.
    now = 6 * SIGNING_DAY_MS + 1;
    const nextDay = SigningGuard.fromEnvironment(env, () => now);
    nextDay.admit(HOT, pay('600'), keys);
    expect(() => nextDay.admit(HOT, pay('1'), keys)).toThrow('1000 signed in the last 24 hours');
    nextDay.close();
    expect(readFileSync(file, 'utf8').trim().split('\n')).toHaveLength(2);
  });

  it('a refused transfer counts nothing; a day limit without a file to keep it is refused at start', () => {
    const guard = SigningGuard.fromEnvironment({ SIGNER_LIMITS: '{"evm:native":{"transfer":"10"}}' });
    expect(() => guard.admit({ family: 'evm', deposit: 3 }, pay('5'), keys)).toThrow(
      'refused: a deposit address pays only the hot wallet',
    );
    expect(() => guard.admit(HOT, pay('11'), keys)).toThrow('over the limit of 10 a transfer');
    guard.admit(HOT, pay('10'), keys);
    expect(() => SigningGuard.fromEnvironment({ SIGNER_LIMITS: '{"btc":{"day":"1"}}' })).toThrow(
      'set SIGNER_SPENT_FILE',
    );
    expect(() => SigningGuard.fromEnvironment({ SIGNER_LIMITS: '{"btc":{"day":1}}' })).toThrow('as a string');
  });
});
