import type app from './locales/en/app.json';
import type balances from './locales/en/console-balances.json';
import type content from './locales/en/console-content.json';
import type dashboard from './locales/en/console-dashboard.json';
import type log from './locales/en/console-log.json';
import type markets from './locales/en/console-markets.json';
import type reviews from './locales/en/console-reviews.json';
import type shell from './locales/en/console-shell.json';
import type users from './locales/en/console-users.json';

/**
 * The types of the message catalogues, from the English ones (`locales/en/*.json`): every other
 * language translates English, key for key. The files themselves are data a translator edits:
 * `locales/<lang>/app.json` for the app, `locales/<lang>/console-<area>.json` for each area of the
 * operator console (beside the app's, so each language's texts are in one folder).
 */
export type AppCatalog = typeof app;

/** Each console area's English catalogue. */
export interface ConsoleCatalogs {
  balances: typeof balances;
  content: typeof content;
  dashboard: typeof dashboard;
  log: typeof log;
  markets: typeof markets;
  reviews: typeof reviews;
  shell: typeof shell;
  users: typeof users;
}

export type ConsoleArea = keyof ConsoleCatalogs;

type PluralSuffix = `_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}`;

/**
 * The keys of a console area: its English keys, and a plural family's base (`orderCount` for
 * `orderCount_one` and `orderCount_other`), which i18next completes from the count.
 */
export type ConsoleKey<A extends ConsoleArea> =
  | (keyof ConsoleCatalogs[A] & string)
  | (keyof ConsoleCatalogs[A] extends infer K ? (K extends `${infer B}${PluralSuffix}` ? B : never) : never);

/** The dotted keys of a nested catalogue's texts (`trade.buy`). */
type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/**
 * A key of the app's texts, for keys kept in data before they reach `t` (a column's heading, a
 * check's message): a misspelt one fails the compiler as it does in `t('...')`.
 */
export type TextKey = Leaves<AppCatalog>;

/**
 * What follows a prefix in some keys: `KeysUnder<'nav.log' | 'nav.users' | 'title', 'nav.'>` is
 * `'log' | 'users'`, for a key built from a value (`t(`nav.${area}`)`) that must be one of them.
 */
export type KeysUnder<K extends string, P extends string> = K extends `${P}${infer R}` ? R : never;
