import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { startTestExchange, type TestExchange } from './helpers/exchange.js';

/** A real SMTP peer in this process that keeps what it receives. */
function startSmtp(): Promise<{ server: SMTPServer; port: number; received: { to: string; raw: string }[] }> {
  const received: { to: string; raw: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), raw });
        callback();
      });
    },
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.server.address();
      resolve({ server, port: typeof address === 'object' && address ? address.port : 0, received });
    });
  });
}

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let ex: TestExchange;
beforeAll(async () => {
  smtp = await startSmtp();
  ex = await startTestExchange({ demo: false, smtpUrl: `smtp://127.0.0.1:${smtp.port}` });
});
afterAll(async () => {
  await ex?.stop();
  await new Promise<void>((resolve) => smtp.server.close(() => resolve()));
});

describe('code delivery over SMTP', () => {
  it('sends a real code by email, in the caller language, and it registers the account', async () => {
    // Outside demo mode there are no demo users; open registration for this test.
    await ex.settings.set('register_require_invite', '0');
    const email = 'smtp-user@example.test';
    const sent = await ex.api.post('notify/send_email', { to: email, type: 1 }, { lang: 'en' });
    expect(sent.body).toMatchObject({ code: 1, msg: 'The code has been sent' });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toBe(email);
    const code = smtp.received[0]!.raw.match(/verification code is (\d{6})/)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const registered = await ex.api.post('user/register', {
      type: 'email',
      account: email,
      password: 'Mailed-Walrus-24',
      re_password: 'Mailed-Walrus-24',
      sms_code: code,
    });
    expect(registered.body).toMatchObject({ code: 1 });
    const login = await ex.api.post('user/login', {
      login_type: 'email',
      account: email,
      password: 'Mailed-Walrus-24',
    });
    expect(login.body.code).toBe(1);
    // Nothing went to a dev mailbox outside demo mode.
    expect(await ex.db.kysely.selectFrom('dev_mailbox').selectAll().execute()).toHaveLength(0);
  });

  it('reports an unreachable SMTP server as a delivery failure and keeps no code', async () => {
    const broken = await startTestExchange({ demo: false, smtpUrl: 'smtp://127.0.0.1:1' });
    try {
      const answer = await broken.api.post('notify/send_email', { to: 'x@example.test', type: 1 });
      expect(answer).toMatchObject({
        status: 200,
        body: { code: 0, msg: 'The email message could not be sent, please retry later' },
      });
      expect(await broken.db.kysely.selectFrom('verification_codes').selectAll().execute()).toHaveLength(0);
    } finally {
      await broken.stop();
    }
  });
});
