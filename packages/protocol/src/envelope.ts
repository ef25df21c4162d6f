/** The answer envelope of every HTTP call (docs/platform.md). */
export const ResponseCode = {
  ERROR: 0,
  OK: 1,
  /** A notice the client may ignore. */
  NOTICE: 996,
  /** Missing or expired token: sign in again. */
  AUTH: 999,
} as const;

export interface OkEnvelope<T> {
  code: typeof ResponseCode.OK;
  msg: string;
  data: T;
}

export interface ErrorEnvelope {
  code: typeof ResponseCode.ERROR | typeof ResponseCode.NOTICE | typeof ResponseCode.AUTH;
  msg: string;
  /**
   * Beside code and msg on `user/login`'s two-factor step only (`TotpChallenge`). A refusal's data
   * stays empty: the spec's client shows msg for "code 0 and empty data".
   */
  totp_required?: true;
}

export type Envelope<T> = OkEnvelope<T> | ErrorEnvelope;

export interface Paged<T> {
  total: number;
  per_page: number;
  current_page: number;
  last_page: number;
  data: T[];
}

/** The seven interface languages; en is the fallback. */
export const LANGS = ['en', 'zh', 'hk', 'jp', 'gm', 'du', 'fr'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'en';

export function toLang(value: unknown): Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value)
    ? (value as Lang)
    : DEFAULT_LANG;
}
