import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnvilNode } from '../src/demo/anvil.js';
import { auditLedger } from '../src/ledger/audit.js';
import { MANUAL_CHAIN, testChain } from './helpers/chain.js';
import { startTestExchange, type TestExchange } from './helpers/exchange.js';
import { BTC, BTC_USDT, DOT, DOT_USDT, ETH, ETH_USDT, LEVER, SPOT, trader, USDT } from './helpers/ledger.js';
import { MICRO } from './helpers/micro.js';
import { LEGAL, merchant, postAd, TRADE_PASSWORD, type Party } from './helpers/p2p.js';
import { budget } from './helpers/budget.js';

/*
 * No request of any shape may answer 5xx. The routes come from the server's own OpenAPI document,
 * so a route added under one of these tags is fuzzed without a change here: each field gets
 * plausible values (small ids, decimal amounts, the enum's members) mixed with edge values (empty,
 * zero, negative, huge, too many decimals, arrays, objects, null, unicode), and whole bodies of
 * the wrong shape. Every answer must be an envelope; refusals may be 4xx or 200 with code 0.
 */

const FUZZED_TAGS = ['lever', 'micro', 'earn', 'p2p', 'assets'];

interface JsonSchema {
  type?: string;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  pattern?: string;
  maxLength?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
}

interface Operation {
  tags?: string[];
  security?: unknown[];
  parameters?: { in: 'query' | 'path' | 'header'; name: string; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

interface Route {
  method: 'GET' | 'POST';
  path: string;
  /** Fields with their schemas: the body's for a POST, the query's for a GET. */
  fields: Record<string, JsonSchema>;
  pathParams: string[];
  json: boolean;
}

const EDGES: unknown[] = [
  '',
  ' ',
  '0',
  '-0',
  '-1',
  '0.0',
  0,
  -1,
  -0.5,
  1e308,
  2 ** 53 + 2,
  1.5,
  '1e5',
  'NaN',
  'Infinity',
  '9'.repeat(40),
  '1000000000000000',
  2_147_483_648,
  '2147483648',
  '999999999999999999',
  `0.${'0'.repeat(30)}1`,
  '0.000000000000000000001',
  '1.123456789012345678901',
  '0.01',
  '0x1F',
  ' 1 ',
  '1,5',
  '١٢٣',
  '𝟙𝟚',
  'é',
  '\u0000',
  '<script>alert(1)</script>',
  "x' OR '1'='1",
  'a'.repeat(5000),
  [],
  [1],
  ['1', '2'],
  {},
  { $ne: null },
  null,
  true,
  false,
];

const decimalText = fc.oneof(
  fc.constantFrom('1', '0.01', '0.5', '2', '10', '100', '1000', '0.0001', '7.25', '60000'),
  fc
    .tuple(fc.integer({ min: 0, max: 99_999 }), fc.integer({ min: 0, max: 99_999_999 }))
    .map(([whole, fraction]) => `${whole}.${fraction}`),
);
const smallId = fc.integer({ min: 0, max: 8 });
const isIntegerText = (schema: JsonSchema) => schema.type === 'string' && schema.pattern === '^-?\\d{1,15}$';
const MONEY_NAME = /price|number|amount|total|balance|wallet_?address/i;

/** Values a real client might send for a field: the happy path, so the fuzz reaches the rules. */
function plausible(name: string, schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf) {
    if (schema.anyOf.some(isIntegerText)) return fc.oneof(smallId, smallId.map(String));
    if (schema.anyOf.every((part) => part.type === 'number' || part.type === 'string')) {
      if (MONEY_NAME.test(name)) return fc.oneof(decimalText, decimalText.map(Number));
      return fc.oneof(smallId, fc.constantFrom('spot', 'legal', 'lever', 'micro', 'earn'));
    }
    return fc.oneof(...schema.anyOf.map((part) => plausible(name, part)));
  }
  switch (schema.type) {
    case 'array':
      return fc.array(plausible(name, schema.items ?? {}), { maxLength: schema.maxItems ?? 3 });
    case 'integer':
    case 'number':
      return fc.integer({ min: Math.max(schema.minimum ?? 0, 0), max: 8 });
    case 'boolean':
      return fc.boolean();
    case 'string':
      if (schema.pattern === '^\\d{6}$') return fc.stringMatching(/^\d{6}$/);
      if (MONEY_NAME.test(name)) return decimalText;
      if (/password/.test(name)) return fc.constantFrom(TRADE_PASSWORD, 'Wrong-Pass-11');
      if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern)).map((s) => s.slice(0, 60));
      return fc.string({ maxLength: Math.min(schema.maxLength ?? 20, 20) });
    default:
      return fc.anything();
  }
}

function value(name: string, schema: JsonSchema): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 4, arbitrary: plausible(name, schema) },
    { weight: 2, arbitrary: fc.constantFrom(...EDGES) },
    { weight: 1, arbitrary: fc.anything() },
  );
}

function routesOf(doc: { paths: Record<string, Record<string, Operation>> }): Route[] {
  const routes: Route[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      if (!operation.tags?.some((tag) => FUZZED_TAGS.includes(tag))) continue;
      const fields: Record<string, JsonSchema> = {};
      const content = operation.requestBody?.content ?? {};
      const json = !Object.keys(content).some((type) => type.startsWith('multipart/'));
      Object.assign(fields, content['application/json']?.schema.properties ?? {});
      const pathParams: string[] = [];
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in === 'query') fields[parameter.name] = parameter.schema;
        if (parameter.in === 'path') pathParams.push(parameter.name);
      }
      routes.push({
        method: method.toUpperCase() as Route['method'],
        path: path.replace(/^\/api\//, ''),
        fields,
        pathParams,
        json,
      });
    }
  }
  return routes;
}

let node: AnvilNode;
let ex: TestExchange;
let user: Party;
let routes: Route[];

beforeAll(async () => {
  ({ node } = await testChain());
  ex = await startTestExchange({ evmRpcUrl: node.rpcUrl, ...MANUAL_CHAIN });
  const doc = (await (await fetch(`${ex.url}/api/docs/json`)).json()) as Parameters<typeof routesOf>[0];
  routes = routesOf(doc);
  // Books on every market, so the mark exists and lever and seconds orders reach their rules.
  const maker = await trader(ex, [
    [USDT, '100000000'],
    [BTC, '1000'],
    [ETH, '10000'],
    [DOT, '1000000'],
  ]);
  for (const [market, bid, ask, number] of [
    [BTC_USDT, '60000', '60010', '1'],
    [ETH_USDT, '3000', '3001', '10'],
    [DOT_USDT, '7', '7.5', '1000'],
  ] as const) {
    for (const [side, price] of [
      ['tx_in/add', bid],
      ['tx_out/add', ask],
    ] as const) {
      const answer = await ex.api.post(
        side,
        { currency_match_id: market, type: 0, price, number },
        { token: maker.token },
      );
      expect(answer.body.code, answer.body.msg).toBe(1);
    }
  }
  for (let second = 0; second < 6; second += 1) {
    ex.clock.advance(1000);
    await ex.markTape.tick();
  }
  // The fuzzing user is a merchant with a trade password and money in every account; another
  // merchant's ad is there to take.
  user = await merchant(ex);
  for (const type of [SPOT, LEGAL, LEVER, MICRO]) {
    for (const [currency, amount] of [
      [USDT, '100000'],
      [BTC, '2'],
      [ETH, '20'],
    ] as const) {
      await ex.ledger.credit(user.id, type, currency, amount);
    }
  }
  const other = await merchant(ex, { [USDT]: '100000' });
  await postAd(ex.api, other.token, { total: '5000' });
}, budget(120_000));

afterAll(async () => {
  await ex?.stop();
  await node?.stop();
});

/** The envelope codes each route answered: the fuzz must reach past sign-in, and often succeed. */
const codesSeen = new Map<string, Set<unknown>>();

interface Reply {
  status: number;
  body: unknown;
  raw: string;
}

async function call(route: Route, fields: unknown, pathValues: unknown[] = []): Promise<Reply> {
  let path = route.path;
  route.pathParams.forEach((name, index) => {
    path = path.replace(`{${name}}`, encodeURIComponent(String(pathValues[index] ?? 1)));
  });
  const headers: Record<string, string> = { lang: 'en', authorization: `Bearer ${user.token}` };
  let url = `${ex.url}/api/${path}`;
  let body: string | undefined;
  if (route.method === 'GET') {
    if (fields && typeof fields === 'object' && !Array.isArray(fields)) {
      const query = new URLSearchParams();
      for (const [key, item] of Object.entries(fields)) {
        if (item === undefined) continue;
        query.append(key, typeof item === 'string' ? item : JSON.stringify(item));
      }
      if (query.size) url += `?${query}`;
    }
  } else {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(fields) ?? 'null';
  }
  const response = await fetch(url, { method: route.method, headers, body });
  const raw = await response.text();
  let parsed: unknown = undefined;
  if ((response.headers.get('content-type') ?? '').includes('json')) parsed = JSON.parse(raw);
  const code = (parsed as { code?: unknown } | undefined)?.code;
  const seen = codesSeen.get(route.path) ?? new Set<unknown>();
  codesSeen.set(route.path, seen.add(code));
  return { status: response.status, body: parsed, raw };
}

/** What is wrong with an answer, if anything: a 5xx, or not the envelope a client can read. */
function fault(reply: Reply): string | null {
  if (reply.status >= 500) return 'a 5xx';
  if (reply.status === 200 && reply.body === undefined) return null; // an image, served as itself
  const envelope = reply.body as { code?: unknown; msg?: unknown } | undefined;
  if (!envelope || typeof envelope !== 'object') return 'no envelope';
  if (![0, 1, 996, 999].includes(envelope.code as number)) return 'an unknown code';
  if (typeof envelope.msg !== 'string') return 'no message';
  if (envelope.code !== 1 && envelope.msg.trim().length < 3) return 'a refusal without a reason';
  if (/^(rule|error|ok)\./.test(envelope.msg)) return 'an untranslated message';
  return null;
}

function describeFault(route: Route, sent: unknown, reply: Reply, problem: string): string {
  const body = JSON.stringify(sent)?.slice(0, 200);
  return `${problem}: ${route.method} ${route.path} ${body} → ${reply.status} ${reply.raw.slice(0, 200)}`;
}

function expectWellFormed(route: Route, sent: unknown, reply: Reply): void {
  const problem = fault(reply);
  if (problem) expect.fail(describeFault(route, sent, reply, problem));
}

describe('fuzz: every lever, seconds-contract, earn, wallet and P2P route', () => {
  it('finds the routes in the OpenAPI document, every tag with its routes', () => {
    const byTag = (prefix: RegExp) => routes.filter((route) => prefix.test(route.path));
    expect(byTag(/^lever\//).length).toBeGreaterThanOrEqual(8);
    expect(byTag(/^microtrade\//).length).toBeGreaterThanOrEqual(5);
    expect(byTag(/^ieo\//).length).toBeGreaterThanOrEqual(3);
    expect(byTag(/^wallet\//).length).toBeGreaterThanOrEqual(6);
    expect(byTag(/^legal_(deal|shop)\//).length).toBeGreaterThanOrEqual(14);
  });

  it('a fixed-price short whose entry price rounds to nothing is refused naming the fixed price', async () => {
    const submit = (type: number, target_price: string, lang = 'en') =>
      ex.api.post(
        'lever/submit',
        {
          currency_match_id: BTC_USDT,
          share: 1,
          multiple: 10,
          type,
          status: 0,
          target_price,
          password: TRADE_PASSWORD,
        },
        { token: user.token, lang },
      );
    // BTC/USDT: 2 price decimals and a spread: 0.01 less the spread rounds down to 0.00.
    const answer = await submit(2, '0.01');
    expect(answer.status, answer.body.msg).toBeLessThan(500);
    expect(answer.body).toMatchObject({
      code: 0,
      msg: 'The fixed price must be at least 0.02 on this market',
    });
    const zh = await submit(2, '0.01', 'zh');
    expect(zh.status).toBeLessThan(500);
    expect(zh.body.msg).toContain('0.02');
    // The lowest that opens is accepted (a long's entry rounds up, so 0.01 is fine for it).
    expect((await submit(2, '0.02')).body.code).toBe(1);
    expect((await submit(1, '0.01')).body.code).toBe(1);
  });

  it(
    'each field at each edge value, on an otherwise plausible body',
    async () => {
      const faults: string[] = [];
      for (const route of routes.filter((candidate) => candidate.json)) {
        const base = fc.sample(
          fc.record(
            Object.fromEntries(
              Object.entries(route.fields).map(([name, schema]) => [name, plausible(name, schema)]),
            ),
          ),
          { numRuns: 1, seed: 7 },
        )[0]!;
        const bodies: unknown[] = [{}, null, [], 'text', 1, base];
        for (const name of Object.keys(route.fields)) {
          const { [name]: _dropped, ...without } = base;
          bodies.push(without);
          for (const edge of EDGES) bodies.push({ ...base, [name]: edge });
        }
        for (const body of bodies) {
          const reply = await call(route, body);
          const problem = fault(reply);
          if (problem) faults.push(describeFault(route, body, reply, problem));
        }
        for (const edge of route.pathParams.length ? EDGES : []) {
          const reply = await call(route, base, [edge, edge]);
          const problem = fault(reply);
          if (problem) faults.push(describeFault(route, edge, reply, problem));
        }
      }
      // Every fault at once, one line each, rather than the first only.
      expect(faults).toEqual([]);
    },
    budget(600_000),
  );

  it(
    'random bodies of every shape',
    async () => {
      const faults: string[] = [];
      for (const route of routes.filter((candidate) => candidate.json)) {
        const fields = fc.record(
          Object.fromEntries(
            Object.entries(route.fields).map(([name, schema]) => [name, value(name, schema)]),
          ),
          { requiredKeys: [] },
        );
        // Each route's first fault (shrunk), then the next route: every faulty route in one run.
        const run = await fc.check(
          fc.asyncProperty(
            fc.oneof({ weight: 9, arbitrary: fields }, { weight: 1, arbitrary: fc.anything() }),
            fc.array(fc.oneof(smallId, fc.constantFrom(...EDGES)), { minLength: 2, maxLength: 2 }),
            async (body, pathValues) => {
              expectWellFormed(route, body, await call(route, body, pathValues));
            },
          ),
          { numRuns: 40 },
        );
        if (run.failed) faults.push(String(run.errorInstance ?? run.counterexample).slice(0, 600));
      }
      expect(faults).toEqual([]);
    },
    budget(600_000),
  );

  it('reached past sign-in on every route, and succeeded on most', () => {
    const json = routes.filter((route) => route.json);
    const succeeded = json.filter((route) => codesSeen.get(route.path)?.has(1));
    for (const route of json)
      expect(codesSeen.get(route.path)?.has(0) || codesSeen.get(route.path)?.has(1), route.path).toBe(true);
    expect(succeeded.length).toBeGreaterThan(json.length / 2);
  });

  it('leaves the books balanced', async () => {
    expect((await auditLedger(ex.db.kysely)).problems).toEqual([]);
  });
});
