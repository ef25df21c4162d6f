import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FencedOut, LeaderLease } from '../src/cluster/lease.js';
import { connect, type Db } from '../src/db/connect.js';
import { freshDatabase } from './helpers/exchange.js';

const quiet = { info: () => {}, warn: () => {} };
const settingRows = (db: Db, key: string) =>
  db.kysely.selectFrom('settings').select('value').where('key', '=', key).execute();
const writeSetting = (key: string) =>
  CompiledQuery.raw(`insert into settings (key, value) values ($1, 'x')`, [key]);

// The lease is PostgreSQL's (SQLite has one writer by its lock file): this file runs in the
// PostgreSQL suite only.
describe.skipIf(!process.env.TEST_PG_URL)('the leader lease (PostgreSQL)', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  const opened: Db[] = [];
  const open = () => {
    const db = connect(database.url);
    opened.push(db);
    return db;
  };
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(async () => {
    for (const db of opened) await db.close();
    await database?.drop();
  });

  it('one leads; another waits, refuses to lead at once, and takes over when the lease is let go', async () => {
    const first = new LeaderLease(open(), 1000, quiet);
    const second = new LeaderLease(open(), 1000, quiet);
    const epoch = await first.acquire();
    await expect(second.acquire(false)).rejects.toThrow(/leads this database/);
    const waited = second.acquire();
    await new Promise((resolve) => setTimeout(resolve, 400));
    await first.release();
    const started = Date.now();
    expect(await waited).toBe(epoch + 1);
    // A let-go lease is taken at the standby's next look, not after its life.
    expect(Date.now() - started).toBeLessThan(1000);
    await second.release();
  });

  it('a leader paused past its lease and replaced commits nothing more (the fence)', async () => {
    const oldDb = open();
    const newDb = open();
    const old = new LeaderLease(oldDb, 1000, quiet);
    const lost: string[] = [];
    old.onLost((reason) => lost.push(reason));
    await old.acquire();
    await oldDb.executeBatch([writeSetting('fence-before')]);
    expect(await settingRows(oldDb, 'fence-before')).toHaveLength(1);

    // The old leader stops renewing (as a SIGSTOP would stop it) and its lease runs out. Its
    // renewal timer still runs in this process, so the row is also given to a holder that is gone:
    // a renewal between this and the successor's take finds the lease another's, and cannot
    // bring it back (on a loaded machine one did, and the successor was refused).
    const paused = new LeaderLease(open(), 1000, quiet);
    await expect(paused.acquire(false)).rejects.toThrow(/leads this database/);
    await newDb.kysely.executeQuery(
      CompiledQuery.raw(`update leader_lease set expires_at = 0, holder = 'gone:1:00000000'`),
    );
    const successor = new LeaderLease(newDb, 1000, quiet);
    const epoch = await successor.acquire(false);
    expect(epoch).toBe(old.epoch + 1);

    // Back from its pause, the old leader's next batch is refused whole, inside its transaction.
    await expect(oldDb.executeBatch([writeSetting('fence-after')])).rejects.toBeInstanceOf(FencedOut);
    expect(await settingRows(newDb, 'fence-after')).toHaveLength(0);
    expect(lost).toHaveLength(1);
    // The successor writes as usual.
    await newDb.executeBatch([writeSetting('fence-successor')]);
    expect(await settingRows(newDb, 'fence-successor')).toHaveLength(1);
    await successor.release();
    await old.release();
  });

  it("the fence looks at the holder and epoch only: an expired lease no one took still commits; another failure is not the fence's", async () => {
    const db = open();
    const lease = new LeaderLease(db, 1000, quiet);
    const lost: string[] = [];
    lease.onLost((reason) => lost.push(reason));
    await lease.acquire(false);
    const other = open();
    await other.kysely.executeQuery(CompiledQuery.raw(`update leader_lease set expires_at = 0`));
    await db.executeBatch([writeSetting('expired-unreplaced')]);
    expect(await settingRows(db, 'expired-unreplaced')).toHaveLength(1);
    // A failing statement of the batch is thrown as it came, and the lead is kept.
    await expect(db.executeBatch([CompiledQuery.raw(`select 1 / 0`)])).rejects.toThrow(/division by zero/);
    expect(lost).toEqual([]);
    // Taken over and taken back by the same holder: a batch of the old epoch may not commit.
    await other.kysely.executeQuery(CompiledQuery.raw(`update leader_lease set epoch = epoch + 2`));
    await expect(db.executeBatch([writeSetting('old-epoch')])).rejects.toBeInstanceOf(FencedOut);
    expect(await settingRows(other, 'old-epoch')).toHaveLength(0);
    expect(lost).toEqual([`the lease is now epoch ${lease.epoch + 2} of ${lease.holder}`]);
    await lease.release();
  });

  it('a takeover waits for a batch already committing, which then stands', async () => {
    const leaderDb = open();
    const leader = new LeaderLease(leaderDb, 1000, quiet);
    await leader.acquire(false);
    // The leader's batch holds the lease row (for share) while its statements run.
    const slowBatch = leaderDb.executeBatch([
      writeSetting('committing'),
      CompiledQuery.raw(`select pg_sleep(0.3)`),
    ]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    // What a takeover writes to the row waits until that batch is committed.
    const started = Date.now();
    await open().kysely.executeQuery(
      CompiledQuery.raw(`update leader_lease set epoch = epoch + 1, holder = 'successor'`),
    );
    expect(Date.now() - started).toBeGreaterThan(150);
    await slowBatch;
    expect(await settingRows(leaderDb, 'committing')).toHaveLength(1);
    // And the replaced leader's next batch is refused.
    await expect(leaderDb.executeBatch([writeSetting('late')])).rejects.toBeInstanceOf(FencedOut);
    await leader.release();
  });
});
