import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema.js';
import { expect } from 'vitest';
import type { ApiClient } from './client.js';

export const DEMO_INVITE = 'DEMO2026';

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}${counter}.${Date.now() % 100000}@example.test`;
}

/** Registers by email with the code read from the dev mailbox, as a new user would. */
export async function registerByEmail(
  api: ApiClient,
  email: string,
  password = 'Secret-Harbor-91',
): Promise<number> {
  const sent = await api.post('notify/send_email', { to: email, type: 1 });
  expect(sent.body).toMatchObject({ code: 1 });
  const code = await api.latestCode(email);
  const registered = await api.post<{ user_id: number }>('user/register', {
    type: 'email',
    account: email,
    password,
    re_password: password,
    sms_code: code,
    invite_code: DEMO_INVITE,
  });
  expect(registered.body).toMatchObject({ code: 1 });
  return registered.body.data!.user_id;
}

export async function login(api: ApiClient, account: string, password: string): Promise<string> {
  const answer = await api.post<string>('user/login', { login_type: 'email', account, password });
  expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: 1 });
  // The spec's client stores data itself as the token.
  return answer.body.data!;
}

export async function signUp(
  api: ApiClient,
  password = 'Secret-Harbor-91',
  email = uniqueEmail(),
): Promise<{ email: string; token: string; id: number }> {
  const id = await registerByEmail(api, email, password);
  return { email, id, token: await login(api, email, password) };
}

/**
 * Users written straight into the table, who cannot sign in (no real password hash): for tests and
 * benchmarks that need many account holders, where signing up is not what is measured.
 */
export async function insertBareUsers(
  db: Kysely<Database>,
  count: number,
  prefix: string,
): Promise<number[]> {
  const now = Date.now();
  const rows = await db
    .insertInto('users')
    .values(
      Array.from({ length: count }, (_, i) => ({
        email: `${prefix}${i}@bare.test`,
        password_hash: 'not-a-hash',
        invite_code: `${prefix.toUpperCase()}${i}`,
        authorization_code: `${prefix.toUpperCase()}A${i}`,
        review_status: 0,
        is_seller: 0 as const,
        is_system: 0 as const,
        created_at: now,
        updated_at: now,
      })),
    )
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}
