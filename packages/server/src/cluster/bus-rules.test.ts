import { describe, expect, it } from 'vitest';
import {
  decodeEndedSessions,
  decodeFrame,
  decodeInterest,
  decodeCoreAddress,
  decodeReply,
  decodeRequest,
  decodeSessionAnswer,
  decodeSessionQuestion,
  encodeFrame,
  encodeReply,
  encodeRequest,
  forwardableHeaders,
  InterestTable,
  MAX_FORWARDED_BODY,
  seqOfFrame,
  subjectsOf,
} from './bus-rules.js';

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (data: Uint8Array) => new TextDecoder().decode(data);

describe('bus subjects', () => {
  it('names the seven subjects under a prefix', () => {
    expect(subjectsOf()).toEqual({
      http: 'oex.core.http',
      session: 'oex.core.session',
      frames: 'oex.live.frames',
      interest: 'oex.gw.interest',
      sessionsEnded: 'oex.sessions.ended',
      interestAsk: 'oex.gw.interest.ask',
      coreAddress: 'oex.core.address',
    });
    expect(subjectsOf('t1').http).toBe('t1.core.http');
  });

  it("reads the leader's address for the trading API's streams as a WebSocket URL only", () => {
    expect(decodeCoreAddress('{"url":"ws://10.0.0.5:8080/"}')).toBe('ws://10.0.0.5:8080');
    expect(decodeCoreAddress('{"url":"wss://core.example:443"}')).toBe('wss://core.example:443');
    expect(decodeCoreAddress('{"url":"http://10.0.0.5:8080"}')).toBeNull();
    expect(decodeCoreAddress('{"url":"not a url"}')).toBeNull();
    expect(decodeCoreAddress('{}')).toBeNull();
    expect(decodeCoreAddress('nonsense')).toBeNull();
  });
});

describe('forwarded requests and replies', () => {
  it('round-trips a request with a binary body', () => {
    const body = new Uint8Array([0, 10, 255, 10, 13]);
    const request = {
      method: 'POST',
      url: '/api/tx_out/add?x=1',
      headers: { 'content-type': 'application/json', 'x-many': ['a', 'b'] },
      body,
      remoteAddress: '203.0.113.7',
    };
    const decoded = decodeRequest(encodeRequest(request));
    expect(decoded).toEqual({ ...request, body: expect.any(Uint8Array) });
    expect([...decoded!.body]).toEqual([...body]);
  });

  it('names a stored body instead of carrying it, and never both, in requests and replies', () => {
    const ref = 'a1B2c3D4e5F6g7H8_-x';
    const request = { method: 'POST', url: '/api/upload', headers: {}, remoteAddress: '::1' };
    const stored = decodeRequest(encodeRequest({ ...request, body: new Uint8Array(), bodyRef: ref }));
    expect(stored?.bodyRef).toBe(ref);
    expect(stored?.body.length).toBe(0);
    expect(decodeRequest(encodeRequest({ ...request, body: bytes('x'), bodyRef: ref }))).toBeNull();
    for (const bad of ['short', '../../etc/passwd-long-enough', 'x'.repeat(65)])
      expect(decodeRequest(encodeRequest({ ...request, body: new Uint8Array(), bodyRef: bad }))).toBeNull();
    const reply = { status: 200, headers: {}, body: new Uint8Array(), bodyRef: ref };
    expect(decodeReply(encodeReply(reply))?.bodyRef).toBe(ref);
    expect(decodeReply(encodeReply({ ...reply, body: bytes('x') }))).toBeNull();
    expect(decodeReply(encodeReply({ ...reply, bodyRef: 'a/b' }))).toBeNull();
  });

  it('round-trips a reply', () => {
    const reply = { status: 201, headers: { 'content-type': 'text/plain' }, body: bytes('ok\nyes') };
    const decoded = decodeReply(encodeReply(reply))!;
    expect(decoded.status).toBe(201);
    expect(text(decoded.body)).toBe('ok\nyes');
  });

  it('refuses malformed messages', () => {
    const good = { method: 'GET', url: '/api/x', headers: {}, remoteAddress: '1.2.3.4' };
    const message = (fields: object, body = '') => bytes(`${JSON.stringify(fields)}\n${body}`);
    expect(decodeRequest(message(good))).not.toBeNull();
    expect(decodeRequest(bytes('no newline'))).toBeNull();
    expect(decodeRequest(bytes('{not json\n'))).toBeNull();
    expect(decodeRequest(bytes('[1]\n'))).toBeNull();
    expect(decodeRequest(message({ ...good, method: 'BREW' }))).toBeNull();
    expect(decodeRequest(message({ ...good, url: 'http://elsewhere/' }))).toBeNull();
    expect(decodeRequest(message({ ...good, headers: { a: 1 } }))).toBeNull();
    expect(decodeRequest(message({ ...good, headers: [] }))).toBeNull();
    expect(decodeRequest(message({ ...good, remoteAddress: 5 }))).toBeNull();
    expect(decodeRequest(message(good, 'x'.repeat(MAX_FORWARDED_BODY + 1)))).toBeNull();
    expect(decodeReply(message({ status: 99, headers: {} }))).toBeNull();
    expect(decodeReply(message({ status: 200.5, headers: {} }))).toBeNull();
    expect(decodeReply(message({ status: 200 }))).toBeNull();
    expect(decodeReply(message({ status: 200, headers: {} }))).not.toBeNull();
  });

  it('drops hop-by-hop headers and keeps host', () => {
    expect(
      forwardableHeaders({
        Host: 'exchange.example',
        Connection: 'keep-alive',
        'keep-alive': 'timeout=5',
        'transfer-encoding': 'chunked',
        upgrade: 'websocket',
        'content-length': '12',
        'set-cookie': ['a=1', 'b=2'],
        'x-count': 3,
        absent: undefined,
      }),
    ).toEqual({ host: 'exchange.example', 'set-cookie': ['a=1', 'b=2'], 'x-count': '3' });
  });
});

describe('session and interest messages', () => {
  it('reads questions and answers, refusing the rest', () => {
    expect(decodeSessionQuestion('{"op":"authenticate","token":"t"}')).toEqual({
      op: 'authenticate',
      token: 't',
    });
    expect(decodeSessionQuestion('{"op":"active","sessionIds":[1,2]}')).toEqual({
      op: 'active',
      sessionIds: [1, 2],
    });
    expect(decodeSessionQuestion('{"op":"active","sessionIds":["1"]}')).toBeNull();
    expect(decodeSessionQuestion('{"op":"drop"}')).toBeNull();
    expect(decodeSessionQuestion('nope')).toBeNull();
    expect(decodeSessionAnswer('{"userId":5,"sessionId":9}')).toEqual({ userId: 5, sessionId: 9 });
    expect(decodeSessionAnswer('{"error":"unknown"}')).toEqual({ error: 'unknown' });
    expect(decodeSessionAnswer('{"active":[3]}')).toEqual({ active: [3] });
    expect(decodeSessionAnswer('{"userId":"5","sessionId":9}')).toBeNull();
    expect(decodeEndedSessions('{"sessionIds":[4]}')).toEqual([4]);
    expect(decodeEndedSessions('{"sessionIds":4}')).toBeNull();
    expect(decodeInterest('{"gatewayId":"g","keys":["DAY_MARKET"]}')).toEqual({
      gatewayId: 'g',
      keys: ['DAY_MARKET'],
    });
    expect(decodeInterest('{"gatewayId":"g","keys":[1]}')).toBeNull();
  });

  it('frames a push with its key and reads its seq', () => {
    const push = JSON.stringify({
      depth: {},
      type: 'MARKET_DEPTH',
      channel: 'MARKET_DEPTH.BTC/USDT',
      seq: 42,
      ts: 1,
    });
    const decoded = decodeFrame(encodeFrame('MARKET_DEPTH.BTC/USDT', bytes(push)))!;
    expect(decoded.key).toBe('MARKET_DEPTH.BTC/USDT');
    expect(text(decoded.frame)).toBe(push);
    expect(seqOfFrame(bytes(push))).toBe(42);
    // A push with a field named seq keeps that key's place: read by parsing.
    expect(seqOfFrame(bytes(JSON.stringify({ seq: 7, ts: 2, type: 'X', channel: 'X' })))).toBe(7);
    // A late leader's range (firstSeqOf): read exactly, up to 2**53 - 1.
    const late = JSON.stringify({ depth: {}, type: 'X', channel: 'X', seq: Number.MAX_SAFE_INTEGER, ts: 3 });
    expect(seqOfFrame(bytes(late))).toBe(Number.MAX_SAFE_INTEGER);
    expect(seqOfFrame(bytes('garbage'))).toBeNull();
    expect(decodeFrame(bytes('\nfoo'))).toBeNull();
  });
});

describe('interest table', () => {
  it('answers keys and private channels’ users over every gateway', () => {
    const table = new InterestTable(6000);
    table.report('a', ['MARKET_DEPTH.BTC/USDT', 'ORDER#5', 'ORDER#7'], 0);
    table.report('b', ['ORDER#5', 'BALANCE#9'], 0);
    expect(table.has('ORDER#5')).toBe(true);
    expect(table.has('ORDER#6')).toBe(false);
    expect([...table.usersOf('ORDER')].sort()).toEqual([5, 7]);
    expect([...table.usersOf('BALANCE')]).toEqual([9]);
    // A new report replaces the gateway's set whole.
    table.report('a', ['ORDER#5'], 1000);
    expect(table.has('MARKET_DEPTH.BTC/USDT')).toBe(false);
    expect([...table.usersOf('ORDER')]).toEqual([5]);
    // A key two gateways report stays while one of them does.
    table.report('b', [], 2000);
    expect([...table.usersOf('ORDER')]).toEqual([5]);
    expect(table.usersOf('BALANCE').size).toBe(0);
    table.report('a', ['ORDER#null', 'DAY_MARKET'], 3000);
    expect(table.usersOf('ORDER').size).toBe(0);
  });

  it("answers the keys a report adds to the gateway's own last set, and all of them once it was forgotten", () => {
    const table = new InterestTable(6000);
    expect(table.report('a', ['DAY_MARKET', 'ORDER#5'], 0)).toEqual(['DAY_MARKET', 'ORDER#5']);
    // Another gateway's keys are its own news.
    expect(table.report('b', ['DAY_MARKET'], 0)).toEqual(['DAY_MARKET']);
    // A heartbeat with the same set adds nothing; a new key is news.
    expect(table.report('a', ['DAY_MARKET', 'ORDER#5'], 1000)).toEqual([]);
    expect(table.report('a', ['ORDER#5', 'KLINE.BTC/USDT'], 2000)).toEqual(['KLINE.BTC/USDT']);
    // A key dropped and reported again is news again.
    expect(table.report('a', ['ORDER#5', 'KLINE.BTC/USDT', 'DAY_MARKET'], 3000)).toEqual(['DAY_MARKET']);
    // Once the gateway is forgotten (silent for its life), all of its next report is.
    table.expire(9000);
    expect(table.report('a', ['ORDER#5'], 9000)).toEqual(['ORDER#5']);
  });

  it('forgets a gateway silent for its life, keeps one that beats', () => {
    const table = new InterestTable(6000);
    table.report('a', ['DAY_MARKET'], 0);
    table.report('b', ['KLINE.BTC/USDT'], 0);
    table.report('b', ['KLINE.BTC/USDT'], 4000);
    table.expire(5999);
    expect(table.has('DAY_MARKET')).toBe(true);
    table.expire(6000);
    expect(table.has('DAY_MARKET')).toBe(false);
    expect(table.has('KLINE.BTC/USDT')).toBe(true);
    expect(table.gatewayCount).toBe(1);
    table.expire(10_000);
    expect(table.gatewayCount).toBe(0);
  });
});
