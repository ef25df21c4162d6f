import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeverPositionView } from '@oex/protocol';
import { startTestExchange, type TestExchange } from './helpers/exchange.js';
import { DOT, DOT_USDT, LEVER, trader, USDT } from './helpers/ledger.js';
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
  'This password is too easy to guess. Avoid words, names, dates, keyboard patterns and repeats: 6 random letters and digits will do';
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
        status: 200,
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
        status: 200,
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
        status: 200,
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
        status: 200,
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
      status: 200,
      body: { msg: 'password: is too long (at most 64 characters)' },
    });
    const tab = 'Harbor\tGannet-55';
    const control = await ex.api.post('user/register', { ...base, password: tab, re_password: tab });
    expect(control).toMatchObject({ status: 200, body: { msg: 'password: must be 6-64 characters' } });
  });
});

/*
 * Guessability, not length. Each test takes a 6-character password and refuses 6-character ones:
 * no rule on length alone can tell them apart, so a return to any minimum length fails one side.
 */
describe('6 characters are enough when they are hard to guess', () => {
  /** The refusal of a guessable password, in the languages these tests read it in. */
  const GUESSABLE_IN = {
    zh: '密码太容易被猜到。请避免单词、姓名、日期、键盘规律和重复：6 位随机字母和数字即可',
    gm: 'Dieses Passwort ist zu leicht zu erraten. Vermeiden Sie Wörter, Namen, Daten, Tastaturmuster und Wiederholungen: 6 zufällige Buchstaben und Ziffern genügen',
    fr: 'Ce mot de passe est trop facile à deviner. Évitez les mots, noms, dates, suites de clavier et répétitions : 6 lettres et chiffres au hasard suffisent',
    jp: 'このパスワードは推測されやすすぎます。単語・名前・日付・キーボードの並び・繰り返しを避けてください。ランダムな英数字 6 文字で十分です',
  };

  it('registers with 6 random letters and digits and signs in with them; 123456 and abcdef are refused', async () => {
    const email = uniqueEmail('six');
    const code = await ex.api.emailCode(email, 1);
    const base = { type: 'email', account: email, sms_code: code, invite_code: DEMO_INVITE };
    const register = (password: string, lang: string) =>
      ex.api.post('user/register', { ...base, password, re_password: password }, { lang });
    expect((await register('123456', 'zh')).body).toMatchObject({ code: 0, msg: GUESSABLE_IN.zh });
    expect((await register('abcdef', 'gm')).body).toMatchObject({ code: 0, msg: GUESSABLE_IN.gm });
    const registered = await register('k8Rz2q', 'en');
    expect(registered.body, registered.body.msg).toMatchObject({ code: 1 });
    // The account is there with that password: signing in with it gives a session.
    const token = await login(ex.api, email, 'k8Rz2q');
    const info = await ex.api.get<{ email: string }>('user/info', {}, { token });
    expect(info.body.data!.email).toBe(email);
  });

  it('sets a 6-digit trade password that then opens a leveraged order; 123456 and abcdef are refused', async () => {
    // A DOT/USDT book (bid 7, ask 7.5) gives the mark a leveraged order opens on.
    const maker = await trader(ex, [
      [USDT, '1000000'],
      [DOT, '100000'],
    ]);
    for (const [path, price] of [
      ['tx_in/add', '7'],
      ['tx_out/add', '7.5'],
    ] as const) {
      const placed = await ex.api.post(
        path,
        { currency_match_id: DOT_USDT, type: 0, price, number: '1000' },
        { token: maker.token },
      );
      expect(placed.body.code, placed.body.msg).toBe(1);
    }
    ex.clock.advance(1000);
    await ex.markTape.tick();

    const user = await signUp(ex.api);
    await ex.ledger.credit(user.id, LEVER, USDT, '1000');
    expect(
      (await ex.api.post('notify/send_email', { to: user.email, type: 3 }, { token: user.token })).body.code,
    ).toBe(1);
    const code = await ex.api.latestCode(user.email);
    const setTo = (password: string, lang: string) =>
      ex.api.post(
        'user/amend_pay_password',
        { password, re_password: password, auth_code: code },
        { token: user.token, lang },
      );
    expect((await setTo('123456', 'fr')).body).toMatchObject({ code: 0, msg: GUESSABLE_IN.fr });
    expect((await setTo('abcdef', 'jp')).body).toMatchObject({ code: 0, msg: GUESSABLE_IN.jp });
    expect((await setTo('738462', 'en')).body).toMatchObject({ code: 1, msg: 'Trade password set' });

    const submit = (password: string) =>
      ex.api.post<LeverPositionView>(
        'lever/submit',
        { currency_match_id: DOT_USDT, share: 1, multiple: 10, type: 1, status: 1, password },
        { token: user.token },
      );
    // It is the one asked for: another is refused, and the PIN opens the position.
    expect((await submit('738463')).body).toMatchObject({ code: 0, msg: 'The trade password is wrong' });
    const opened = await submit('738462');
    expect(opened.body.code, opened.body.msg).toBe(1);
    expect(opened.body.data).toMatchObject({ status: 1, share: 1, multiple: 10 });
  });
});
