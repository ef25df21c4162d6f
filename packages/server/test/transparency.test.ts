import {
  Decimal,
  LANGS,
  verifyProofView,
  verifyUserProof,
  type EarnProductView,
  type LiabilityProofView,
  type LiabilitySnapshotView,
  type NewsItem,
  type Paged,
  type TransparencyView,
} from '@oex/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../src/ledger/audit.js';
import { paddedSize, PIECES } from '../src/transparency/rules.js';
import { startTestExchange, type TestExchange } from './helpers/exchange.js';
import { BTC, LEVER, SPOT, USDT } from './helpers/ledger.js';
import { operatorSession, type OperatorSession } from './helpers/operators.js';
import { signUp } from './helpers/users.js';

const FINANCIAL = 5;
const DAY = 86_400_000;
const NOTICE_CATEGORY = 22;

let ex: TestExchange;
let finance: OperatorSession;
let alice: { id: number; token: string };
let bob: { id: number; token: string };

beforeAll(async () => {
  ex = await startTestExchange();
  finance = await operatorSession(ex, 'finance');
  alice = await signUp(ex.api);
  bob = await signUp(ex.api);
  // Balances over several account types, and a locked one: a savings principal is held locked.
  await ex.ledger.credit(alice.id, SPOT, USDT, '100.5');
  await ex.ledger.credit(alice.id, LEVER, USDT, '3.25');
  await ex.ledger.credit(alice.id, SPOT, BTC, '0.125');
  await ex.ledger.credit(bob.id, FINANCIAL, USDT, '1000');
  const products = await ex.api.get<EarnProductView[]>('ieo/list', { limit: 30 });
  const usdt30 = products.body.data!.find((p) => p.currency_code === 'USDT' && p.days === 30)!;
  const bought = await ex.api.post('ieo/addIeo', { id: usdt30.id, number: '400' }, { token: bob.token });
  expect(bought.body.code, bought.body.msg).toBe(1);
});
afterAll(async () => ex?.stop());

const overview = async () => {
  const answer = await ex.api.get<TransparencyView>('transparency');
  expect(answer.body.code, answer.body.msg).toBe(1);
  return answer.body.data!;
};
const proof = (token: string, currency: string, query: Record<string, unknown> = {}) =>
  ex.api.get<LiabilityProofView>('transparency/proof', { currency, ...query }, { token });
const takeSnapshot = async () => {
  const answer = await ex.api.post<LiabilitySnapshotView[]>(
    'admin/transparency/snapshot',
    {},
    { headers: finance.headers },
  );
  expect(answer.body.code, answer.body.msg).toBe(1);
  return answer.body.data!;
};
const snapshotCount = async () =>
  Number(
    (
      await ex.db.kysely
        .selectFrom('liability_snapshots')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** What users hold per currency, summed straight from the accounts table. */
async function userTotals(): Promise<Map<number, { total: Decimal; holders: number }>> {
  const rows = await ex.db.kysely
    .selectFrom('accounts')
    .select(['user_id', 'currency_id', 'balance', 'lock_balance'])
    .where('user_id', 'is not', null)
    .execute();
  const perUser = new Map<string, Decimal>();
  for (const row of rows) {
    const key = `${row.currency_id}:${row.user_id}`;
    const held = Decimal.parse(String(row.balance)).add(Decimal.parse(String(row.lock_balance)));
    perUser.set(key, (perUser.get(key) ?? Decimal.ZERO).add(held));
  }
  const totals = new Map<number, { total: Decimal; holders: number }>();
  for (const [key, held] of perUser) {
    if (held.isZero()) continue;
    const currencyId = Number(key.split(':')[0]);
    const entry = totals.get(currencyId) ?? { total: Decimal.ZERO, holders: 0 };
    totals.set(currencyId, { total: entry.total.add(held), holders: entry.holders + 1 });
  }
  return totals;
}

describe('the public overview', () => {
  it('answers a visitor: a new exchange took its first snapshot when it first started; chain holdings unknown', async () => {
    const view = await overview();
    expect(view.snapshots.length).toBe(ex.currencies.all().length);
    for (const snapshot of view.snapshots) {
      // On demand (no day), over the liquidity accounts' balances: a power of two of leaves, or none.
      expect(snapshot.day).toBeNull();
      expect(snapshot.leaf_count & (snapshot.leaf_count - 1)).toBe(0);
    }
    expect(view.holdings.length).toBeGreaterThan(0);
    // No chain is connected in this test: the holdings are unknown, never a made-up number.
    for (const holding of view.holdings) {
      expect(holding.on_chain).toBeNull();
      expect(holding.networks.some((network) => !network.available)).toBe(true);
    }
  });

  it('is documented in OpenAPI with summaries', async () => {
    const doc = (await (await fetch(`${ex.url}/api/docs/json`)).json()) as {
      paths: Record<string, Record<string, { summary?: string; parameters?: { name: string }[] }>>;
    };
    expect(doc.paths['/api/transparency']!.get!.summary).toMatch(/Merkle-sum/);
    const proofCall = doc.paths['/api/transparency/proof']!.get!;
    expect(proofCall.summary).toMatch(/Your own leaf/);
    expect(proofCall.parameters!.map((p) => p.name)).toEqual(['currency']);
    expect(doc.paths['/api/admin/transparency/snapshot']!.post!.summary).toBeDefined();
  });

  it('a visitor and a signed-in user without the role cannot take a snapshot', async () => {
    const viewer = await operatorSession(ex, 'viewer');
    const before = await snapshotCount();
    const refused = await ex.api.post('admin/transparency/snapshot', {}, { headers: viewer.headers });
    expect(refused.status).toBe(403);
    const visitor = await ex.api.post('admin/transparency/snapshot', {});
    expect(visitor.status).toBe(401);
    const user = await ex.api.post('admin/transparency/snapshot', {}, { token: alice.token });
    expect(user.status).toBe(401);
    expect(await snapshotCount()).toBe(before);
  });
});

describe('a snapshot', () => {
  let taken: LiabilitySnapshotView[];
  beforeAll(async () => {
    taken = await takeSnapshot();
  });

  it('totals every user balance of each currency, all account types, locked included', async () => {
    const totals = await userTotals();
    const audit = await auditLedger(ex.db.kysely);
    expect(taken.length).toBe(ex.currencies.all().length);
    for (const snapshot of taken) {
      const expected = totals.get(snapshot.currency_id) ?? { total: Decimal.ZERO, holders: 0 };
      expect(snapshot.total, snapshot.currency).toBe(expected.total.toString());
      // Each holder's balance in PIECES leaves, padded with zero leaves to a power of two.
      expect(snapshot.leaf_count, snapshot.currency).toBe(
        expected.holders === 0 ? 0 : paddedSize(expected.holders * PIECES),
      );
      // The same figure as the ledger audit's "users hold".
      const audited = audit.currencies.find((c) => c.currencyId === snapshot.currency_id);
      expect(snapshot.total).toBe(audited ? audited.users : '0');
      expect(snapshot.day).toBeNull();
      expect(snapshot.root_hash).toMatch(/^[0-9a-f]{64}$/);
    }
    // Every currency was read at the same instant.
    expect(new Set(taken.map((s) => s.taken_at)).size).toBe(1);
    const published = await overview();
    expect(published.snapshots.map((s) => s.id).sort()).toEqual(taken.map((s) => s.id).sort());
  });

  it('gives each user their own proof, which the protocol verifier accepts', async () => {
    const published = await overview();
    const usdt = published.snapshots.find((s) => s.currency === 'USDT')!;
    const own = await proof(alice.token, 'usdt');
    expect(own.body.code, own.body.msg).toBe(1);
    const answer = own.body.data!;
    expect(answer).toMatchObject({ user_id: alice.id, balance: '103.75' });
    expect(answer.leaves).toHaveLength(PIECES);
    for (const leaf of answer.leaves) {
      expect(leaf.user_id).toBe(alice.id);
      expect(leaf.salt).toMatch(/^[0-9a-f]{64}$/);
    }
    const sum = answer.leaves.reduce((total, leaf) => total.add(Decimal.parse(leaf.balance)), Decimal.ZERO);
    expect(sum.toString()).toBe('103.75');
    expect(answer.root_hash).toBe(usdt.root_hash);
    expect(verifyProofView(answer).ok).toBe(true);
    // Checked against the root on the public overview, as the page does.
    expect(verifyUserProof(answer, usdt)).toMatchObject({ ok: true, sum: '103.75' });

    // Bob's locked savings principal counts: 600 available + 400 locked.
    const bobs = await proof(bob.token, 'USDT', { user_id: alice.id });
    expect(bobs.body.data!).toMatchObject({ user_id: bob.id, balance: '1000' });
    expect(bobs.body.data!.leaves.every((leaf) => leaf.user_id === bob.id)).toBe(true);
    expect(verifyProofView(bobs.body.data!).ok).toBe(true);

    // No sibling on anyone's path is another user's exact balance: Alice's paths never show
    // Bob's 1000, nor Bob's hers, nor does any leaf of theirs.
    const siblings = (view: LiabilityProofView) =>
      view.leaves.flatMap((leaf) => [leaf.balance, ...leaf.path.map((step) => step.sum)]);
    expect(siblings(answer)).not.toContain('1000');
    expect(siblings(bobs.body.data!)).not.toContain('103.75');
    expect(answer.leaves.map((leaf) => leaf.balance)).not.toContain('103.75');

    const btc = await proof(alice.token, 'BTC');
    expect(btc.body.data!.balance).toBe('0.125');
    expect(verifyProofView(btc.body.data!).ok).toBe(true);
  });

  it('says plainly when the caller had no balance, and refuses a visitor with 999', async () => {
    const none = await proof(bob.token, 'BTC');
    expect(none.body.code).toBe(0);
    expect(none.body.msg).toBe('You held no BTC in the latest snapshot, so it has no leaf of yours');
    const unknown = await proof(bob.token, 'NOPE');
    expect(unknown.body.code).toBe(0);
    const visitor = await ex.api.get('transparency/proof', { currency: 'USDT' });
    expect(visitor.body.code).toBe(999);
    expect(visitor.body.code).toBe(999);
  });

  it('a balance changed after publication no longer verifies', async () => {
    // A fresh snapshot, then the stored leaf of Alice is raised by the smallest unit.
    const [usdt] = (await takeSnapshot()).filter((s) => s.currency === 'USDT');
    const leaf = await ex.db.kysely
      .selectFrom('liability_leaves')
      .selectAll()
      .where('snapshot_id', '=', usdt!.id)
      .where('user_id', '=', alice.id)
      .executeTakeFirstOrThrow();
    const raised = Decimal.parse(String(leaf.balance)).add(Decimal.fromUnits(1n)).toString();
    await ex.db.kysely
      .updateTable('liability_leaves')
      .set({ balance: raised })
      .where('snapshot_id', '=', usdt!.id)
      .where('idx', '=', leaf.idx)
      .execute();
    const altered = (await proof(alice.token, 'USDT')).body.data!;
    expect(altered.balance).toBe(raised);
    expect(altered.root_hash).toBe(usdt!.root_hash);
    // The published leaves no longer add up to the stored balance.
    expect(verifyProofView(altered)).toMatchObject({ ok: false, problem: 'leaf_sum' });
    expect((await proof(bob.token, 'USDT')).body.data!.root_hash).toBe(usdt!.root_hash);

    // After a restart the tree is rebuilt from the stored leaves: Bob's path now runs through the
    // changed leaf, and fails too, against the root that was published.
    ex = await ex.restart();
    finance = await operatorSession(ex, 'finance');
    const bobs = (await proof(bob.token, 'USDT')).body.data!;
    expect(verifyProofView(bobs).ok).toBe(false);
    // Put right for the tests that follow.
    await takeSnapshot();
    expect(verifyProofView((await proof(bob.token, 'USDT')).body.data!).ok).toBe(true);
  });
});

describe('the daily snapshot', () => {
  const dailyRows = (day: string) =>
    ex.db.kysely.selectFrom('liability_snapshots').selectAll().where('day', '=', day).execute();
  const notices = async (lang = 'en') =>
    (
      await ex.api.get<Paged<NewsItem>>(
        'news/list',
        { category_id: NOTICE_CATEGORY, page: 1, limit: 50 },
        { lang },
      )
    ).body.data!;

  it('is taken once a day at its time, across a restart, with a notice of the roots and the log head', async () => {
    const noticesBefore = (await notices()).total;
    // A new exchange starts its schedule with the next due time: nothing was taken at start.
    const atStart = await ex.db.kysely
      .selectFrom('liability_snapshots')
      .select('id')
      .where('day', 'is not', null)
      .execute();
    expect(atStart).toEqual([]);
    ex.clock.advance(DAY);
    await ex.transparency.daily.tick();
    const daily = await ex.db.kysely
      .selectFrom('liability_snapshots')
      .selectAll()
      .where('day', 'is not', null)
      .execute();
    expect(daily.length).toBe(ex.currencies.all().length);
    const day = daily[0]!.day!;
    expect(new Set(daily.map((row) => row.day))).toEqual(new Set([day]));
    expect(Number(daily[0]!.due_at)).toBeLessThanOrEqual(Number(daily[0]!.taken_at));
    expect(daily.every((row) => row.notice_id === daily[0]!.notice_id && row.notice_id !== null)).toBe(true);

    // The notice: every root and total, and the operator log's head at that time.
    const head = await ex.admin.log.head();
    expect(head).not.toBeNull();
    const list = await notices();
    expect(list.total).toBe(noticesBefore + 1);
    const notice = list.data.find((item) => item.id === daily[0]!.notice_id)!;
    expect(notice.title).toBe(`Proof of liabilities: ${day}`);
    for (const row of daily) {
      expect(notice.content).toContain(row.root_hash);
      // The notice may group the whole part's digits in threes (20,021,103.75).
      const [whole, fraction] = Decimal.parse(String(row.total)).toString().split('.');
      const grouped = whole!.replace(/\B(?=(\d{3})+$)/g, ',') + (fraction ? `.${fraction}` : '');
      const plain = Decimal.parse(String(row.total)).toString();
      expect([`total ${plain} `, `total ${grouped} `].some((text) => notice.content.includes(text))).toBe(
        true,
      );
    }
    expect(notice.content).toContain(head!.hash);
    const texts = await ex.db.kysely
      .selectFrom('news_texts')
      .select('lang')
      .where('news_id', '=', notice.id)
      .execute();
    expect(texts.map((t) => t.lang).sort()).toEqual([...LANGS].sort());
    const zh = (await notices('zh')).data.find((item) => item.id === notice.id)!;
    expect(zh.title).toBe(`负债证明：${day}`);

    // Again, and after a restart: still one snapshot and one notice for the day.
    await ex.transparency.daily.tick();
    ex = await ex.restart();
    finance = await operatorSession(ex, 'finance');
    await ex.transparency.daily.tick();
    expect((await dailyRows(day)).length).toBe(daily.length);
    expect((await notices()).total).toBe(noticesBefore + 1);

    // The public overview shows the daily snapshot as the latest.
    const view = await overview();
    expect(view.snapshots.every((s) => s.day === day)).toBe(true);
    expect(view.operator_log).toEqual(await ex.admin.log.head());
  });

  it('a day missed while the server was down is taken when it starts, stating its real instant', async () => {
    await ex.transparency.daily.stop();
    ex.clock.advance(DAY);
    ex = await ex.restart();
    finance = await operatorSession(ex, 'finance');
    const latest = await ex.db.kysely
      .selectFrom('liability_snapshots')
      .selectAll()
      .where('day', 'is not', null)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const rows = await dailyRows(latest.day!);
    expect(rows.length).toBe(ex.currencies.all().length);
    // Taken at start, a day after the last one: its instant is its own, its due time stated beside it.
    const takenAt = Number(latest.taken_at);
    const dueAt = Number(latest.due_at);
    expect(takenAt).toBeGreaterThanOrEqual(dueAt);
    expect(dueAt).toBeLessThanOrEqual(ex.clock.now());
    expect(ex.clock.now() - dueAt).toBeLessThan(DAY);
    const notice = (await notices()).data.find((item) => item.id === latest.notice_id)!;
    expect(notice.content.includes('the server was not running then')).toBe(takenAt - dueAt > 60_000);
  });
});
