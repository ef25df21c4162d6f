import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestExchange, type TestExchange } from './helpers/exchange.js';
import { operatorSession, type OperatorSession } from './helpers/operators.js';
import { signUp } from './helpers/users.js';
import { budget } from './helpers/budget.js';

/**
 * An operator's freeze ends the owner's sessions, and their API keys stop with them: REST calls and
 * the WebSocket API's sign-in are refused while the account is frozen, and work again after.
 */
let ex: TestExchange;
let support: OperatorSession;
let admin: OperatorSession;
beforeAll(async () => {
  ex = await startTestExchange();
  support = await operatorSession(ex, 'support');
  admin = await operatorSession(ex, 'admin');
}, budget(60_000));
afterAll(async () => ex?.stop());

/** Past the key cache's few seconds, on the server's clock (requests sign with a wide window). */
const pastCache = () => ex.clock.advance(6_000);

async function account(key: { apiKey: string; secret: string }) {
  const query = `recvWindow=60000&timestamp=${ex.clock.now()}`;
  const signature = createHmac('sha256', key.secret).update(query).digest('hex');
  const answer = await fetch(`${ex.url}/api/v3/account?${query}&signature=${signature}`, {
    headers: { 'X-MBX-APIKEY': key.apiKey },
  });
  return { status: answer.status, body: (await answer.json()) as { code?: number; msg?: string } };
}

/** The WebSocket API's signed user-data subscription: its answer's status. */
async function subscribe(key: { apiKey: string; secret: string }): Promise<number> {
  const params = { apiKey: key.apiKey, recvWindow: 60000, timestamp: ex.clock.now() };
  const payload = Object.entries(params)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const signature = createHmac('sha256', key.secret).update(payload).digest('hex');
  const socket = new WebSocket(`${ex.url.replace('http', 'ws')}/ws-api/v3`);
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  socket.send(
    JSON.stringify({
      id: 'sub',
      method: 'userDataStream.subscribe.signature',
      params: { ...params, signature },
    }),
  );
  const answer = await new Promise<{ status: number }>((resolve) =>
    socket.once('message', (data) => resolve(JSON.parse(String(data)) as { status: number })),
  );
  socket.close();
  return answer.status;
}

describe("a frozen account's API keys", () => {
  it('are refused while the account is frozen, REST and WebSocket alike, and work again after', async () => {
    const user = await signUp(ex.api);
    const key = await ex.apiKeys.create(user.id, {
      label: 'bot',
      trade: true,
      withdraw: false,
      ipList: [],
      expiresAt: null,
    });
    expect((await account(key)).status).toBe(200);
    expect(await subscribe(key)).toBe(200);

    const frozen = await ex.api.post(
      'admin/users/freeze',
      { user_id: user.id, reason: 'suspected takeover' },
      { headers: support.headers },
    );
    expect(frozen.body.code, frozen.body.msg).toBe(1);
    pastCache();
    const refused = await account(key);
    expect(refused).toMatchObject({ status: 401, body: { code: -2015 } });
    expect(refused.body.msg).toContain('frozen');
    expect(await subscribe(key)).toBe(401);

    const thawed = await ex.api.post(
      'admin/users/unfreeze',
      { user_id: user.id, reason: 'owner verified' },
      { headers: admin.headers },
    );
    expect(thawed.body.code, thawed.body.msg).toBe(1);
    pastCache();
    expect((await account(key)).status).toBe(200);
  });
});
