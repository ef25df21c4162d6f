import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestExchange, type TestExchange } from './helpers/exchange.js';
import { signUp } from './helpers/users.js';
import { connect as connectTo } from './helpers/ws.js';

/** The hub carries any fields; these tests of its transport send bare ones in place of a channel's push. */
const bare = <T>(fields: object): T => fields as T;

const connect = () => connectTo(ex.url);

let ex: TestExchange;
beforeAll(async () => {
  ex = await startTestExchange();
});
afterAll(async () => ex?.stop());

describe('live channel /ws', () => {
  it('answers ping with pong', async () => {
    const client = await connect();
    client.send('ping');
    expect((await client.next('pong')).params.time).toEqual(expect.any(Number));
    client.socket.close();
  });

  it('subscribes to public channels and numbers each push', async () => {
    const client = await connect();
    client.send('sub', 'DAY_MARKET');
    expect((await client.next('sub')).params).toMatchObject({ channel: 'DAY_MARKET' });
    ex.hub.publish('DAY_MARKET', bare({ currency_match_id: 1 }));
    ex.hub.publish('DAY_MARKET', bare({ currency_match_id: 2 }));
    const first = await client.next('DAY_MARKET');
    const second = await client.next('DAY_MARKET');
    expect(second.seq).toBe(first.seq! + 1);
    client.send('unsub', 'DAY_MARKET');
    await client.next('unsub');
    ex.hub.publish('DAY_MARKET', bare({ currency_match_id: 3 }));
    client.send('ping');
    await client.next('pong');
    expect(client.frames.filter((frame) => frame.type === 'DAY_MARKET')).toHaveLength(2);
    client.socket.close();
  });

  it('refuses unknown channels and private channels before login', async () => {
    const client = await connect();
    client.send('sub', 'NOT_A_CHANNEL');
    expect((await client.next('error')).params.msg).toContain('unknown channel');
    client.send('sub', 'TX_MATCHED');
    expect((await client.next('error')).params).toMatchObject({ code: 999 });
    client.socket.send('not json');
    expect((await client.next('error')).params.msg).toContain('{type, params}');
    client.socket.close();
  });

  it('delivers a private push only to its owner', async () => {
    const alice = await signUp(ex.api);
    const bob = await signUp(ex.api);
    const aliceClient = await connect();
    const bobClient = await connect();
    aliceClient.send('login', { token: alice.token });
    bobClient.send('login', { token: bob.token });
    expect((await aliceClient.next('login')).params).toMatchObject({ ok: true });
    expect((await bobClient.next('login')).params).toMatchObject({ ok: true });
    aliceClient.send('sub', 'TX_MATCHED');
    bobClient.send('sub', 'TX_MATCHED');
    await aliceClient.next('sub');
    await bobClient.next('sub');
    ex.hub.publishTo(alice.id, 'TX_MATCHED', bare({ order: { id: 1 } }));
    expect((await aliceClient.next('TX_MATCHED')).params).toEqual({ order: { id: 1 } });
    bobClient.send('ping');
    await bobClient.next('pong');
    expect(bobClient.frames.filter((frame) => frame.type === 'TX_MATCHED')).toHaveLength(0);
    aliceClient.socket.close();
    bobClient.socket.close();
  });

  it("forgets a connection's private channels when it signs in as someone else, and all of them when it closes", async () => {
    const alice = await signUp(ex.api);
    const bob = await signUp(ex.api);
    const client = await connect();
    client.send('login', { token: alice.token });
    await client.next('login');
    client.send('sub', 'ORDER');
    client.send('sub', 'GLOBAL_TX.ZZZ/USDT');
    await client.next('sub');
    await client.next('sub');
    expect(ex.hub.hasSubscribers('ORDER', alice.id)).toBe(true);
    client.send('login', { token: bob.token });
    expect((await client.next('login')).params).toMatchObject({ ok: true });
    // Alice's ORDER subscription went with her; Bob subscribes anew.
    expect(ex.hub.hasSubscribers('ORDER', alice.id)).toBe(false);
    expect(ex.hub.hasSubscribers('ORDER', bob.id)).toBe(false);
    ex.hub.publishTo(alice.id, 'ORDER', bare({ order: { id: 1 } }));
    client.send('sub', 'ORDER');
    await client.next('sub');
    ex.hub.publishTo(bob.id, 'ORDER', bare({ order: { id: 2 } }));
    expect((await client.next('ORDER')).params).toEqual({ order: { id: 2 } });
    expect(client.frames.filter((frame) => frame.type === 'ORDER')).toHaveLength(1);
    expect(ex.hub.hasSubscribers('GLOBAL_TX.ZZZ/USDT')).toBe(true);
    client.socket.close();
    for (let i = 0; i < 100 && ex.hub.hasSubscribers('GLOBAL_TX.ZZZ/USDT'); i += 1)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(ex.hub.hasSubscribers('GLOBAL_TX.ZZZ/USDT')).toBe(false);
    expect(ex.hub.hasSubscribers('ORDER', bob.id)).toBe(false);
  });

  it('answers a bad token at login with code 999', async () => {
    const client = await connect();
    client.send('login', { token: 'forged' });
    expect((await client.next('login')).params).toMatchObject({ ok: false, code: 999 });
    client.socket.close();
  });

  it('drops a client that stops reading instead of buffering for it without end', async () => {
    const slow = await connect();
    const healthy = await connect();
    for (const client of [slow, healthy]) {
      client.send('sub', 'DAY_MARKET');
      await client.next('sub');
    }
    // The slow client's socket stops reading: the kernel buffers fill, then the server's queue grows.
    (slow.socket as unknown as { _socket: { pause(): void } })._socket.pause();
    const before = ex.hub.size;
    const payload = 'x'.repeat(64 * 1024);
    for (let i = 0; i < 200 && ex.hub.size === before; i += 1) {
      ex.hub.publish('DAY_MARKET', bare({ payload }));
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(ex.hub.size).toBe(before - 1);
    // The other subscriber still gets pushes.
    healthy.send('ping');
    await healthy.next('pong');
    expect(healthy.socket.readyState).toBe(healthy.socket.OPEN);
    healthy.socket.close();
  });

  it('handles a sub sent right after login in order, so a private channel is granted', async () => {
    const user = await signUp(ex.api);
    const client = await connect();
    client.send('login', { token: user.token });
    client.send('sub', 'TX_SUBMIT');
    expect((await client.next('login')).params).toMatchObject({ ok: true });
    expect((await client.next('sub')).params).toMatchObject({ channel: 'TX_SUBMIT' });
    expect(client.frames.some((frame) => frame.type === 'error')).toBe(false);
    client.socket.close();
  });
});
