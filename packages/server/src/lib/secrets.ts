import { createHash, randomBytes, randomInt } from 'node:crypto';

/** 256 random bits, URL-safe: a bearer token. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Hex SHA-256: tokens and codes are stored only as this hash. */
export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** A code of `length` decimal digits from the CSPRNG. */
export function randomDigits(length: number): string {
  let code = '';
  for (let i = 0; i < length; i += 1) code += String(randomInt(10));
  return code;
}

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A short human-friendly code without look-alike characters (invite and agent codes). */
export function randomCode(length: number): string {
  let code = '';
  for (let i = 0; i < length; i += 1) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}
