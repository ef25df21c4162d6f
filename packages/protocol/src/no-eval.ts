import { config } from 'zod';

/**
 * Makes zod build its parsers without `new Function`. Zod tries `new Function` once, as soon as
 * an object schema is made, to see whether it may compile faster parsers; a page whose Content
 * Security Policy forbids eval reports that try as a violation. The web app calls this before any
 * schema is made; the server keeps the compiled parsers.
 */
export function forbidSchemaEval(): void {
  config({ jitless: true });
}
