import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineHashes } from '../src/http/security-headers.js';
import { startTestExchange, type TestExchange } from './helpers/exchange.js';

const THEME_SCRIPT = "document.documentElement.dataset.theme = 'dark';";
const INDEX = `<!doctype html><html><head><title>app</title><script>${THEME_SCRIPT}</script></head><body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>`;
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

const PAGES = [
  '/',
  '/markets',
  '/api/health',
  '/api/no-such-call',
  '/api/docs',
  '/api/docs/json',
  '/dev/mailbox',
  '/api/dev/mailbox',
];

let ex: TestExchange;
let webDist: string;
const trustProxyBefore = process.env.TRUST_PROXY;
beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'oex-web-'));
  writeFileSync(join(webDist, 'index.html'), INDEX);
  process.env.TRUST_PROXY = '1';
  ex = await startTestExchange({ webDist });
});
afterAll(async () => {
  await ex?.stop();
  rmSync(webDist, { recursive: true, force: true });
  if (trustProxyBefore === undefined) delete process.env.TRUST_PROXY;
  else process.env.TRUST_PROXY = trustProxyBefore;
});

/** The policy's directives by name. */
function directives(csp: string | null): Map<string, string[]> {
  return new Map(
    (csp ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('security headers', () => {
  it.each(PAGES)('%s carries CSP, frame, sniffing and referrer headers', async (path) => {
    const response = await fetch(`${ex.url}${path}`);
    expect(response.status).toBeLessThan(500);
    const csp = directives(response.headers.get('content-security-policy'));
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
    expect(csp.get('script-src')).not.toContain("'unsafe-eval'");
    // Inline styles only where Swagger UI needs them: its own pages.
    expect(csp.get('style-src')!.includes("'unsafe-inline'")).toBe(path.startsWith('/api/docs'));
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('same-origin');
    // Plain HTTP: no HSTS.
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });

  it('allows exactly the inline scripts and styles of our own pages, by hash', async () => {
    const home = await fetch(`${ex.url}/`);
    expect(await home.text()).toContain(THEME_SCRIPT);
    const csp = directives(home.headers.get('content-security-policy'));
    expect(csp.get('script-src')).toContain(sha256(THEME_SCRIPT));
    const mailbox = await (await fetch(`${ex.url}/dev/mailbox`)).text();
    const { scripts, styles } = inlineHashes([mailbox]);
    expect(scripts).toHaveLength(1);
    expect(styles).toHaveLength(1);
    for (const hash of scripts) expect(csp.get('script-src')).toContain(hash);
    for (const hash of styles) expect(csp.get('style-src')).toContain(hash);
  });

  it('sends HSTS when a trusted proxy says the request came over TLS', async () => {
    for (const path of ['/', '/api/health', '/api/docs']) {
      const tls = await fetch(`${ex.url}${path}`, { headers: { 'x-forwarded-proto': 'https' } });
      expect(tls.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      const plain = await fetch(`${ex.url}${path}`, { headers: { 'x-forwarded-proto': 'http' } });
      expect(plain.headers.get('strict-transport-security')).toBeNull();
    }
  });
});

describe('without a trusted proxy', () => {
  it('ignores x-forwarded-proto: a client cannot ask for HSTS', async () => {
    delete process.env.TRUST_PROXY;
    const direct = await startTestExchange();
    try {
      const response = await fetch(`${direct.url}/api/health`, { headers: { 'x-forwarded-proto': 'https' } });
      expect(response.headers.get('strict-transport-security')).toBeNull();
      expect(response.headers.get('x-frame-options')).toBe('DENY');
    } finally {
      await direct.stop();
      process.env.TRUST_PROXY = '1';
    }
  });
});

describe('inlineHashes', () => {
  it('hashes inline scripts and styles, and skips scripts loaded from a file', () => {
    const page = `<style>a{color:red}</style><script>one()</script><script type="module" src="/x.js"></script><script>
two()
</script>`;
    expect(inlineHashes([page, page])).toEqual({
      scripts: [sha256('one()'), sha256('\ntwo()\n')].sort(),
      styles: [sha256('a{color:red}')],
    });
  });
});
