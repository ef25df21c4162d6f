import { AccountTypeId, Decimal, type DemoInfo } from '@oex/protocol';
import type { CurrencyDirectory } from '../ledger/currencies.js';
import type { LedgerService } from '../ledger/service.js';
import { loadDemoNews } from './news.js';
import type { Clock } from '../lib/clock.js';
import { randomCode } from '../lib/secrets.js';
import type { UsersService } from '../users/service.js';
import type { Db } from '../db/connect.js';
import { moveSequence } from '../db/seed/index.js';

const SEED_MARK = 'seed.demo';
const DAY_MS = 24 * 60 * 60 * 1000;

/** The demo accounts the README lists and the login page offers. */
export const DEMO: DemoInfo & { marketMaker: string; marketTaker: string } = {
  invite_code: 'DEMO2026',
  users: [
    { account: 'alice@demo.test', password: 'demo1234' },
    { account: 'bob@demo.test', password: 'demo1234' },
  ],
  marketMaker: 'market-maker@system.invalid',
  /** The second demo liquidity account: it takes the maker's quotes, so trades happen. */
  marketTaker: 'market-taker@system.invalid',
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
  await ensure(DEMO.marketTaker, randomCode(16), null, { isSystem: true });

  const news = loadDemoNews();
  const now = clock.now();
  await db.kysely.transaction().execute(async (trx) => {
    for (const article of news) {
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
        .values(
          Object.entries(article.texts).map(([lang, text]) => ({
            news_id: article.id,
            lang,
            ...text,
          })),
        )
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

const BALANCES_MARK = 'seed.balances';

/** Demo balances, credited through the sequencer like any deposit: [email, currency, amount]. */
const DEMO_CREDITS: [string, string, string][] = [
  ['alice@demo.test', 'USDT', '10000'],
  ['alice@demo.test', 'BTC', '0.5'],
  ['alice@demo.test', 'ETH', '5'],
  ['alice@demo.test', 'FAIR', '1000'],
  ['bob@demo.test', 'USDT', '10000'],
  ['bob@demo.test', 'BTC', '0.2'],
  ['bob@demo.test', 'ETH', '2'],
  ['bob@demo.test', 'TRX', '20000'],
  ['bob@demo.test', 'DOT', '300'],
  [DEMO.marketMaker, 'USDT', '10000000'],
  [DEMO.marketMaker, 'BTC', '150'],
  [DEMO.marketMaker, 'ETH', '3000'],
  [DEMO.marketMaker, 'TRX', '80000000'],
  [DEMO.marketMaker, 'DOT', '1500000'],
  [DEMO.marketMaker, 'FAIR', '5000000'],
  [DEMO.marketTaker, 'USDT', '10000000'],
  [DEMO.marketTaker, 'BTC', '150'],
  [DEMO.marketTaker, 'ETH', '3000'],
  [DEMO.marketTaker, 'TRX', '80000000'],
  [DEMO.marketTaker, 'DOT', '1500000'],
  [DEMO.marketTaker, 'FAIR', '5000000'],
];

/** Credits the demo accounts' spot balances once, in one batch with the mark that says so. */
export async function seedDemoBalances(
  db: Db,
  ledger: LedgerService,
  currencies: CurrencyDirectory,
): Promise<void> {
  const done = await db.kysely
    .selectFrom('settings')
    .select('value')
    .where('key', '=', BALANCES_MARK)
    .executeTakeFirst();
  if (done) return;
  const users = await db.kysely.selectFrom('users').select(['id', 'email']).execute();
  const idOf = new Map(users.map((user) => [user.email, user.id]));
  const credits = DEMO_CREDITS.map(([email, code, amount]) => ({
    userId: idOf.get(email)!,
    typeId: AccountTypeId.change_account,
    currencyId: currencies.byCode(code).id,
    amount: Decimal.parse(amount).toString(),
    refId: 0,
  }));
  await ledger.creditAll(credits, BALANCES_MARK);
}
