import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FeedbackView, Paged, PayMethodType, PayMethodView } from '@oex/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestExchange, type TestExchange } from './helpers/exchange.js';
import { uploadPng } from './helpers/uploads.js';
import { signUp } from './helpers/users.js';

let ex: TestExchange;
let uploadsDir: string;

beforeAll(async () => {
  uploadsDir = mkdtempSync(join(tmpdir(), 'oex-personal-'));
  ex = await startTestExchange({ uploadsDir, feedbackPerHour: 5 });
});
afterAll(async () => {
  await ex?.stop();
  rmSync(uploadsDir, { recursive: true, force: true });
});

const bank = {
  real_name: 'Alice Example',
  bank_name: 'Bank of Examples',
  card_no: '6222 0200 1234 5678',
  bank_address: 'Main Street branch',
};

describe('payment methods', () => {
  it('lists the three types from the data file, named in the caller’s language', async () => {
    const en = await ex.api.get<PayMethodType[]>('pay_method/types');
    expect(en.body.data).toEqual([
      { id: 1, code: 'alipay', name: 'Alipay' },
      { id: 2, code: 'wxpay', name: 'WeChat Pay' },
      { id: 3, code: 'bank', name: 'Bank card' },
    ]);
    const hk = await ex.api.get<PayMethodType[]>('pay_method/types', {}, { lang: 'hk' });
    expect(hk.body.data!.map((t) => t.name)).toEqual(['支付寶', '微信支付', '銀行卡']);
  });

  it('saves one method per type, replacing the previous one', async () => {
    const alice = await signUp(ex.api);
    const none = await ex.api.get('pay_method/get_method_by_type', { type: 'bank' }, { token: alice.token });
    expect(none.body).toMatchObject({ code: 1, data: null });

    const saved = await ex.api.post<PayMethodView>(
      'pay_method/save',
      { type: 'bank', raw_data: bank },
      { token: alice.token },
    );
    expect(saved.body, saved.body.msg).toMatchObject({
      code: 1,
      msg: 'Payment method saved',
      data: { type: 'bank', raw_data: { ...bank, card_no: '6222020012345678' } },
    });
    const replaced = await ex.api.post(
      'pay_method/save',
      { type: 'bank', raw_data: { ...bank, bank_name: 'Other Bank' } },
      { token: alice.token },
    );
    expect(replaced.body.code, replaced.body.msg).toBe(1);

    const qr = await uploadPng(ex.url, alice.token);
    const wallet = { real_name: 'Alice Example', account: 'alice@example.test', qrcode: qr };
    const alipay = await ex.api.post<PayMethodView>(
      'pay_method/save',
      { type: 'alipay', raw_data: wallet },
      { token: alice.token },
    );
    expect(alipay.body, alipay.body.msg).toMatchObject({
      code: 1,
      data: {
        type: 'alipay',
        raw_data: { ...wallet, qrcode: `/api/common/image/${qr}`, qrcode_id: qr },
      },
    });

    const got = await ex.api.get<PayMethodView>(
      'pay_method/get_method_by_type',
      { type: 'bank' },
      { token: alice.token },
    );
    expect(got.body.data).toMatchObject({ type: 'bank', raw_data: { bank_name: 'Other Bank' } });
    const rows = await ex.db.kysely
      .selectFrom('pay_methods')
      .selectAll()
      .where('user_id', '=', alice.id)
      .execute();
    expect(rows.map((r) => r.type).sort()).toEqual(['alipay', 'bank']);

    // Another user sees only their own (none).
    const bob = await signUp(ex.api);
    const bobs = await ex.api.get('pay_method/get_method_by_type', { type: 'alipay' }, { token: bob.token });
    expect(bobs.body.data).toBeNull();
  });

  it('validates each type’s fields (the spec’s form checks) and changes nothing when refused', async () => {
    const carol = await signUp(ex.api);
    const qr = await uploadPng(ex.url, carol.token);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ type: 'paypal', raw_data: bank }, /^type: must be alipay, wxpay or bank/],
      [{ type: 'bank', raw_data: { ...bank, real_name: '' } }, /^raw_data\.real_name: is required/],
      [{ type: 'bank', raw_data: { ...bank, bank_name: undefined } }, /^raw_data\.bank_name: is required/],
      [{ type: 'bank', raw_data: { ...bank, bank_address: ' ' } }, /^raw_data\.bank_address: is required/],
      [{ type: 'bank', raw_data: { ...bank, card_no: '1234' } }, /^raw_data\.card_no: must be 8-30 digits/],
      [
        { type: 'bank', raw_data: { ...bank, card_no: '6222abcd12345678' } },
        /^raw_data\.card_no: must be 8-30 digits/,
      ],
      [{ type: 'alipay', raw_data: { real_name: 'Carol', qrcode: qr } }, /^raw_data\.account: is required/],
      [
        { type: 'wxpay', raw_data: { real_name: 'Carol', account: 'carol_wx' } },
        /^raw_data\.qrcode: is required/,
      ],
      [{ type: 'wxpay', raw_data: { account: 'carol_wx', qrcode: qr } }, /^raw_data\.real_name: is required/],
    ];
    for (const [body, message] of cases) {
      const answer = await ex.api.post('pay_method/save', body, { token: carol.token });
      expect(answer.body.code, JSON.stringify(body)).toBe(0);
      expect(answer.body.msg).toMatch(message);
    }
    const query = await ex.api.get('pay_method/get_method_by_type', { type: 'card' }, { token: carol.token });
    expect(query.body.code).toBe(0);
    expect(
      await ex.db.kysely.selectFrom('pay_methods').selectAll().where('user_id', '=', carol.id).execute(),
    ).toEqual([]);
  });

  it("refuses another user's QR code upload and keeps the saved method", async () => {
    const mallory = await signUp(ex.api);
    const victim = await signUp(ex.api);
    const own = await uploadPng(ex.url, mallory.token);
    const theirs = await uploadPng(ex.url, victim.token);
    const first = await ex.api.post(
      'pay_method/save',
      { type: 'wxpay', raw_data: { real_name: 'Mallory', account: 'm1', qrcode: own } },
      { token: mallory.token },
    );
    expect(first.body.code, first.body.msg).toBe(1);
    const stolen = await ex.api.post(
      'pay_method/save',
      { type: 'wxpay', raw_data: { real_name: 'Mallory', account: 'm2', qrcode: theirs } },
      { token: mallory.token },
    );
    expect(stolen.body.code).toBe(0);
    expect(stolen.body.msg).toBe('An image is not one of your uploads; upload it again');
    const kept = await ex.api.get<PayMethodView>(
      'pay_method/get_method_by_type',
      { type: 'wxpay' },
      { token: mallory.token },
    );
    expect(kept.body.data).toMatchObject({ raw_data: { account: 'm1', qrcode_id: own } });
  });

  it('answers methodsOf for the fiat desk', async () => {
    const dave = await signUp(ex.api);
    await ex.api.post('pay_method/save', { type: 'bank', raw_data: bank }, { token: dave.token });
    const { PayMethods } = await import('../src/personal/pay-methods.js');
    const { UploadStore } = await import('../src/uploads/store.js');
    const methods = new PayMethods(
      ex.db.kysely,
      new UploadStore(ex.db.kysely, uploadsDir, ex.clock, 1),
      ex.clock,
    );
    expect((await methods.methodsOf(dave.id)).map((m) => m.type)).toEqual(['bank']);
  });
});

describe('feedback', () => {
  it('takes feedback of 10 characters or more with an optional image of one’s own, and lists it with replies', async () => {
    const erin = await signUp(ex.api);
    const short = await ex.api.post('feedback/submit', { content: 'too short' }, { token: erin.token });
    expect(short.body.code).toBe(0);
    expect(short.body.msg).toBe('content: must be at least 10 characters');
    const padded = await ex.api.post('feedback/submit', { content: '   short    ' }, { token: erin.token });
    expect(padded.body.code).toBe(0);

    const other = await signUp(ex.api);
    const theirs = await uploadPng(ex.url, other.token);
    const stolen = await ex.api.post(
      'feedback/submit',
      { content: 'Look at this picture please', image: theirs },
      { token: erin.token },
    );
    expect(stolen.body.code).toBe(0);
    expect(stolen.body.msg).toMatch(/not one of your uploads/);

    const image = await uploadPng(ex.url, erin.token);
    const sent = await ex.api.post<FeedbackView>(
      'feedback/submit',
      { content: 'The chart is slow on my phone', image },
      { token: erin.token },
    );
    expect(sent.body, sent.body.msg).toMatchObject({
      code: 1,
      data: { image_url: `/api/common/image/${image}`, replies: [] },
    });
    const plain = await ex.api.post<FeedbackView>(
      'feedback/submit',
      { content: 'Please add a dark blue theme' },
      { token: erin.token },
    );
    expect(plain.body.code).toBe(1);

    const reply = await ex.api.post(
      'admin/feedback/reply',
      { id: sent.body.data!.id, content: 'Thanks, fixed in the next release' },
      { headers: { 'x-admin-token': ex.adminToken } },
    );
    expect(reply.body, reply.body.msg).toMatchObject({ code: 1 });
    expect(
      (
        await ex.api.post(
          'admin/feedback/reply',
          { id: sent.body.data!.id, content: 'x' },
          { token: erin.token },
        )
      ).status,
      // A user's token is no operator's: asked to sign in to the console.
    ).toBe(401);
    expect(
      (
        await ex.api.post(
          'admin/feedback/reply',
          { id: 999999, content: 'x' },
          { headers: { 'x-admin-token': ex.adminToken } },
        )
      ).status,
    ).toBe(404);

    const list = await ex.api.get<Paged<FeedbackView>>('feedback/list', { page: 1 }, { token: erin.token });
    expect(list.body.data).toMatchObject({ total: 2, current_page: 1 });
    expect(list.body.data!.data.map((f) => [f.content, f.replies.map((r) => r.content)])).toEqual([
      ['Please add a dark blue theme', []],
      ['The chart is slow on my phone', ['Thanks, fixed in the next release']],
    ]);
    // Only one's own.
    const others = await ex.api.get<Paged<FeedbackView>>('feedback/list', {}, { token: other.token });
    expect(others.body.data!.total).toBe(0);
  });

  it('limits feedback to 5 an hour per user', async () => {
    const frank = await signUp(ex.api);
    for (let i = 1; i <= 5; i += 1) {
      const answer = await ex.api.post(
        'feedback/submit',
        { content: `Feedback number ${i} here` },
        { token: frank.token },
      );
      expect(answer.body.code, answer.body.msg).toBe(1);
    }
    const sixth = await ex.api.post(
      'feedback/submit',
      { content: 'Feedback number 6 here' },
      { token: frank.token },
    );
    expect(sixth.status).toBe(429);
    expect(sixth.body.msg).toBe('You can send at most 5 feedback messages an hour; please try again later');
    const count = await ex.db.kysely
      .selectFrom('feedback')
      .select('id')
      .where('user_id', '=', frank.id)
      .execute();
    expect(count).toHaveLength(5);
    // Another user is not limited by Frank's messages; an hour later Frank may write again.
    const grace = await signUp(ex.api);
    expect(
      (await ex.api.post('feedback/submit', { content: 'Hello from Grace here' }, { token: grace.token }))
        .body.code,
    ).toBe(1);
    ex.clock.advance(3_600_001);
    expect(
      (await ex.api.post('feedback/submit', { content: 'Feedback number 7 here' }, { token: frank.token }))
        .body.code,
    ).toBe(1);
  });
});

describe('feedback: the operator and concurrency', () => {
  it('lists everyone’s feedback to the operator, or only the unanswered', async () => {
    const henry = await signUp(ex.api);
    const first = await ex.api.post<FeedbackView>(
      'feedback/submit',
      { content: 'First message from Henry' },
      { token: henry.token },
    );
    const second = await ex.api.post<FeedbackView>(
      'feedback/submit',
      { content: 'Second message from Henry' },
      { token: henry.token },
    );
    const admin = { headers: { 'x-admin-token': ex.adminToken } };
    await ex.api.post('admin/feedback/reply', { id: first.body.data!.id, content: 'Answered' }, admin);
    const open = await ex.api.get<Paged<FeedbackView & { user_id: number }>>(
      'admin/feedback/list',
      { unanswered: 1 },
      admin,
    );
    const openIds = open.body.data!.data.map((f) => f.id);
    expect(openIds).toContain(second.body.data!.id);
    expect(openIds).not.toContain(first.body.data!.id);
    const all = await ex.api.get<Paged<FeedbackView & { user_id: number }>>('admin/feedback/list', {}, admin);
    const answered = all.body.data!.data.find((f) => f.id === first.body.data!.id)!;
    expect(answered).toMatchObject({ user_id: henry.id, replies: [{ content: 'Answered' }] });
    expect((await ex.api.get('admin/feedback/list', {}, { token: henry.token })).status).toBe(401);
  });

  it('keeps the hourly limit when many are sent at once', async () => {
    const ivy = await signUp(ex.api);
    const answers = await Promise.all(
      Array.from({ length: 9 }, (_, i) =>
        ex.api.post('feedback/submit', { content: `Burst message number ${i}` }, { token: ivy.token }),
      ),
    );
    expect(answers.filter((a) => a.body.code === 1)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(4);
    const rows = await ex.db.kysely
      .selectFrom('feedback')
      .select('id')
      .where('user_id', '=', ivy.id)
      .execute();
    expect(rows).toHaveLength(5);
  });
});

describe('the API docs', () => {
  it('lists the personal-centre calls', async () => {
    const response = await fetch(`${ex.url}/api/docs/json`);
    const doc = (await response.json()) as { paths: Record<string, unknown> };
    for (const path of [
      '/api/common/image_upload',
      '/api/common/image/{id}',
      '/api/user_real/center',
      '/api/user_real/real_name',
      '/api/pay_method/types',
      '/api/pay_method/get_method_by_type',
      '/api/pay_method/save',
      '/api/feedback/submit',
      '/api/feedback/list',
      '/api/admin/user_real/pending',
      '/api/admin/user_real/approve',
      '/api/admin/user_real/reject',
      '/api/admin/feedback/reply',
      '/api/admin/feedback/list',
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
  });
});
