import { api, type CallSpec } from '@oex/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestExchange, type TestExchange } from './helpers/exchange.js';
import { ETH_USDT, USDT, balanceOf, trader } from './helpers/ledger.js';

let ex: TestExchange;
beforeAll(async () => {
  ex = await startTestExchange();
});
afterAll(async () => ex?.stop());

interface Operation {
  tags?: string[];
  summary?: string;
  security?: unknown[];
  parameters?: { name: string; in: string }[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
}

/** Every entry of the contract, by its name (`spot.placeBuy`, `ledger.logs.all`). */
function entries(group: object, prefix = ''): [string, CallSpec][] {
  return Object.entries(group).flatMap(([key, value]: [string, unknown]) => {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value !== 'object' || value === null) return [];
    return 'method' in value && 'path' in value ? [[name, value as CallSpec]] : entries(value, name);
  });
}

/** The OpenAPI path of an entry: `admin/users/:id` is `/api/admin/users/{id}`. */
const openApiPath = (path: string) => `/api/${path.replace(/:(\w+)/g, '{$1}')}`;

describe('the typed contract', () => {
  it('every entry is a route of the server, with its method, tags, summary and token', async () => {
    const document = (await (await fetch(`${ex.url}/api/docs/json`)).json()) as {
      paths: Record<string, Record<string, Operation>>;
    };
    const all = entries(api);
    expect(all.length).toBeGreaterThan(50);
    const names = new Set<string>();
    for (const [name, entry] of all) {
      const key = `${entry.method} ${entry.path}`;
      expect(names.has(key), `${name}: ${key} is a second entry`).toBe(false);
      names.add(key);
      const operation = document.paths[openApiPath(entry.path)]?.[entry.method.toLowerCase()];
      expect(operation, `${name}: ${key} has no route`).toBeDefined();
      expect(operation!.summary, name).toBe(entry.summary);
      expect(operation!.tags, name).toEqual([...entry.tags]);
      expect(operation!.security !== undefined, `${name}: token`).toBe(entry.auth === 'user');
    }
  });

  it('an idempotent entry takes request_id in its body', () => {
    const idempotent = entries(api).filter(([, entry]) => entry.idempotent);
    expect(idempotent.map(([name]) => name)).toEqual(
      expect.arrayContaining(['spot.placeBuy', 'spot.placeSell', 'ledger.transfer', 'wallet.withdraw']),
    );
    for (const [name, entry] of idempotent) {
      expect(entry.method, name).toBe('POST');
      const shape = (entry.request as { shape?: Record<string, unknown> } | undefined)?.shape;
      expect(shape && 'request_id' in shape, `${name} takes request_id`).toBe(true);
    }
  });

  it('the same request_id with the same terms, however written, answers the first order; other terms are refused', async () => {
    const buyer = await trader(ex, [[USDT, '10000']]);
    const post = (entry: CallSpec, body: Record<string, unknown>) =>
      ex.api.post<{ id: number }>(entry.path, body, { token: buyer.token });
    const first = await post(api.spot.placeBuy, {
      currency_match_id: ETH_USDT,
      number: '0.01',
      price: '100.50',
      request_id: 'contract-1',
    });
    expect(first.body.code).toBe(1);
    // The same order written otherwise: fields in another order, the price as 100.5, the default type sent.
    const again = await post(api.spot.placeBuy, {
      request_id: 'contract-1',
      type: 0,
      price: '100.5',
      number: '0.010',
      currency_match_id: String(ETH_USDT),
    });
    expect(again.body).toMatchObject({ code: 1, data: { id: first.body.data!.id } });
    // Other terms with the id, or the id on the other side, are refused.
    const other = { currency_match_id: ETH_USDT, number: '0.02', price: '100.5', request_id: 'contract-1' };
    expect((await post(api.spot.placeBuy, other)).body.code).toBe(0);
    expect((await post(api.spot.placeSell, { ...other, number: '0.01' })).body.code).toBe(0);
    expect(await balanceOf(ex.api, buyer.token, USDT)).toBe('9998.995');
  });
});
