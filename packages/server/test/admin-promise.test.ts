import { CHANGE_FIELDS } from '@oex/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestExchange, type TestExchange } from './helpers/exchange.js';

/**
 * docs/operator-promise.md: the console can never set a market's price, pick a seconds-contract
 * outcome, close a position at a chosen price, edit a journal row or act as a user. This walks
 * the OpenAPI document of every admin route and fails when a route or any field it takes (at
 * any depth) names such a thing.
 */
const FORBIDDEN_FIELD =
  /(^|_)(price|prices|mark|marks|last|close_price|outcome|result|results|winner|win|lose|loss|profit|journal|journal_id|log_id|account_log|balance|lock_balance|impersonate|as_user|login_as|session_of)($|_)/i;
/**
 * Names that merely contain a forbidden word: the decimals a price is shown with, and a seconds
 * option's payout ratio (a public rule for every contract opened after it takes effect, which the
 * issue lets operators set; never an outcome).
 */
const ALLOWED_FIELD = new Set(['price_decimals', 'profit_ratio']);
const FORBIDDEN_PATH =
  /price|outcome|result|journal|account_log|impersonat|login_as|force_close|liquidat|settle/i;

type Schema = {
  properties?: Record<string, Schema>;
  items?: Schema | Schema[];
  additionalProperties?: Schema | boolean;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  $ref?: string;
};
type Operation = {
  parameters?: { name: string; in: string; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};

/** Every field name a schema accepts, with its path, and the values of its enums. */
function fieldsOf(schema: Schema | undefined, at: string, out: string[]): void {
  if (!schema || typeof schema !== 'object') return;
  for (const [name, inner] of Object.entries(schema.properties ?? {})) {
    out.push(`${at}.${name}`);
    fieldsOf(inner, `${at}.${name}`, out);
  }
  for (const value of schema.enum ?? []) if (typeof value === 'string') out.push(`${at}=${value}`);
  const items = schema.items === undefined ? [] : [schema.items].flat();
  for (const inner of [...items, ...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) {
    fieldsOf(inner, at, out);
  }
  if (typeof schema.additionalProperties === 'object') fieldsOf(schema.additionalProperties, `${at}.*`, out);
}

let ex: TestExchange;
beforeAll(async () => {
  ex = await startTestExchange();
});
afterAll(async () => {
  await ex?.stop();
});

async function adminOperations(): Promise<[string, Operation][]> {
  const document = (await (await fetch(`${ex.url}/api/docs/json`)).json()) as {
    paths: Record<string, Record<string, Operation>>;
  };
  return Object.entries(document.paths)
    .filter(([path]) => path.startsWith('/api/admin/'))
    .flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]): [string, Operation] => [
        `${method.toUpperCase()} ${path}`,
        op,
      ]),
    );
}

function last(field: string): string {
  return field.split(/[.=]/).pop()!;
}

describe('the operator promise', () => {
  it('has admin routes to walk', async () => {
    expect((await adminOperations()).length).toBeGreaterThan(20);
  });

  it('no admin route sets a price, an outcome, a balance or a journal row, or acts as a user', async () => {
    const offending: string[] = [];
    for (const [route, op] of await adminOperations()) {
      if (FORBIDDEN_PATH.test(route)) offending.push(route);
      const fields: string[] = [];
      for (const parameter of op.parameters ?? []) {
        fields.push(`${parameter.in}.${parameter.name}`);
        fieldsOf(parameter.schema, `${parameter.in}.${parameter.name}`, fields);
      }
      for (const content of Object.values(op.requestBody?.content ?? {}))
        fieldsOf(content.schema, 'body', fields);
      for (const field of fields) {
        const name = last(field);
        if (!ALLOWED_FIELD.has(name) && FORBIDDEN_FIELD.test(name)) offending.push(`${route} ${field}`);
      }
    }
    expect(offending).toEqual([]);
  });

  it('lets a scheduled change name no price, mark, outcome or balance (its fields are a free-form record)', () => {
    const named = Object.entries(CHANGE_FIELDS).flatMap(([kind, fields]) =>
      Object.keys(fields).map((name) => `${kind}.${name}`),
    );
    expect(named.length).toBeGreaterThan(10);
    expect(
      named.filter((field) => FORBIDDEN_FIELD.test(last(field)) && !ALLOWED_FIELD.has(last(field))),
    ).toEqual([]);
  });

  it('would notice such a field (the walk itself is tested)', () => {
    const fields: string[] = [];
    fieldsOf(
      {
        properties: {
          changes: { additionalProperties: { properties: { last_price: {} } } },
          list: { items: { anyOf: [{ properties: { outcome: {} } }] } },
          kind: { enum: ['fee', 'mark_price'] },
        },
      },
      'body',
      fields,
    );
    const caught = fields.filter((field) => FORBIDDEN_FIELD.test(last(field)));
    expect(caught).toEqual(['body.changes.*.last_price', 'body.list.outcome', 'body.kind=mark_price']);
    expect(FORBIDDEN_FIELD.test('price_decimals') && !ALLOWED_FIELD.has('price_decimals')).toBe(false);
    expect(FORBIDDEN_PATH.test('POST /api/admin/micro/set_result')).toBe(true);
  });
});
