import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestExchange, type TestExchange } from './helpers/exchange.js';
import { DEMO_INVITE, login, signUp, uniqueEmail } from './helpers/users.js';

let ex: TestExchange;
beforeAll(async () => {
  ex = await startTestExchange();
});
afterAll(async () => ex?.stop());

/** An account whose local part is long enough to be tried as a password. */
const personalEmail = () => uniqueEmail('harborlantern');
const localPart = (email: string) => email.split('@')[0]!;

const WEAK = ['123456', 'aaaaaa', 'password1'];
const GUESSABLE =
  'This password is too easy to guess. Use at least 10 characters that are not a word, name, date or pattern, or several unrelated words';
const PERSONAL = 'The password must not contain your email or mobile number';

/** 40 characters with symbols and a space: refused by the old 6-16 letters-and-digits rule. */
const LONG_WITH_SYMBOLS = 'Xy7#kL9!mQ2$vB5@nR8%wT1^zC4&hF6* pD3(jG0';

/** Every weak candidate for an account, with the message it must get. */
function weakCandidates(email: string): [string, string][] {
  return [...WEAK.map((password): [string, string] => [password, GUESSABLE]), [localPart(email), PERSONAL]];
}

describe('new passwords must be strong', () => {
  it('register refuses common and personal passwords, and takes a long one with symbols', async () => {
    expect(LONG_WITH_SYMBOLS).toHaveLength(40);
    const email = personalEmail();
    const code = await ex.api.emailCode(email, 1);
    const base = { type: 'email', account: email, sms_code: code, invite_code: DEMO_INVITE };
    for (const [password, message] of weakCandidates(email)) {
      const answer = await ex.api.post('user/register', { ...base, password, re_password: password });
      expect({ password, status: answer.status, msg: answer.body.msg }).toEqual({
        password,
        status: 400,
        msg: message,
      });
    }
    // Translated, like every message.
    const french = await ex.api.post(
      'user/register',
      { ...base, password: '123456', re_password: '123456' },
      { lang: 'fr' },
    );
    expect(french.body.msg).toMatch(/^Ce mot de passe est trop facile à deviner/);
    // The refusals did not spend the code.
    const ok = await ex.api.post('user/register', {
      ...base,
      password: LONG_WITH_SYMBOLS,
      re_password: LONG_WITH_SYMBOLS,
    });
    expect(ok.body).toMatchObject({ code: 1 });
    await login(ex.api, email, LONG_WITH_SYMBOLS);
  });

  it('forget_password refuses them before spending the code, then resets to a strong one', async () => {
    const email = personalEmail();
    await signUp(ex.api, 'Harbor-Gannet-55', email);
    const code = await ex.api.emailCode(email, 2);
    const base = { type: 'email', account: email, auth_code: code };
    for (const [password, message] of weakCandidates(email)) {
      const answer = await ex.api.post('user/forget_password', {
        ...base,
        new_password: password,
        secondary_password: password,
      });
      expect({ password, status: answer.status, msg: answer.body.msg }).toEqual({
        password,
        status: 400,
        msg: message,
      });
      expect(
        (await ex.api.post('user/login', { login_type: 'email', account: email, password })).body.code,
      ).toBe(0);
    }
    const reset = await ex.api.post('user/forget_password', {
      ...base,
      new_password: LONG_WITH_SYMBOLS,
      secondary_password: LONG_WITH_SYMBOLS,
    });
    expect(reset.body).toMatchObject({ code: 1 });
    await login(ex.api, email, LONG_WITH_SYMBOLS);
  });

  it('amend_password refuses them as the new password, and takes a long one with symbols', async () => {
    const email = personalEmail();
    const { token } = await signUp(ex.api, 'Harbor-Gannet-55', email);
    for (const [password, message] of weakCandidates(email)) {
      const answer = await ex.api.post(
        'user/amend_password',
        { old_password: 'Harbor-Gannet-55', new_password: password, secondary_password: password },
        { token },
      );
      expect({ password, status: answer.status, msg: answer.body.msg }).toEqual({
        password,
        status: 400,
        msg: message,
      });
    }
    // Still signed in: nothing was changed.
    expect((await ex.api.get('user/info', {}, { token })).body.code).toBe(1);
    const changed = await ex.api.post(
      'user/amend_password',
      {
        old_password: 'Harbor-Gannet-55',
        new_password: LONG_WITH_SYMBOLS,
        secondary_password: LONG_WITH_SYMBOLS,
      },
      { token },
    );
    expect(changed.body).toMatchObject({ code: 1 });
    await login(ex.api, email, LONG_WITH_SYMBOLS);
  });

  it('amend_pay_password refuses them before spending the code, then sets a strong one', async () => {
    const email = personalEmail();
    const { token } = await signUp(ex.api, 'Harbor-Gannet-55', email);
    expect((await ex.api.post('notify/send_email', { to: email, type: 3 }, { token })).body.code).toBe(1);
    const code = await ex.api.latestCode(email);
    for (const [password, message] of weakCandidates(email)) {
      const answer = await ex.api.post(
        'user/amend_pay_password',
        { password, re_password: password, auth_code: code },
        { token },
      );
      expect({ password, status: answer.status, msg: answer.body.msg }).toEqual({
        password,
        status: 400,
        msg: message,
      });
    }
    const set = await ex.api.post(
      'user/amend_pay_password',
      { password: LONG_WITH_SYMBOLS, re_password: LONG_WITH_SYMBOLS, auth_code: code },
      { token },
    );
    expect(set.body).toMatchObject({ code: 1 });
  });

  it('keeps the spec form working: a strong password of at most 16 letters and digits', async () => {
    const { email } = await signUp(ex.api, 'k8Rz2q7xP4mW');
    await login(ex.api, email, 'k8Rz2q7xP4mW');
  });

  it('refuses more than 64 characters and control characters by the shared rule', async () => {
    const email = uniqueEmail('long');
    const code = await ex.api.emailCode(email, 1);
    const base = { type: 'email', account: email, sms_code: code, invite_code: DEMO_INVITE };
    const tooLong = `${LONG_WITH_SYMBOLS}${LONG_WITH_SYMBOLS}`;
    const long = await ex.api.post('user/register', { ...base, password: tooLong, re_password: tooLong });
    expect(long).toMatchObject({
      status: 400,
      body: { msg: 'password: is too long (at most 64 characters)' },
    });
    const tab = 'Harbor\tGannet-55';
    const control = await ex.api.post('user/register', { ...base, password: tab, re_password: tab });
    expect(control).toMatchObject({ status: 400, body: { msg: 'password: must be 6-64 characters' } });
  });
});
