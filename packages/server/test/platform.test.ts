import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestExchange, type TestExchange } from './helpers/exchange.js';

let ex: TestExchange;
beforeAll(async () => {
  ex = await startTestExchange();
});
afterAll(async () => ex?.stop());

/** Every route of this issue; the OpenAPI document must list each. */
const ROUTES = [
  ['get', '/api/health'],
  ['get', '/api/default/area_list'],
  ['get', '/api/default/setting'],
  ['get', '/api/news/categories'],
  ['get', '/api/news/list'],
  ['get', '/api/news/info'],
  ['post', '/api/notify/send_email'],
  ['post', '/api/notify/send_sms'],
  ['post', '/api/user/register'],
  ['post', '/api/user/login'],
  ['post', '/api/user/logout'],
  ['get', '/api/user/info'],
  ['get', '/api/user/authorization_code'],
  ['post', '/api/user/amend_password'],
  ['post', '/api/user/forget_password'],
  ['post', '/api/user/amend_pay_password'],
  ['post', '/api/sms_mail'],
  ['post', '/api/safe/email'],
  ['get', '/api/dev/mailbox'],
  ['get', '/api/dev/demo'],
] as const;

describe('HTTP core', () => {
  it('answers health with the database in use', async () => {
    const health = await ex.api.get('health');
    expect(health.body).toMatchObject({ code: 1, data: { status: 'ok', database: ex.db.dialect } });
  });

  it('documents every route in OpenAPI, with request schemas', async () => {
    const response = await fetch(`${ex.url}/api/docs/json`);
    const doc = (await response.json()) as {
      paths: Record<string, Record<string, { requestBody?: unknown; parameters?: unknown[] }>>;
    };
    for (const [method, path] of ROUTES) expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    expect(doc.paths['/api/user/register']!.post!.requestBody).toBeDefined();
    expect(doc.paths['/api/news/list']!.get!.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'category_id', in: 'query' })]),
    );
    const ui = await fetch(`${ex.url}/api/docs`, { redirect: 'follow' });
    expect(ui.status).toBe(200);
    expect(await ui.text()).toContain('swagger');
  });

  it('answers unknown API routes with a 404 envelope', async () => {
    const answer = await ex.api.get('no/such/route');
    expect(answer).toMatchObject({ status: 404, body: { code: 0, msg: 'There is no such API call' } });
  });

  it('refuses a body that is not JSON with a 400 envelope', async () => {
    const answer = await ex.api.post('user/login', undefined, { raw: '{"login_type":' });
    expect(answer).toMatchObject({
      status: 200,
      body: { code: 0, msg: 'The request body is not valid JSON' },
    });
  });

  it('speaks the language of the lang header, English for an unknown one', async () => {
    const texts = new Map<string, string>();
    for (const lang of ['en', 'zh', 'hk', 'jp', 'gm', 'du', 'fr', 'xx']) {
      // One account per language: five failures on one account would lock it.
      const payload = { login_type: 'email', account: `nobody-${lang}@example.test`, password: 'abc12345' };
      texts.set(lang, (await ex.api.post('user/login', payload, { lang })).body.msg);
    }
    expect(texts.get('en')).toBe('Wrong account or password');
    expect(texts.get('xx')).toBe('Wrong account or password');
    expect(new Set(['en', 'zh', 'hk', 'jp', 'gm', 'du', 'fr'].map((lang) => texts.get(lang))).size).toBe(7);
  });

  it('names the field and the rule in validation messages, in the caller language', async () => {
    const en = await ex.api.post('user/login', { login_type: 'email', password: 'abc12345' });
    expect(en.body.msg).toBe('account: is required');
    const fr = await ex.api.post('user/login', { login_type: 'email', password: 'abc12345' }, { lang: 'fr' });
    expect(fr.body.msg.startsWith('account')).toBe(true);
    expect(fr.body.msg).not.toBe(en.body.msg);
  });
});

describe('demo-only routes', () => {
  it('serve the mailbox page and the demo accounts in demo mode', async () => {
    const page = await fetch(`${ex.url}/dev/mailbox`);
    expect(page.headers.get('content-type')).toContain('text/html');
    const demo = await ex.api.get('dev/demo');
    expect(demo.body).toMatchObject({
      code: 1,
      data: {
        invite_code: 'DEMO2026',
        users: [{ account: 'alice@demo.test' }, { account: 'bob@demo.test' }],
      },
    });
  });

  it('answer 404 outside demo mode, and codes then fail loudly without a sender', async () => {
    const live = await startTestExchange({ demo: false });
    try {
      expect((await live.api.get('dev/demo')).status).toBe(404);
      expect((await live.api.get('dev/mailbox')).status).toBe(404);
      expect((await fetch(`${live.url}/dev/mailbox`)).status).toBe(404);
      const send = await live.api.post('notify/send_email', { to: 'someone@example.test', type: 1 });
      expect(send).toMatchObject({
        status: 200,
        body: { code: 0, msg: 'This server cannot send email messages yet' },
      });
      // The refused send left no code behind, so no resend wait either.
      const again = await live.api.post('notify/send_email', { to: 'someone@example.test', type: 1 });
      expect(again.body.code).toBe(0);
      const codes = await live.db.kysely.selectFrom('verification_codes').selectAll().execute();
      expect(codes).toHaveLength(0);
    } finally {
      await live.stop();
    }
  });
});

describe('rate limits', () => {
  it('answer 429 with the envelope on sign-in and code sending', async () => {
    const limited = await startTestExchange({ authRateLimit: 3, codeRateLimit: 2 });
    try {
      const login = { login_type: 'email', account: 'nobody@example.test', password: 'abc12345' };
      const statuses = [];
      for (let i = 0; i < 4; i += 1) statuses.push((await limited.api.post('user/login', login)).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const blocked = await fetch(`${limited.url}/api/user/login`, {
        method: 'POST',
        headers: { lang: 'en', 'content-type': 'application/json' },
        body: JSON.stringify(login),
      });
      expect(blocked.status).toBe(429);
      // The wait in whole seconds, as the message says it.
      const wait = blocked.headers.get('retry-after') ?? '';
      expect(wait).toMatch(/^[1-9]\d*$/);
      const body = (await blocked.json()) as { code: number; msg: string };
      expect(body).toMatchObject({ code: 0, msg: `Too many requests, please try again in ${wait} s` });
      const sends = [];
      for (let i = 0; i < 3; i += 1) {
        sends.push(
          (await limited.api.post('notify/send_email', { to: `rate${i}@example.test`, type: 1 })).status,
        );
      }
      expect(sends).toEqual([200, 200, 429]);
    } finally {
      await limited.stop();
    }
  });
});

const SCRIPT = `console.log(${JSON.stringify('x'.repeat(2000))});`;

describe('the web app', () => {
  it('is served at / with history fallback, leaving API, dev and asset 404s alone', async () => {
    const webDist = mkdtempSync(join(tmpdir(), 'oex-web-'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>app</title>');
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(join(webDist, 'assets', 'app-1a2b.js'), SCRIPT);
    writeFileSync(join(webDist, 'assets', 'app-1a2b.js.br'), brotliCompressSync(SCRIPT));
    const served = await startTestExchange({ demo: false, webDist });
    try {
      for (const path of ['/', '/trade?id=2', '/assets/tradeAccount']) {
        const response = await fetch(`${served.url}${path}`);
        expect(response.status, path).toBe(200);
        expect(await response.text()).toContain('<title>app</title>');
      }
      for (const path of ['/dev/mailbox', '/api/nope', '/coins/none.svg', '/banners/none.svg']) {
        expect((await fetch(`${served.url}${path}`)).status, path).toBe(404);
      }
      // A built file: its brotli copy when the browser takes it, kept for good; the page checked each load.
      const asset = await fetch(`${served.url}/assets/app-1a2b.js`, { headers: { 'accept-encoding': 'br' } });
      expect(asset.headers.get('content-encoding')).toBe('br');
      expect(asset.headers.get('cache-control')).toContain('immutable');
      expect(await asset.text()).toBe(SCRIPT);
      expect((await fetch(`${served.url}/`)).headers.get('cache-control')).toBe('no-cache');
      const plain = await fetch(`${served.url}/assets/app-1a2b.js`, {
        headers: { 'accept-encoding': 'identity' },
      });
      expect(plain.headers.get('content-encoding')).toBeNull();
    } finally {
      await served.stop();
      rmSync(webDist, { recursive: true, force: true });
    }
  });
});
