import { createHash } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  copyFileSync,
  existsSync,
  mkdtempSync,
  openSync,
  readSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { openReplica, type Replica } from '../app.js';
import { loadConfig } from '../config.js';
import type { Db } from '../db/connect.js';
import { checkJournal, type JournalCheck } from './journal-check.js';

/** A checkpoint of the books: a SQLite file holding what the journal had made up to a command. */
export interface Checkpoint {
  path: string;
  /** The journal's last command it holds. */
  lastCommand: number;
  /** Of the file's bytes: record it where the database's operators cannot change it, and compare. */
  sha256: string;
}

export interface ScratchCheck extends JournalCheck {
  /** The checkpoint the replay started from; none when it started from the first command. */
  from?: Checkpoint;
  /** The checkpoint written after the books were found equal, when one was asked for. */
  written?: Checkpoint;
}

/**
 * `npm run audit -- --journal`: the source's journal replayed onto a scratch SQLite copy of the
 * exchange (no demo, chain, bus or HTTP, no foreign keys, no timers) and every journaled table
 * compared. Whatever the source's database, the scratch one is SQLite: the rules are the same code
 * on both.
 *
 * With `checkpointPath` (docs/cluster.md, "Checkpoints"): when that file exists, the replay starts
 * from it, after its last command, instead of from the first; when the books are found equal, the
 * scratch database, now holding the journal up to the snapshot's last command, is written there as
 * the next checkpoint. A checkpoint is only ever written by a replay that matched the database, so
 * each one is the journal's own work, checked, and not a copy of the tables it is checked against.
 */
export async function replayOnScratch(source: Db, checkpointPath?: string): Promise<ScratchCheck> {
  const dir = mkdtempSync(join(tmpdir(), 'oex-journal-'));
  const file = join(dir, 'replay.db');
  try {
    const fromFile = checkpointPath !== undefined && existsSync(checkpointPath);
    if (fromFile) copyFileSync(checkpointPath, file);
    const replica = await openScratchReplica(file, dir);
    try {
      const from: Checkpoint | undefined = fromFile
        ? {
            path: checkpointPath,
            lastCommand: await lastCommandOf(replica.db),
            sha256: sha256Of(checkpointPath),
          }
        : undefined;
      const check = await checkJournal(source, replica, from?.lastCommand ?? 0);
      if (!checkpointPath || check.differences.length > 0) return { ...check, from };
      return { ...check, from, written: await writeCheckpoint(replica.db, checkpointPath) };
    } finally {
      await replica.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The exchange as a replica (app.ts, `openReplica`) on the SQLite file `file`, with nothing of a
 * server's: no demo, chain, bus or web app (`dir` is a scratch folder). Rows made outside the
 * sequencer (users, uploads, deposits seen on chain) are not copied: a command never reads the
 * database, only their ids, which the foreign keys would check, so they are off.
 */
export async function openScratchReplica(file: string, dir: string): Promise<Replica> {
  const replica = await openReplica(
    loadConfig(
      {},
      {
        databaseUrl: `sqlite:${file}`,
        demo: false,
        marketMaker: false,
        marketBot: false,
        natsUrl: undefined,
        evmRpcUrl: undefined,
        bitcoinRpcUrl: undefined,
        host: '127.0.0.1',
        logLevel: 'silent',
        webDist: join(dir, 'no-web-app'),
      },
    ),
  );
  await sql`PRAGMA foreign_keys = OFF`.execute(replica.db.kysely);
  return replica;
}

async function lastCommandOf(db: Db): Promise<number> {
  const last = await db.kysely
    .selectFrom('command_journal')
    .select((eb) => eb.fn.max<number>('id').as('id'))
    .executeTakeFirstOrThrow();
  return Number(last.id ?? 0);
}

/** The replica's database, compacted into a file beside `path` and then put in its place whole. */
async function writeCheckpoint(db: Db, path: string): Promise<Checkpoint> {
  const next = `${path}.${process.pid}.tmp`;
  rmSync(next, { force: true });
  await sql`VACUUM INTO ${next}`.execute(db.kysely);
  // Every balance and order is in it: readable by its owner only, as the database is.
  chmodSync(next, 0o600);
  renameSync(next, path);
  return { path, lastCommand: await lastCommandOf(db), sha256: sha256Of(path) };
}

/** Read a mebibyte at a time: a checkpoint holds every journaled table and can be large. */
function sha256Of(path: string): string {
  const hash = createHash('sha256');
  const chunk = Buffer.alloc(1 << 20);
  const fd = openSync(path, 'r');
  try {
    for (let read = readSync(fd, chunk); read > 0; read = readSync(fd, chunk))
      hash.update(chunk.subarray(0, read));
  } finally {
    closeSync(fd);
  }
  return hash.digest('hex');
}
