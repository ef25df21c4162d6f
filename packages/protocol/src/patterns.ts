/** Account rules and code purposes, free of zod so the web app's pages can use them cheaply. */
/**
 * 6 to 64 printable characters of any kind: letters of any script, digits, symbols and inner spaces
 * (no control or invisible format characters). The spec's 6-16 letters and digits is a subset.
 * Passwords are trimmed before this check, as before sending. Strength is checked on the server.
 */
export const PASSWORD_PATTERN = /^[^\p{C}]{6,64}$/u;
export const PASSWORD_MAX_LENGTH = 64;
export const EMAIL_PATTERN = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[A-Za-z]{2,}$/;
export const MOBILE_PATTERN = /^\d{6,15}$/;
export const CODE_PATTERN = /^\d{6}$/;

/** Purposes of a verification code (docs/personal.md); 4 binds an email to an account. */
export const CodeType = {
  REGISTER: 1,
  FORGOT_PASSWORD: 2,
  TRADE_PASSWORD: 3,
  BIND_EMAIL: 4,
  LOGIN: 5,
  /** Binding a withdrawal address; sent to the account's own email or phone. */
  WITHDRAW_ADDRESS: 6,
  /** Binding a phone number to an account that has none; sent to that number. */
  BIND_MOBILE: 7,
  /** Creating a trading-API key without two-factor; sent to the account's own email or phone. */
  API_KEY: 8,
} as const;
export type CodeTypeValue = (typeof CodeType)[keyof typeof CodeType];
