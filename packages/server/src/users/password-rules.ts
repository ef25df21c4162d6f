import { ZxcvbnFactory, type ZxcvbnResult } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

/**
 * The fewest guesses (zxcvbn's estimate) a new login or trade password needs: a million. Judged by
 * guessability, not length: 6 letters or digits with no word, name, date, keyboard walk
 * or repeat in them pass (the spec's client accepts 6-16 letters or digits), while `123456`,
 * `password1`, `Summer2024`, `lantern42` and the account's own name are refused at any length.
 * Guessing online is held by the lockouts (5 wrong sign-ins or trade passwords per account in 15
 * minutes: a million guesses take years); see docs/personal.md.
 */
export const MIN_PASSWORD_GUESSES = 1_000_000;

/** Why a password is refused, as a message key: guessable, or built from the account name. */
export type PasswordWeakness = 'error.password_weak' | 'error.password_personal';

let factory: ZxcvbnFactory | undefined;

/** The estimator with the common-language dictionaries (passwords, names, keyboard walks). */
function estimator(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  return factory;
}

/**
 * The words of an account name a password must not be built from: the whole email or number, the
 * email's local part and its pieces, the domain's name, and the number with and without its area.
 */
export function accountWords(accounts: readonly string[]): string[] {
  const words = new Set<string>();
  for (const raw of accounts) {
    const account = raw.trim().toLowerCase();
    if (!account) continue;
    words.add(account);
    const [local, domain] = account.split('@');
    if (local) {
      words.add(local);
      for (const piece of local.split(/[^\p{L}\p{N}]+/u)) if (piece.length >= 3) words.add(piece);
    }
    const domainName = domain?.split('.')[0];
    if (domainName && domainName.length >= 3) words.add(domainName);
  }
  return [...words];
}

/** The full estimate, for tests and for anyone who wants the feedback. */
export function estimatePassword(password: string, accounts: readonly string[] = []): ZxcvbnResult {
  return estimator().check(password, accountWords(accounts));
}

/**
 * The reason a new password is refused, or null when it is strong enough. `accounts` are the
 * account's names (email, mobile with and without area code), used as guessable words.
 */
export function passwordWeakness(
  password: string,
  accounts: readonly string[] = [],
): PasswordWeakness | null {
  const result = estimatePassword(password, accounts);
  if (result.guesses >= MIN_PASSWORD_GUESSES) return null;
  const personal = result.sequence.some(
    (match) => match.pattern === 'dictionary' && match.dictionaryName === 'userInputs',
  );
  return personal ? 'error.password_personal' : 'error.password_weak';
}
