import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import fastifyPlugin from 'fastify-plugin';

/** HSTS for a year, subdomains included; sent only on requests that arrived over TLS. */
export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/** The CSP hashes ('sha256-...') of the inline scripts and styles of pages we serve ourselves. */
export interface InlineHashes {
  scripts: string[];
  styles: string[];
}

/**
 * Hashes every inline `<script>` (one without `src`) and `<style>` of the given pages, so the
 * policy can allow exactly those and no other inline code. Works on our own, known markup.
 */
export function inlineHashes(pages: readonly string[]): InlineHashes {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const hash = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
  for (const page of pages) {
    for (const match of page.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
      if (!/\ssrc\s*=/i.test(match[1] ?? '') && match[2]!.trim()) scripts.add(hash(match[2]!));
    }
    for (const match of page.matchAll(/<style(\s[^>]*)?>([\s\S]*?)<\/style>/gi)) styles.add(hash(match[2]!));
  }
  return { scripts: [...scripts].sort(), styles: [...styles].sort() };
}

/**
 * The Content-Security-Policy of every answer: only our own origin, plus the inline code we
 * wrote, by hash. `style-src-attr 'unsafe-inline'` lets `style="..."` attributes through (React
 * writes styles through the CSSOM, which CSP never blocks, but libraries such as Swagger UI put
 * style attributes in markup); style attributes cannot run code. Nobody may frame the exchange.
 */
export function contentSecurityPolicy(hashes: InlineHashes): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': ["'self'", ...hashes.scripts],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", ...hashes.styles],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    // 'self' covers the live channel's ws:// and wss:// on the same host (CSP level 3).
    'connect-src': ["'self'"],
    'object-src': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/**
 * The API docs page's policy: Swagger UI's bundle injects a `<style>` element of its own, so on its
 * pages (and only there) inline styles are allowed. The style directive is replaced whole, because a
 * hash next to 'unsafe-inline' would switch 'unsafe-inline' off. Scripts stay as strict as anywhere.
 */
export function docsPagePolicy(header: string): string {
  return header.replace(/(^|;)\s*style-src [^;]*/, "$1style-src 'self' 'unsafe-inline'");
}

/** The built web app's index.html, whose theme script runs inline before the first paint. */
export function webIndexPage(webDist: string): string[] {
  const file = join(webDist, 'index.html');
  return existsSync(file) ? [readFileSync(file, 'utf8')] : [];
}

export interface SecurityHeadersOptions {
  /** The HTML of pages served with inline scripts or styles, whose hashes the policy allows. */
  inlinePages: readonly string[];
}

/**
 * Security headers on every answer (the web app, the API, its docs, the dev pages, 404s):
 * CSP with frame-ancestors 'none', X-Frame-Options DENY, nosniff, Referrer-Policy same-origin,
 * and HSTS when the request came over TLS (directly, or through a trusted proxy's
 * x-forwarded-proto with TRUST_PROXY=1): HSTS over plain HTTP would be ignored anyway, and sent
 * from a local demo it would pin localhost to HTTPS in the browser.
 */
export const securityHeaders = fastifyPlugin(
  async (app: FastifyInstance, options: SecurityHeadersOptions) => {
    const headers = helmetHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: contentSecurityPolicy(inlineHashes(options.inlinePages)),
      },
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'same-origin' },
      strictTransportSecurity: false,
    });
    app.addHook('onRequest', async (request, reply) => {
      reply.headers(headers);
      if (request.protocol === 'https') reply.header('strict-transport-security', HSTS_VALUE);
    });
  },
  { name: 'security-headers' },
);

/**
 * The headers helmet sets for these options, worked out once: they are the same on every answer,
 * and building helmet's middleware per request (as its fastify plugin does) parsed the policy
 * again each time, about 5 % of an order's CPU time (docs/performance.md).
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as never, response as never, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}
