import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IdentityCenter, IdentitySubmissionView, Paged, UserInfo } from '@oex/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestExchange, type TestExchange } from './helpers/exchange.js';
import { uploadPng } from './helpers/uploads.js';
import { signUp } from './helpers/users.js';

let ex: TestExchange;
let uploadsDir: string;

beforeAll(async () => {
  uploadsDir = mkdtempSync(join(tmpdir(), 'oex-identity-'));
  ex = await startTestExchange({ uploadsDir });
});
afterAll(async () => {
  await ex?.stop();
  rmSync(uploadsDir, { recursive: true, force: true });
});

const admin = () => ({ headers: { 'x-admin-token': ex.adminToken } });

async function center(token: string): Promise<IdentityCenter> {
  const answer = await ex.api.get<IdentityCenter>('user_real/center', {}, { token });
  expect(answer.body.code, answer.body.msg).toBe(1);
  return answer.body.data!;
}

async function infoStatus(token: string): Promise<number> {
  return (await ex.api.get<UserInfo>('user/info', {}, { token })).body.data!.review_status;
}

async function photos(token: string) {
  return {
    front_pic: await uploadPng(ex.url, token, '#111'),
    reverse_pic: await uploadPng(ex.url, token, '#222'),
    hand_pic: await uploadPng(ex.url, token, '#333'),
  };
}

async function pending(): Promise<IdentitySubmissionView[]> {
  const answer = await ex.api.get<Paged<IdentitySubmissionView>>('admin/user_real/pending', {}, admin());
  expect(answer.body.code, answer.body.msg).toBe(1);
  return answer.body.data!.data;
}

async function submissionsOf(userId: number) {
  return ex.db.kysely.selectFrom('identity_submissions').selectAll().where('user_id', '=', userId).execute();
}

describe('identity: the review states 0 → 1 → 3 → 1 → 2', () => {
  it('walks a user through submit, reject, submit again and approve', async () => {
    const alice = await signUp(ex.api);
    expect(await center(alice.token)).toMatchObject({ review_status: 0, name: null, reason: null });
    expect(await infoStatus(alice.token)).toBe(0);

    const pics = await photos(alice.token);
    const submitted = await ex.api.post<IdentityCenter>(
      'user_real/real_name',
      { name: 'Alice Example', card_id: '110101199003071234', ...pics },
      { token: alice.token },
    );
    expect(submitted.body, submitted.body.msg).toMatchObject({
      code: 1,
      msg: 'Submitted, please wait for the review',
      data: { review_status: 1, name: 'Alice Example', card_id: '11**************34' },
    });
    expect(await infoStatus(alice.token)).toBe(1);

    // Under review: another submission is refused and changes nothing.
    const again = await ex.api.post(
      'user_real/real_name',
      { name: 'Alice', card_id: 'AB12345', ...pics },
      { token: alice.token },
    );
    expect(again.body.code).toBe(0);
    expect(again.body.msg).toBe('Your identity is already under review');
    expect(await submissionsOf(alice.id)).toHaveLength(1);

    // The operator sees it with the photo links, and rejects it with a reason.
    const queue = await pending();
    const mine = queue.find((s) => s.user_id === alice.id)!;
    expect(mine).toMatchObject({ name: 'Alice Example', card_id: '110101199003071234', status: 1 });
    expect(mine.front_pic).toBe(`/api/common/image/${pics.front_pic}`);
    const rejected = await ex.api.post(
      'admin/user_real/reject',
      { id: mine.id, reason: 'The back photo is blurred' },
      admin(),
    );
    expect(rejected.body, rejected.body.msg).toMatchObject({ code: 1, data: { status: 3 } });
    expect(await center(alice.token)).toMatchObject({
      review_status: 3,
      reason: 'The back photo is blurred',
    });
    expect(await infoStatus(alice.token)).toBe(3);
    expect((await pending()).some((s) => s.id === mine.id)).toBe(false);

    // Rejected: she may submit again (without the optional hand-held photo).
    const second = await ex.api.post<IdentityCenter>(
      'user_real/real_name',
      {
        name: 'Alice Example',
        card_id: 'E12345678',
        front_pic: pics.front_pic,
        reverse_pic: await uploadPng(ex.url, alice.token, '#444'),
      },
      { token: alice.token },
    );
    expect(second.body, second.body.msg).toMatchObject({ code: 1, data: { review_status: 1, reason: null } });

    const next = (await pending()).find((s) => s.user_id === alice.id)!;
    expect(next.hand_pic).toBeNull();
    const approved = await ex.api.post('admin/user_real/approve', { id: next.id }, admin());
    expect(approved.body, approved.body.msg).toMatchObject({ code: 1, data: { status: 2 } });
    expect(await center(alice.token)).toMatchObject({ review_status: 2, reason: null });
    expect(await infoStatus(alice.token)).toBe(2);

    // Certified: no more submissions; a decided submission cannot be decided again.
    const third = await ex.api.post(
      'user_real/real_name',
      { name: 'Alice', card_id: 'AB12345', ...(await photos(alice.token)) },
      { token: alice.token },
    );
    expect(third.body.code).toBe(0);
    expect(third.body.msg).toBe('Your identity is already certified');
    const twice = await ex.api.post('admin/user_real/reject', { id: next.id, reason: 'late' }, admin());
    expect(twice.body.code).toBe(0);
    expect(await infoStatus(alice.token)).toBe(2);

    // Every submission is kept.
    expect((await submissionsOf(alice.id)).map((s) => s.status)).toEqual([3, 2]);
  });
});

describe('identity: refused submissions change nothing', () => {
  it("refuses another user's upload id", async () => {
    const mallory = await signUp(ex.api);
    const victim = await signUp(ex.api);
    const theirs = await uploadPng(ex.url, victim.token);
    const own = await uploadPng(ex.url, mallory.token);
    for (const pics of [
      { front_pic: theirs, reverse_pic: own },
      { front_pic: own, reverse_pic: await uploadPng(ex.url, mallory.token), hand_pic: theirs },
      { front_pic: own, reverse_pic: 987654 },
    ]) {
      const answer = await ex.api.post(
        'user_real/real_name',
        { name: 'Mallory', card_id: 'X1234567', ...pics },
        { token: mallory.token },
      );
      expect(answer.body.code).toBe(0);
      expect(answer.body.msg).toBe('An image is not one of your uploads; upload it again');
    }
    expect(await center(mallory.token)).toMatchObject({ review_status: 0 });
    expect(await submissionsOf(mallory.id)).toHaveLength(0);
  });

  it('validates every field (the spec’s form checks) in the caller’s language', async () => {
    const bob = await signUp(ex.api);
    const pics = await photos(bob.token);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ card_id: 'X1234567', ...pics }, /^name: is required/],
      [{ name: '   ', card_id: 'X1234567', ...pics }, /^name: is required/],
      [{ name: 'Bob<script>', card_id: 'X1234567', ...pics }, /^name: may contain only letters/],
      [{ name: 'Bob', ...pics }, /^card_id: is required/],
      [{ name: 'Bob', card_id: '12', ...pics }, /^card_id: must be 5-32 letters and digits/],
      [{ name: 'Bob', card_id: '1234;DROP TABLE', ...pics }, /^card_id: must be 5-32/],
      [{ name: 'Bob', card_id: 'X1234567', front_pic: pics.front_pic }, /^reverse_pic: is required/],
      [{ name: 'Bob', card_id: 'X1234567', reverse_pic: pics.reverse_pic }, /^front_pic: is required/],
      [
        { name: 'Bob', card_id: 'X1234567', front_pic: pics.front_pic, reverse_pic: pics.front_pic },
        /different image/,
      ],
    ];
    for (const [body, message] of cases) {
      const answer = await ex.api.post('user_real/real_name', body, { token: bob.token });
      expect(answer.body.code, JSON.stringify(body)).toBe(0);
      expect(answer.body.msg).toMatch(message);
    }
    const zh = await ex.api.post(
      'user_real/real_name',
      { name: 'Bob', card_id: '12', ...pics },
      { token: bob.token, lang: 'zh' },
    );
    expect(zh.body.msg).toBe('card_id：必须为 5-32 位字母或数字');
    expect(await submissionsOf(bob.id)).toHaveLength(0);
    expect(await infoStatus(bob.token)).toBe(0);
  });

  it('takes one of two submissions sent at once', async () => {
    const quick = await signUp(ex.api);
    const a = await photos(quick.token);
    const b = await photos(quick.token);
    const answers = await Promise.all([
      ex.api.post(
        'user_real/real_name',
        { name: 'Quick One', card_id: 'Q1234567', ...a },
        { token: quick.token },
      ),
      ex.api.post(
        'user_real/real_name',
        { name: 'Quick Two', card_id: 'Q7654321', ...b },
        { token: quick.token },
      ),
    ]);
    expect(answers.map((x) => x.status).sort()).toEqual([200, 200]);
    expect(await submissionsOf(quick.id)).toHaveLength(1);
    expect(await infoStatus(quick.token)).toBe(1);
  });

  it('keeps the operator calls to operators', async () => {
    const user = await signUp(ex.api);
    // A user's token is no operator's: asked to sign in to the console.
    expect((await ex.api.get('admin/user_real/pending', {}, { token: user.token })).status).toBe(401);
    expect((await ex.api.post('admin/user_real/approve', { id: 1 }, { token: user.token })).status).toBe(401);
    expect((await ex.api.post('admin/user_real/approve', { id: 999999 }, admin())).status).toBe(404);
    expect((await ex.api.get('user_real/center')).body.code).toBe(999);
  });
});

describe('identity: the photos are private', () => {
  it('shows identity photos to their owner and the operator, never to another user', async () => {
    const owner = await signUp(ex.api);
    const other = await signUp(ex.api);
    const pics = await photos(owner.token);
    const answer = await ex.api.post(
      'user_real/real_name',
      { name: 'Owner', card_id: 'P9876543', ...pics },
      { token: owner.token },
    );
    expect(answer.body.code, answer.body.msg).toBe(1);
    const submission = (await pending()).find((s) => s.user_id === owner.id)!;
    for (const url of [submission.front_pic, submission.reverse_pic, submission.hand_pic!]) {
      const get = (headers: Record<string, string>) => fetch(`${ex.url}${url}`, { headers });
      expect((await get({ authorization: other.token })).status).toBe(404);
      expect((await get({})).status).toBe(401);
      expect((await get({ authorization: owner.token })).status).toBe(200);
      expect((await get({ 'x-admin-token': ex.adminToken })).status).toBe(200);
    }
  });
});
