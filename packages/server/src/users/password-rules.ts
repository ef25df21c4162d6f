import { ZxcvbnFactory, type ZxcvbnResult } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

/**
 * The lowest zxcvbn score a new password needs: 3 is "safely unguessable" (about 10^10 guesses),
 * zxcvbn's own advice against an offline attack on slow hashes, which is what a leaked argon2id
 * table would face. In practice: about 10 characters that are no word, name, date or pattern, or a
 * few unrelated words. `123456`, `aaaaaa`, `password1` and the account name score 0.
 */
export const MIN_PASSWORD_SCORE = 3;

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
  if (result.score >= MIN_PASSWORD_SCORE) return null;
  const personal = result.sequence.some(
    (match) => match.pattern === 'dictionary' && match.dictionaryName === 'userInputs',
  );
  return personal ? 'error.password_personal' : 'error.password_weak';
}
