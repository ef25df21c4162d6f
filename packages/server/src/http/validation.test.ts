import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { emptyAsAbsent } from './validation.js';

const schema = z.object({ id: z.number(), area_id: z.string().optional(), note: z.string() });

describe('emptyAsAbsent: the spec client’s empty strings', () => {
  it('drops an empty field the schema lets be absent, and keeps a required one for its own rule', () => {
    expect(emptyAsAbsent(schema, { id: 1, area_id: ' ', note: '' })).toEqual({ id: 1, note: '' });
    const same = { id: 1, area_id: 'x' };
    expect(emptyAsAbsent(schema, same)).toBe(same);
  });

  it('reads only the schema’s own fields: keys named like an object’s built-ins are left to validation', () => {
    // A fuzzed body {"valueOf": ""} found the prototype's valueOf and answered 500 on every route.
    for (const key of ['valueOf', 'toString', 'constructor', 'hasOwnProperty', '__proto__']) {
      const body = JSON.parse(`{"${key}": "", "id": 1}`) as Record<string, unknown>;
      expect(emptyAsAbsent(schema, body), key).toBe(body);
    }
    expect(
      emptyAsAbsent(z.union([schema, z.object({ valueOf: z.string().optional() })]), { valueOf: '' }),
    ).toEqual({});
  });
});
