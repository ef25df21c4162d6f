import { can, ROLES, type Permission, type Role } from '@oex/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestExchange, type TestExchange } from './helpers/exchange.js';
import { operatorSession, type OperatorSession } from './helpers/operators.js';
import { signUp } from './helpers/users.js';

/**
 * What each admin route needs, written out here by hand (not read from the code under test):
 * a route missing from this table, or listed here and gone, fails the test.
 */
const ROUTES: Record<string, Permission | 'open' | 'machine'> = {
  'POST /api/admin/session/login': 'open',
  'GET /api/admin/session/me': 'read',
  'GET /api/admin/log': 'read',
  'GET /api/admin/log/verify': 'read',
  'POST /api/admin/credit': 'machine',
  'POST /api/admin/earn/fund': 'machine',
  'POST /api/admin/micro_pool/fund': 'machine',
  'GET /api/admin/feedback/list': 'read',
  'POST /api/admin/feedback/reply': 'reviews.support',
  'GET /api/admin/user_real/pending': 'read',
  'POST /api/admin/user_real/approve': 'reviews.support',
  'POST /api/admin/user_real/reject': 'reviews.support',
  'GET /api/admin/p2p/applications': 'read',
  'POST /api/admin/p2p/applications/decide': 'reviews.support',
  'GET /api/admin/p2p/appeals': 'read',
  'POST /api/admin/p2p/appeals/resolve': 'reviews.support',
  'POST /api/admin/p2p/freeze': 'reviews.support',
  'GET /api/admin/withdrawals/review': 'read',
  'POST /api/admin/withdrawals/approve': 'reviews.finance',
  'POST /api/admin/withdrawals/reject': 'reviews.finance',
  'GET /api/admin/wallet/holdings': 'read',
  'GET /api/admin/dashboard': 'read',
  'POST /api/admin/audit/run': 'read',
  'GET /api/admin/users': 'read',
  'GET /api/admin/users/{id}': 'read',
  'GET /api/admin/users/{id}/logs': 'read',
  'POST /api/admin/users/freeze': 'users.manage',
  'POST /api/admin/users/unfreeze': 'users.manage',
  'POST /api/admin/users/end_sessions': 'users.manage',
  'POST /api/admin/users/reset_2fa': 'users.manage',
  'GET /api/admin/adjustments': 'read',
  'POST /api/admin/adjustments/propose': 'funds',
  'POST /api/admin/adjustments/approve': 'funds',
  'POST /api/admin/adjustments/reject': 'funds',
  'GET /api/admin/markets': 'read',
  'GET /api/admin/currencies': 'read',
  'GET /api/admin/micro/options': 'read',
  'GET /api/admin/earn/products': 'read',
  'GET /api/admin/changes': 'read',
  'POST /api/admin/changes/schedule': 'markets',
  'POST /api/admin/changes/cancel': 'markets',
  'GET /api/admin/content/articles': 'read',
  'GET /api/admin/content/articles/{id}': 'read',
  'GET /api/admin/content/image/{name}': 'read',
  'POST /api/admin/content/preview': 'content',
  'POST /api/admin/content/articles/save': 'content',
  'POST /api/admin/content/articles/withdraw': 'content',
  'POST /api/admin/content/articles/restore': 'content',
  'POST /api/admin/content/upload': 'content',
  'POST /api/admin/transparency/snapshot': 'funds',
  // Called last by each principal: it ends the session.
  'POST /api/admin/session/logout': 'read',
};

let ex: TestExchange;
let sessions: Record<Role, OperatorSession>;
let userToken: string;

beforeAll(async () => {
  ex = await startTestExchange();
  const entries = await Promise.all(
    ROLES.map(async (role) => [role, await operatorSession(ex, role)] as const),
  );
  sessions = Object.fromEntries(entries) as Record<Role, OperatorSession>;
  userToken = (await signUp(ex.api)).token;
});
afterAll(async () => {
  await ex?.stop();
});

/** Every (method, path) under /api/admin in the OpenAPI document, path parameters as written there. */
async function documentedAdminRoutes(): Promise<string[]> {
  const document = (await (await fetch(`${ex.url}/api/docs/json`)).json()) as {
    paths: Record<string, Record<string, unknown>>;
  };
  return Object.entries(document.paths)
    .filter(([path]) => path.startsWith('/api/admin/'))
    .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`));
}

async function call(route: string, headers: Record<string, string>, token?: string) {
  const [method, path] = route.split(' ') as [string, string];
  const url = `${ex.url}${path.replace(/\{[^}]+\}/g, '1')}`;
  const response = await fetch(url, {
    method,
    headers: {
      ...headers,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
    },
    body: method === 'POST' ? '{}' : undefined,
  });
  const body = (await response.json().catch(() => ({}))) as { code?: number };
  return { status: response.status, code: body.code };
}

describe('the role matrix', () => {
  it('names every admin route of the API document, and only those', async () => {
    const documented = (await documentedAdminRoutes()).sort();
    expect(documented).toEqual(Object.keys(ROUTES).sort());
  });

  it('lets each role call exactly its routes; a user token and a visitor none', async () => {
    const refusedButAllowed: string[] = [];
    const allowedButRefused: string[] = [];
    for (const [route, permission] of Object.entries(ROUTES)) {
      if (permission === 'open') continue;
      const visitor = await call(route, {});
      expect(visitor, `${route} as a visitor`).toMatchObject({ status: 401, code: 999 });
      const user = await call(route, {}, userToken);
      expect(user, `${route} with a user's token`).toMatchObject({ status: 401, code: 999 });
      for (const role of ROLES) {
        const answer = await call(route, sessions[role].headers);
        const refused = answer.status === 403 || answer.status === 401;
        // `machine`: the server's own command line alone; every operator session is refused.
        const may = permission !== 'machine' && can(role, permission);
        if (may && refused) allowedButRefused.push(`${role} ${route}: ${answer.status}`);
        if (!may && answer.status !== 403) refusedButAllowed.push(`${role} ${route}: ${answer.status}`);
      }
      const cli = await call(route, { 'x-admin-token': ex.adminToken });
      expect([401, 403], `${route} from the command line`).not.toContain(cli.status);
      const forged = await call(route, { 'x-admin-token': 'not-the-token' });
      expect(forged.status, `${route} with a forged command-line token`).toBe(403);
    }
    expect(refusedButAllowed, 'calls a role may not make that were not refused').toEqual([]);
    expect(allowedButRefused, 'calls a role may make that were refused').toEqual([]);
  });
});
