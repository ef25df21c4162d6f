import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestExchange, type TestExchange } from './helpers/exchange.js';

/** A real HTTP SMS gateway in this process: keeps each `{to, text}` and answers `status`. */
function startGateway(): Promise<{
  server: Server;
  url: string;
  received: { to: string; text: string }[];
  status: number;
}> {
  const state = { received: [] as { to: string; text: string }[], status: 200 };
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      state.received.push(JSON.parse(body) as { to: string; text: string });
      response.writeHead(gateway.status).end();
    });
  });
  const gateway = Object.assign(state, { server, url: '' });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      gateway.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/sms`;
      resolve(gateway);
    });
  });
}

let gateway: Awaited<ReturnType<typeof startGateway>>;
let ex: TestExchange;
beforeAll(async () => {
  gateway = await startGateway();
  ex = await startTestExchange({ demo: false, smsGatewayUrl: gateway.url });
  await ex.settings.set('register_require_invite', '0');
});
afterAll(async () => {
  await ex?.stop();
  await new Promise<void>((resolve) => gateway.server.close(() => resolve()));
});

describe('code delivery through the SMS gateway', () => {
  it('posts {to, text} with the full number, and the code registers the mobile account', async () => {
    const areas = await ex.api.get<{ id: number; global_code: string }[]>('default/area_list');
    const jp = areas.body.data!.find((area) => area.global_code === '81')!;
    const sent = await ex.api.post(
      'notify/send_sms',
      { to: '9012345678', type: 1, area_id: jp.id },
      { lang: 'jp' },
    );
    expect(sent.body.code).toBe(1);
    expect(gateway.received).toHaveLength(1);
    expect(gateway.received[0]!.to).toBe('+819012345678');
    const code = gateway.received[0]!.text.match(/\d{6}/)?.[0];
    expect(code).toMatch(/^\d{6}$/);
    expect(gateway.received[0]!.text).not.toContain('verification code is');
    const registered = await ex.api.post('user/register', {
      type: 'mobile',
      account: '9012345678',
      area_id: jp.id,
      password: 'Phone-Orchid-73',
      re_password: 'Phone-Orchid-73',
      sms_code: code,
    });
    expect(registered.body).toMatchObject({ code: 1 });
  });

  it('answers 503 and keeps no code when the gateway refuses', async () => {
    gateway.status = 500;
    const answer = await ex.api.post('notify/send_sms', { to: '9000000001', type: 1, area_id: 1 });
    expect(answer).toMatchObject({
      status: 200,
      body: { code: 0, msg: 'The SMS message could not be sent, please retry later' },
    });
    const codes = await ex.db.kysely
      .selectFrom('verification_codes')
      .selectAll()
      .where('target', 'like', '%9000000001')
      .execute();
    expect(codes).toHaveLength(0);
    gateway.status = 200;
  });

  it('email codes fail loudly when only SMS is configured', async () => {
    const answer = await ex.api.post('notify/send_email', { to: 'only-sms@example.test', type: 1 });
    expect(answer).toMatchObject({
      status: 200,
      body: { msg: 'This server cannot send email messages yet' },
    });
  });
});
