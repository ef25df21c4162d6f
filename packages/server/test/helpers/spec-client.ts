import { expect } from 'vitest';

/** An answer as the spec’s client reads it: the envelope, with `data` as it came. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type SpecAnswer = { code: number; msg: string; data: any };

/**
 * The spec’s own client (the calls of its two documents): GET sends its data as a query string, POST as a JSON
 * body, the raw token goes in Authorization and a lang header is sent. It reads the envelope only
 * from a 2xx answer, so every answer it gets must be HTTP 200.
 */
export function specClient(baseUrl: string) {
  return async function call(
    method: 'GET' | 'POST',
    path: string,
    payload: Record<string, unknown> = {},
    token?: string,
  ): Promise<SpecAnswer> {
    const headers: Record<string, string> = { lang: 'en' };
    if (token) headers.authorization = token;
    let url = `${baseUrl}/api/${path}`;
    let body: string | undefined;
    if (method === 'GET') {
      const query = new URLSearchParams(
        Object.entries(payload).map(([k, v]): [string, string] => [k, String(v)]),
      );
      if (query.size) url += `?${query}`;
    } else {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(payload);
    }
    const response = await fetch(url, { method, headers, body });
    expect(response.status, `${method} ${path}`).toBe(200);
    return (await response.json()) as SpecAnswer;
  };
}

/** Money, prices and quantities as the client reads them: decimal strings, never numbers. */
export const decimal = () => expect.stringMatching(/^\d+(\.\d+)?$/);
/** A decimal string that may be negative (a profit, a record's change). */
export const signedDecimal = () => expect.stringMatching(/^-?\d+(\.\d+)?$/);
/** "2026-11-27 21:26:16": the client shows it as is, or drops its first 5 characters (the year). */
export const dateTime = () => expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

/**
 * A lever position or order as the lever page reads it (the spec’s fields: id, type, type_name, symbol,
 * share, price, origin_price, update_price, target_profit_price, stop_loss_price, caution_money,
 * origin_caution_money, trade_fee, overnight_money, profits, number, time, base and quote currency
 * ids). A pending order has no entry price yet.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function expectLeverPosition(row: any, what: string): void {
  expect(row, what).toMatchObject({
    id: expect.any(Number),
    type_name: expect.any(String),
    symbol: expect.stringMatching(/^[A-Z0-9]+\/[A-Z0-9]+$/),
    share: expect.any(Number),
    origin_price: decimal(),
    update_price: decimal(),
    target_profit_price: decimal(),
    stop_loss_price: decimal(),
    caution_money: decimal(),
    origin_caution_money: decimal(),
    trade_fee: decimal(),
    overnight_money: decimal(),
    profits: signedDecimal(),
    number: decimal(),
    time: expect.any(Number),
    base_currency_id: expect.any(Number),
    quote_currency_id: expect.any(Number),
  });
  expect([1, 2], `${what}: type`).toContain(row.type);
  expect(row.type_name.length, `${what}: type_name`).toBeGreaterThan(0);
  if (row.status === 0) expect(row.price, `${what}: price`).toBeNull();
  else expect(row.price, `${what}: price`).toEqual(decimal());
}
