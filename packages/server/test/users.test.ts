import type { UserInfo } from '@oex/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_IDLE_MS } from '../src/users/sessions.js';
import { startTestExchange, type TestExchange } from './helpers/exchange.js';
import { DEMO_INVITE, login, registerByEmail, signUp, uniqueEmail } from './helpers/users.js';

let ex: TestExchange;
beforeAll(async () => {
  ex = await startTestExchange();
});
afterAll(async () => ex?.stop());

const MINUTE = 60_000;

describe('registration', () => {
  it('registers by email with the mailbox code, records the inviter, and signs in', async () => {
    const email = uniqueEmail('new');
    const id = await registerByEmail(ex.api, email, 'Amber-Kettle-58');
    const token = await login(ex.api, email, 'Amber-Kettle-58');
    const info = await ex.api.get<UserInfo>('user/info', {}, { token });
    expect(info.body).toMatchObject({
      code: 1,
      data: { id, email, mobile: null, review_status: 0, is_seller: 0 },
    });
    expect(info.body.data!.invite_code).toMatch(/^[A-Z2-9]{8}$/);
    const row = await ex.db.kysely
      .selectFrom('users')
      .select(['inviter_id', 'password_hash'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const alice = await ex.db.kysely
      .selectFrom('users')
      .select('id')
      .where('invite_code', '=', DEMO_INVITE)
      .executeTakeFirstOrThrow();
    expect(row.inviter_id).toBe(alice.id);
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('registers by mobile with an area and signs in with the country code', async () => {
    const areas = await ex.api.get<{ id: number; global_code: string }[]>('default/area_list');
    const hk = areas.body.data!.find((area) => area.global_code === '852')!;
    const sent = await ex.api.post('notify/send_sms', { to: '61234567', type: 1, area_id: hk.id });
    expect(sent.body).toMatchObject({ code: 1 });
    const code = await ex.api.latestCode('+85261234567');
    const registered = await ex.api.post('user/register', {
      type: 'mobile',
      account: '61234567',
      area_id: hk.id,
      password: 'Phone-Orchid-73',
      re_password: 'Phone-Orchid-73',
      sms_code: code,
      invite_code: DEMO_INVITE,
    });
    expect(registered.body).toMatchObject({ code: 1 });
    const noArea = await ex.api.post('user/login', {
      login_type: 'mobile',
      account: '61234567',
      password: 'Phone-Orchid-73',
    });
    expect(noArea.body.code).toBe(0);
    const answer = await ex.api.post<string>('user/login', {
      login_type: 'mobile',
      account: '61234567',
      password: 'Phone-Orchid-73',
      country_code: '852',
    });
    expect(answer.body).toMatchObject({ code: 1, data: expect.any(String) });
    const info = await ex.api.get<UserInfo>('user/info', {}, { token: answer.body.data! });
    expect(info.body.data).toMatchObject({ mobile: '61234567', area_code: '852', email: null });
  });

  it('refuses a taken account, a missing or unknown invite, and different passwords, creating nothing', async () => {
    const before = await ex.db.kysely
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    // A bare code request never says whether the address is taken (security.test.ts has the rest).
    const taken = await ex.api.post('notify/send_email', { to: 'alice@demo.test', type: 1 });
    expect(taken.status).toBe(200);
    const email = uniqueEmail('invite');
    const code = await ex.api.emailCode(email, 1);
    const base = {
      type: 'email',
      account: email,
      password: 'Amber-Kettle-58',
      re_password: 'Amber-Kettle-58',
      sms_code: code,
    };
    const noInvite = await ex.api.post('user/register', base);
    expect(noInvite).toMatchObject({
      status: 200,
      body: { code: 0, msg: 'An invite code is required to register' },
    });
    const badInvite = await ex.api.post('user/register', { ...base, invite_code: 'NOPE0000' });
    expect(badInvite.body.msg).toBe('This invite code does not exist');
    const differ = await ex.api.post('user/register', {
      ...base,
      invite_code: DEMO_INVITE,
      re_password: 'Amber-Kettle-59',
    });
    expect(differ.body.msg).toBe('The two passwords are inconsistent');
    const weak = await ex.api.post('user/register', {
      ...base,
      invite_code: DEMO_INVITE,
      password: 'ab!',
      re_password: 'ab!',
    });
    expect(weak.body.msg).toBe('password: must be 6-64 characters');
    const after = await ex.db.kysely
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    // The code was not spent by the refused requests.
    const ok = await ex.api.post('user/register', { ...base, invite_code: DEMO_INVITE });
    expect(ok.body).toMatchObject({ code: 1 });
  });

  it('registers without an invite when the setting register_require_invite is 0', async () => {
    await ex.settings.set('register_require_invite', '0');
    try {
      const email = uniqueEmail('open');
      const code = await ex.api.emailCode(email, 1);
      const answer = await ex.api.post('user/register', {
        type: 'email',
        account: email,
        password: 'Amber-Kettle-58',
        re_password: 'Amber-Kettle-58',
        sms_code: code,
      });
      expect(answer.body).toMatchObject({ code: 1 });
    } finally {
      await ex.settings.set('register_require_invite', '1');
    }
  });
});

describe('verification codes', () => {
  it('are six digits, single use, and refused when reused', async () => {
    const email = uniqueEmail('once');
    const code = await ex.api.emailCode(email, 1);
    expect(code).toMatch(/^\d{6}$/);
    const payload = {
      type: 'email',
      account: email,
      password: 'Amber-Kettle-58',
      re_password: 'Amber-Kettle-58',
      sms_code: code,
      invite_code: DEMO_INVITE,
    };
    expect((await ex.api.post('user/register', payload)).body.code).toBe(1);
    const again = await ex.api.post('user/forget_password', {
      type: 'email',
      account: email,
      new_password: 'Zephyr-Quarry-19',
      secondary_password: 'Zephyr-Quarry-19',
      auth_code: code,
    });
    expect(again.body).toMatchObject({
      code: 0,
      msg: 'The verification code has expired or was already used; ask for a new one',
    });
  });

  it('enforce the 60 s resend wait on the server', async () => {
    const email = uniqueEmail('wait');
    expect((await ex.api.post('notify/send_email', { to: email, type: 1 })).status).toBe(200);
    const early = await ex.api.post('notify/send_email', { to: email, type: 1 });
    expect(early.status).toBe(429);
    expect(early.body.msg).toMatch(/^Please wait (60|59) s before asking for another code$/);
    ex.clock.advance(MINUTE);
    expect((await ex.api.post('notify/send_email', { to: email, type: 1 })).status).toBe(200);
  });

  it('expire after 10 minutes', async () => {
    const email = uniqueEmail('late');
    const code = await ex.api.emailCode(email, 1);
    ex.clock.advance(10 * MINUTE);
    const answer = await ex.api.post('user/register', {
      type: 'email',
      account: email,
      password: 'Amber-Kettle-58',
      re_password: 'Amber-Kettle-58',
      sms_code: code,
      invite_code: DEMO_INVITE,
    });
    expect(answer.body.msg).toBe('The verification code has expired or was already used; ask for a new one');
  });

  it('die after 5 wrong tries, even for the right code', async () => {
    const email = uniqueEmail('guess');
    const code = await ex.api.emailCode(email, 1);
    const wrong = code === '000000' ? '111111' : '000000';
    const payload = {
      type: 'email',
      account: email,
      password: 'Amber-Kettle-58',
      re_password: 'Amber-Kettle-58',
      invite_code: DEMO_INVITE,
    };
    const messages: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      messages.push((await ex.api.post('user/register', { ...payload, sms_code: wrong })).body.msg);
    }
    expect(messages.slice(0, 4)).toEqual(Array(4).fill('The verification code is wrong'));
    expect(messages[4]).toBe('Too many wrong codes; please ask for a new one');
    const right = await ex.api.post('user/register', { ...payload, sms_code: code });
    expect(right.body.msg).toBe('Too many wrong codes; please ask for a new one');
  });

  it('for sign-in and password reset are sent only to a registered account, answering alike', async () => {
    const ghost = uniqueEmail('ghost');
    const unknown = await ex.api.post('notify/send_email', { to: ghost, type: 2 });
    const known = await ex.api.post('notify/send_email', { to: 'alice@demo.test', type: 2 });
    expect(unknown).toEqual(known);
    expect(unknown).toMatchObject({
      status: 200,
      body: { code: 1, msg: 'If this account exists, a code has been sent to it' },
    });
    const mailbox = await ex.api.get<unknown[]>('dev/mailbox', { to: ghost });
    expect(mailbox.body.data).toEqual([]);
  });

  it('for the trade password need a signed-in caller and their own contact', async () => {
    const anonymous = await ex.api.post('notify/send_email', { to: 'alice@demo.test', type: 3 });
    expect(anonymous.body.code).toBe(999);
    const { token } = await signUp(ex.api);
    const foreign = await ex.api.post('notify/send_email', { to: 'alice@demo.test', type: 3 }, { token });
    expect(foreign.body.msg).toBe('This email or mobile number is not the one on your account');
  });
});

describe('sign-in', () => {
  it('answers a 256-bit token stored only as a hash', async () => {
    const { token, id } = await signUp(ex.api);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const sessions = await ex.db.kysely
      .selectFrom('sessions')
      .select('token_hash')
      .where('user_id', '=', id)
      .execute();
    expect(sessions.map((s) => s.token_hash)).not.toContain(token);
    expect(sessions[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('answers 999 without a token, with a bad one, and after logout', async () => {
    expect((await ex.api.get('user/info')).body.code).toBe(999);
    expect((await ex.api.get('user/info', {}, { token: 'x'.repeat(43) })).body.code).toBe(999);
    const { token } = await signUp(ex.api);
    expect((await ex.api.post('user/logout', {}, { token })).body.code).toBe(1);
    expect((await ex.api.get('user/info', {}, { token })).body.code).toBe(999);
  });

  it('expires a session after 7 idle days but not while it is used', async () => {
    const { token } = await signUp(ex.api);
    ex.clock.advance(SESSION_IDLE_MS - MINUTE);
    expect((await ex.api.get('user/info', {}, { token })).body.code).toBe(1);
    ex.clock.advance(SESSION_IDLE_MS - MINUTE);
    expect((await ex.api.get('user/info', {}, { token })).body.code).toBe(1);
    ex.clock.advance(SESSION_IDLE_MS);
    const expired = await ex.api.get('user/info', {}, { token });
    expect(expired.body).toMatchObject({ code: 999, msg: 'Your session has expired, please log in again' });
  });

  it('locks an account with 429 after 5 wrong passwords, even for the right one', async () => {
    const { email } = await signUp(ex.api, 'Right-Saddle-29');
    for (let i = 0; i < 5; i += 1) {
      const wrong = await ex.api.post('user/login', {
        login_type: 'email',
        account: email,
        password: `wrong${i}00`,
      });
      expect(wrong).toMatchObject({ status: 200, body: { code: 0, msg: 'Wrong account or password' } });
    }
    const locked = await ex.api.post('user/login', {
      login_type: 'email',
      account: email,
      password: 'Right-Saddle-29',
    });
    expect(locked.status).toBe(429);
    expect(locked.body.msg).toBe('Too many wrong passwords; please try again in 15 minutes');
    ex.clock.advance(15 * MINUTE);
    expect(
      (await ex.api.post('user/login', { login_type: 'email', account: email, password: 'Right-Saddle-29' }))
        .body.code,
    ).toBe(1);
  });

  it('answers the same for an unknown account as for a wrong password', async () => {
    const answer = await ex.api.post('user/login', {
      login_type: 'email',
      account: uniqueEmail('none'),
      password: 'Amber-Kettle-58',
    });
    expect(answer).toMatchObject({ status: 200, body: { code: 0, msg: 'Wrong account or password' } });
  });

  it('needs the SMS code when login_use_sms is 1', async () => {
    const { email } = await signUp(ex.api, 'Sms-Pass-Tundra-7');
    await ex.settings.set('login_use_sms', '1');
    try {
      const without = await ex.api.post('user/login', {
        login_type: 'email',
        account: email,
        password: 'Sms-Pass-Tundra-7',
      });
      expect(without.body.msg).toBe('Enter the SMS code');
      const code = await ex.api.emailCode(email, 5);
      const withCode = await ex.api.post('user/login', {
        login_type: 'email',
        account: email,
        password: 'Sms-Pass-Tundra-7',
        sms_code: code,
      });
      expect(withCode.body.code).toBe(1);
    } finally {
      await ex.settings.set('login_use_sms', '0');
    }
  });

  it('refuses the market-maker system account', async () => {
    const answer = await ex.api.post('user/login', {
      login_type: 'email',
      account: 'market-maker@system.invalid',
      password: 'anything1',
    });
    expect(answer.body.msg).toBe('Wrong account or password');
  });
});

describe('passwords', () => {
  it('changing the login password revokes every session, and the new one works', async () => {
    const { email, token } = await signUp(ex.api, 'First-Meadow-37');
    const second = await login(ex.api, email, 'First-Meadow-37');
    const wrongOld = await ex.api.post(
      'user/amend_password',
      { old_password: 'nope1234', new_password: 'Next-Lagoon-86', secondary_password: 'Next-Lagoon-86' },
      { token },
    );
    expect(wrongOld.body.msg).toBe('The old password is wrong');
    const changed = await ex.api.post(
      'user/amend_password',
      {
        old_password: 'First-Meadow-37',
        new_password: 'Next-Lagoon-86',
        secondary_password: 'Next-Lagoon-86',
      },
      { token },
    );
    expect(changed.body).toMatchObject({ code: 1, msg: 'Password changed; please log in again' });
    expect((await ex.api.get('user/info', {}, { token })).body.code).toBe(999);
    expect((await ex.api.get('user/info', {}, { token: second })).body.code).toBe(999);
    expect(
      (await ex.api.post('user/login', { login_type: 'email', account: email, password: 'First-Meadow-37' }))
        .body.code,
    ).toBe(0);
    await login(ex.api, email, 'Next-Lagoon-86');
  });

  it('resets a forgotten password with a type-2 code', async () => {
    const { email, token } = await signUp(ex.api, 'Forgot-Marten-12');
    const code = await ex.api.emailCode(email, 2);
    const differ = await ex.api.post('user/forget_password', {
      type: 'email',
      account: email,
      new_password: 'Reset-Canyon-62',
      secondary_password: 'Reset-Canyon-63',
      auth_code: code,
    });
    expect(differ.body.msg).toBe('The two passwords are inconsistent');
    const reset = await ex.api.post('user/forget_password', {
      type: 'email',
      account: email,
      new_password: 'Reset-Canyon-62',
      secondary_password: 'Reset-Canyon-62',
      auth_code: code,
    });
    expect(reset.body).toMatchObject({ code: 1 });
    expect((await ex.api.get('user/info', {}, { token })).body.code).toBe(999);
    await login(ex.api, email, 'Reset-Canyon-62');
  });

  it('a register code does not reset a password', async () => {
    const { email } = await signUp(ex.api);
    const registerCode = await ex.api.latestCode(email);
    const answer = await ex.api.post('user/forget_password', {
      type: 'email',
      account: email,
      new_password: 'Reset-Canyon-62',
      secondary_password: 'Reset-Canyon-62',
      auth_code: registerCode,
    });
    expect(answer.body.code).toBe(0);
  });

  it('sets the trade password with a type-3 code, hashed apart from the login password', async () => {
    const { email, token, id } = await signUp(ex.api);
    expect((await ex.api.post('notify/send_email', { to: email, type: 3 }, { token })).body.code).toBe(1);
    const code = await ex.api.latestCode(email);
    const set = await ex.api.post(
      'user/amend_pay_password',
      { password: 'Trade-Pebble-45', re_password: 'Trade-Pebble-45', auth_code: code },
      { token },
    );
    expect(set.body).toMatchObject({ code: 1, msg: 'Trade password set' });
    const row = await ex.db.kysely
      .selectFrom('users')
      .select(['pay_password_hash', 'password_hash'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.pay_password_hash).toMatch(/^\$argon2id\$/);
    expect(row.pay_password_hash).not.toBe(row.password_hash);
    expect((await ex.api.get<UserInfo>('user/info', {}, { token })).body.data!.has_pay_password).toBe(true);
  });
});

describe('binding an email', () => {
  it('binds an email to a mobile account with a code sent to it', async () => {
    const areas = await ex.api.get<{ id: number; global_code: string }[]>('default/area_list');
    const cn = areas.body.data!.find((area) => area.global_code === '86')!;
    await ex.api.post('notify/send_sms', { to: '13800138000', type: 1, area_id: cn.id });
    const code = await ex.api.latestCode('8613800138000');
    await ex.api.post('user/register', {
      type: 'mobile',
      account: '13800138000',
      area_id: cn.id,
      password: 'Mobile-Ferret-18',
      re_password: 'Mobile-Ferret-18',
      sms_code: code,
      invite_code: DEMO_INVITE,
    });
    const token = (
      await ex.api.post<string>('user/login', {
        login_type: 'mobile',
        account: '13800138000',
        password: 'Mobile-Ferret-18',
        country_code: '86',
      })
    ).body.data!;

    const taken = await ex.api.post('sms_mail', { user_string: 'alice@demo.test' }, { token });
    expect(taken.body.msg).toBe('This email is already used by another account');
    const email = uniqueEmail('bind');
    expect((await ex.api.post('sms_mail', { user_string: email }, { token })).body.code).toBe(1);
    const bindCode = await ex.api.latestCode(email);
    const bound = await ex.api.post('safe/email', { email, code: bindCode }, { token });
    expect(bound.body).toMatchObject({ code: 1, msg: 'Email bound' });
    expect((await ex.api.get<UserInfo>('user/info', {}, { token })).body.data!.email).toBe(email);
    const again = await ex.api.post('sms_mail', { user_string: uniqueEmail('second') }, { token });
    expect(again.body.msg).toBe('Your account already has an email');
  });
});

describe('authorization code', () => {
  it('is the user own code', async () => {
    const { token, id } = await signUp(ex.api);
    const answer = await ex.api.get<string>('user/authorization_code', {}, { token });
    const row = await ex.db.kysely
      .selectFrom('users')
      .select('authorization_code')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(answer.body).toMatchObject({ code: 1, data: row.authorization_code });
  });
});
