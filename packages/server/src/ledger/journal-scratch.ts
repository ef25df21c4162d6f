import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { startExchange } from '../app.js';
import { loadConfig } from '../config.js';
import type { Db } from '../db/connect.js';
import { checkJournal, type JournalCheck } from './journal-check.js';

/**
 * `npm run audit -- --journal`: an exchange of its own on a scratch SQLite file (no demo, no chain,
 * no bus, no foreign keys), the source's journal replayed onto it and every journaled table compared. Whatever the
 * source's database, the scratch one is SQLite: the rules are the same code on both.
 */
export async function replayOnScratch(source: Db): Promise<JournalCheck> {
  const dir = mkdtempSync(join(tmpdir(), 'oex-journal-'));
  try {
    const scratch = await startExchange(
      loadConfig(
        {},
        {
          databaseUrl: `sqlite:${join(dir, 'replay.db')}`,
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
      { port: 0 },
    );
    try {
      // Rows made outside the sequencer (users, uploads, deposits seen on chain) are not copied:
      // a command never reads the database, only their ids, which the keys would check.
      await sql`PRAGMA foreign_keys = OFF`.execute(scratch.db.kysely);
      return await checkJournal(source, scratch);
    } finally {
      await scratch.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
