import type { DemoInfo } from '@oex/protocol';
import { DEMO_NEWS } from '../../content/demo-news.js';
import type { Clock } from '../../lib/clock.js';
import { randomCode } from '../../lib/secrets.js';
import type { UsersService } from '../../users/service.js';
import type { Db } from '../connect.js';
import { moveSequence } from './index.js';

const SEED_MARK = 'seed.demo';
const DAY_MS = 24 * 60 * 60 * 1000;

/** The demo accounts the README lists and the login page offers. */
export const DEMO: DemoInfo & { marketMaker: string } = {
  invite_code: 'DEMO2026',
  users: [
    { account: 'alice@demo.test', password: 'demo1234' },
    { account: 'bob@demo.test', password: 'demo1234' },
  ],
  marketMaker: 'market-maker@system.invalid',
};

/** Demo users (alice owns the demo invite code), the market-maker account and the articles. */
export async function seedDemo(db: Db, users: UsersService, clock: Clock): Promise<void> {
  const done = await db.kysely
    .selectFrom('settings')
    .select('value')
    .where('key', '=', SEED_MARK)
    .executeTakeFirst();
  if (done) return;
  const [alice, bob] = DEMO.users;
  const ensure = async (email: string, password: string, inviterId: number | null, options = {}) =>
    (await users.findByIdentity({ kind: 'email', email }))?.id ??
    users.createUser({ kind: 'email', email }, password, inviterId, options);
  const aliceId = await ensure(alice!.account, alice!.password, null, { inviteCode: DEMO.invite_code });
  await ensure(bob!.account, bob!.password, aliceId);
  // Nobody signs in as the market maker: its password is random and thrown away.
  await ensure(DEMO.marketMaker, randomCode(16), null, { isSystem: true });

  const now = clock.now();
  await db.kysely.transaction().execute(async (trx) => {
    for (const article of DEMO_NEWS) {
      await trx
        .insertInto('news')
        .values({
          id: article.id,
          category_id: article.category_id,
          banner: article.banner,
          sort: article.sort,
          created_at: now - article.days_ago * DAY_MS,
        })
        .execute();
      await trx
        .insertInto('news_texts')
        .values(Object.entries(article.texts).map(([lang, text]) => ({ news_id: article.id, lang, ...text })))
        .execute();
    }
    await trx
      .insertInto('settings')
      .values([
        { key: 'contact_email', value: 'support@demo.test' },
        { key: 'contact_mobile', value: '+1 555 0100' },
        { key: SEED_MARK, value: '1' },
      ])
      .execute();
  });
  await moveSequence(db, 'news');
}
