import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestExchange, type TestExchange } from './helpers/exchange.js';
import { signUp } from './helpers/users.js';

let ex: TestExchange;
let token: string;
beforeAll(async () => {
  ex = await startTestExchange();
  token = (await signUp(ex.api, 'Steady-Heron-12')).token;
});
afterAll(async () => ex?.stop());

const LONG = 'a'.repeat(10_000);
const HTML = '<script>alert(1)</script>';
const SQL = "x' OR '1'='1'; DROP TABLE users; --";

/** Each POST route with a valid-looking body to start each bad variant from. */
const POSTS: [string, Record<string, unknown>][] = [
  ['notify/send_email', { to: 'x@example.test', type: 1 }],
  ['notify/send_sms', { to: '13800000000', type: 1, area_id: 1 }],
  [
    'user/register',
    {
      type: 'email',
      account: 'x@example.test',
      password: 'Amber-Kettle-58',
      re_password: 'Amber-Kettle-58',
      sms_code: '123456',
      invite_code: 'DEMO2026',
    },
  ],
  ['user/login', { login_type: 'email', account: 'x@example.test', password: 'Amber-Kettle-58' }],
  [
    'user/amend_password',
    {
      old_password: 'Steady-Heron-12',
      new_password: 'Amber-Kettle-58',
      secondary_password: 'Amber-Kettle-58',
    },
  ],
  [
    'user/forget_password',
    {
      type: 'email',
      account: 'x@example.test',
      new_password: 'Amber-Kettle-58',
      secondary_password: 'Amber-Kettle-58',
      auth_code: '123456',
    },
  ],
  ['user/amend_pay_password', { password: 'Amber-Kettle-58', auth_code: '123456' }],
  ['sms_mail', { user_string: 'x@example.test' }],
  ['safe/email', { email: 'x@example.test', code: '123456' }],
];

function variants(valid: Record<string, unknown>): [string, unknown][] {
  const out: [string, unknown][] = [
    ['empty body', {}],
    ['array body', [1, 2]],
    ['null body', null],
  ];
  for (const field of Object.keys(valid)) {
    const { [field]: _dropped, ...without } = valid;
    out.push([`missing ${field}`, without]);
    for (const [label, value] of [
      ['empty', ''],
      ['spaces', '   '],
      ['long', LONG],
      ['html', HTML],
      ['sql', SQL],
      ['number', Number('12345678901234567890')],
      ['object', { $ne: null }],
      ['array', ['a']],
      ['true', true],
    ] as const) {
      out.push([`${field} ${label}`, { ...valid, [field]: value }]);
    }
  }
  return out;
}

async function snapshot() {
  const count = async (table: 'users' | 'sessions' | 'verification_codes') =>
    Number(
      (
        await ex.db.kysely
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const user = await ex.db.kysely
    .selectFrom('users')
    .select(['password_hash', 'pay_password_hash', 'email'])
    .where('email', '=', (await ex.api.get<{ email: string }>('user/info', {}, { token })).body.data!.email)
    .executeTakeFirstOrThrow();
  return { users: await count('users'), sessions: await count('sessions'), user };
}

describe('bad input', () => {
  for (const [path, valid] of POSTS) {
    it(`${path}: every malformed body gets a clear 4xx envelope and changes nothing`, async () => {
      const before = await snapshot();
      for (const [label, body] of variants(valid)) {
        const answer = await ex.api.post(path, body, { token });
        expect(answer.status, `${path} ${label}: ${JSON.stringify(answer.body)}`).toBeGreaterThanOrEqual(400);
        expect(answer.status, `${path} ${label}`).toBeLessThan(500);
        expect([0, 999]).toContain(answer.body.code);
        expect(answer.body.msg.length, `${path} ${label}`).toBeGreaterThan(3);
        expect(answer.body.msg).not.toContain('<script>');
      }
      const after = await snapshot();
      expect(after.users).toBe(before.users);
      expect(after.user).toEqual(before.user);
      expect(after.sessions).toBe(before.sessions);
    });
  }

  it('GET routes refuse bad query values without a 500', async () => {
    for (const [path, query] of [
      ['news/list', { category_id: 'abc' }],
      ['news/list', { category_id: 0 }],
      ['news/list', { category_id: 1, page: -1 }],
      ['news/list', { category_id: 1, limit: 100000 }],
      ['news/info', { id: SQL }],
      ['news/info', { id: '99999999999999999999' }],
      ['default/setting', { key: LONG }],
      ['dev/mailbox', { to: LONG }],
    ] as const) {
      const answer = await ex.api.get(path, query);
      expect(answer.status, `${path} ${JSON.stringify(query)}`).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      expect(answer.body.code).toBe(0);
    }
  });

  it('keeps HTML in a registered account out of reach: the account is refused as an email', async () => {
    const answer = await ex.api.post('notify/send_email', { to: `${HTML}@example.test`, type: 1 });
    expect(answer).toMatchObject({
      status: 400,
      body: { code: 0, msg: 'account: must be a valid email address' },
    });
  });
});
