import { z } from './zod.js';
import { Decimal } from './decimal.js';

/**
 * Custom zod messages are message keys; the server translates them into the caller's
 * language together with the field name, and the web app can do the same.
 */

/** A whole number given as a JSON number or as a digit string (query strings carry text). */
export const intLike = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^-?\d{1,15}$/, { message: 'rule.integer' }),
  ])
  .transform((value) => Number(value))
  .pipe(z.number().int({ message: 'rule.integer' }).safe({ message: 'rule.integer' }));

/** The largest row id: ids are the database's integers (32-bit in PostgreSQL); past it no row can match. */
export const ROW_ID_MAX = 2_147_483_647;

export const idField = intLike.pipe(z.number().min(1, { message: 'rule.positive' }).max(ROW_ID_MAX));

export const pageField = intLike.pipe(z.number().min(1, { message: 'rule.positive' })).default(1);

export const pagedQuery = z.object({
  page: pageField,
  limit: intLike.pipe(z.number().min(1).max(100)).optional(),
});

/** A decimal amount on the wire: a plain decimal string (numbers are refused: they lose digits). */
export const decimalString = z
  .string()
  .trim()
  .max(60, { message: 'rule.too_long' })
  .refine((text) => Decimal.isValid(text), { message: 'rule.decimal' });

export function trimmed(max: number) {
  return z.string().trim().max(max, { message: 'rule.too_long' });
}

export function requiredText(max: number) {
  return trimmed(max).min(1, { message: 'rule.required' });
}
