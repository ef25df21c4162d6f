import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestExchange, type TestExchange } from './helpers/exchange.js';

let ex: TestExchange;
beforeAll(async () => {
  ex = await startTestExchange();
});
afterAll(async () => ex?.stop());

/** A raw GET with the given Accept-Encoding: the bytes as they crossed the wire, and the headers. */
function rawGet(
  path: string,
  acceptEncoding: string,
): Promise<{ encoding: string | undefined; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const url = new URL(`${ex.url}${path}`);
    request(url, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ encoding: response.headers['content-encoding'], body: Buffer.concat(chunks) }),
      );
    })
      .on('error', reject)
      .end();
  });
}

describe('API answers on the wire', () => {
  it('are compressed with brotli or gzip when large, and decode to the same answer', async () => {
    const path = '/api/market/currency_matches';
    const plain = await rawGet(path, 'identity');
    expect(plain.encoding).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const br = await rawGet(path, 'br, gzip');
    expect(br.encoding).toBe('br');
    expect(br.body.length).toBeLessThan(plain.body.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.body).toString('utf8'))).toEqual(
      JSON.parse(plain.body.toString('utf8')),
    );
    const gzip = await rawGet(path, 'gzip');
    expect(gzip.encoding).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.body).toString('utf8'))).toEqual(
      JSON.parse(plain.body.toString('utf8')),
    );
  });

  it('stay plain when small', async () => {
    const health = await rawGet('/api/health', 'br, gzip');
    expect(health.encoding).toBeUndefined();
    expect(JSON.parse(health.body.toString('utf8'))).toMatchObject({ code: 1 });
  });
});
