/**
 * `npm run audit`: checks the ledger of the configured database; exits 1 naming what is off.
 * `npm run audit -- --chain` also asks the running server (which holds the chain connections)
 * whether what our addresses hold on chain covers what users hold, per currency.
 * `npm run audit -- --operator-log` also walks the operator log's hash chain, names the first
 * entry that was changed or removed, and prints the head hash (compare it with a published one).
 * `npm run audit -- --journal` also replays the command journal onto a scratch exchange and names
 * the first row of each table that differs from it. `--checkpoint FILE` (implies `--journal`) starts
 * that replay from the checkpoint in FILE, if there is one, and writes the next one there once the
 * books are found equal, recording it in the database so the journal's pruner keeps what the next
 * replay needs (docs/cluster.md, "Checkpoints").
 */
import { parseArgs } from 'node:util';
import { OperatorLog } from '../admin/operator-log.js';
import { systemClock } from '../lib/clock.js';
import { loadConfig } from '../config.js';
import { connect } from '../db/connect.js';
import { migrate } from '../db/migrate.js';
import { api, type ReplyOf } from '@oex/protocol';
import { auditLedger, formatReport } from './audit.js';
import { JournalPruned } from './journal-check.js';
import { recordCheckpoint } from './journal-retention.js';
import { replayOnScratch, type Checkpoint } from './journal-scratch.js';
import { currentWriter, lockPathFor } from './writer-lock.js';

const { values } = parseArgs({
  options: {
    chain: { type: 'boolean', default: false },
    'operator-log': { type: 'boolean', default: false },
    journal: { type: 'boolean', default: false },
    checkpoint: { type: 'string' },
  },
});
const config = loadConfig();
const db = connect(config.databaseUrl);

/**
 * Tells the exchange's journal pruner of a checkpoint written, so it keeps what a replay from it
 * needs. When the database refuses the write, it says so, and the check's result stands.
 */
async function recordWritten(written: Checkpoint): Promise<void> {
  try {
    await recordCheckpoint(db.kysely, written.lastCommand, written.sha256, systemClock.now());
  } catch (error) {
    console.log(
      `journal: the checkpoint is not recorded in the database (${(error as Error).message}): the journal's pruner (JOURNAL_KEEP_DAYS) does not keep the commands after it`,
    );
  }
}
try {
  await migrate(db);
  const report = await auditLedger(db.kysely);
  console.log(formatReport(report));
  process.exitCode = report.ok ? 0 : 1;
  if (values['operator-log']) {
    const check = await new OperatorLog(db.kysely, systemClock).verify();
    const head = check.head ? `head #${check.head.id} ${check.head.hash}` : 'empty';
    if (check.ok) {
      console.log(`operator log: ${check.entries} entries, chain intact, ${head}`);
    } else {
      console.log(`operator log: BROKEN at entry ${check.broken_at}: ${check.problem} (last good ${head})`);
      process.exitCode = 1;
    }
  }
  if (values.journal || values.checkpoint !== undefined) {
    try {
      const check = await replayOnScratch(db, values.checkpoint);
      const { from, written } = check;
      if (from)
        console.log(`journal: from the checkpoint at command ${from.lastCommand}, sha256 ${from.sha256}`);
      for (const difference of check.differences) console.log(`journal: DIFFERS: ${difference}`);
      if (check.differences.length === 0) {
        console.log(
          `journal: ${check.commands} commands replayed; every journaled table is equal to the replay`,
        );
      } else process.exitCode = 1;
      if (written) {
        console.log(
          `journal: checkpoint written at command ${written.lastCommand}, sha256 ${written.sha256}`,
        );
        await recordWritten(written);
      }
    } catch (error) {
      if (!(error instanceof JournalPruned)) throw error;
      console.log(`journal: NOT CHECKED: ${error.message}`);
      process.exitCode = 1;
    }
  }
} finally {
  await db.close();
}

if (values.chain) {
  const writer = currentWriter(lockPathFor(config.databaseUrl));
  if (!writer) {
    console.error(
      'chain check: no running exchange on this database (the server holds the chain connections)',
    );
    process.exitCode = 1;
  } else {
    const response = await fetch(`http://127.0.0.1:${writer.port}/api/${api.wallet.holdings.path}`, {
      headers: { 'x-admin-token': writer.adminToken },
    });
    const { data } = (await response.json()) as { data: ReplyOf<typeof api.wallet.holdings> };
    for (const row of data) {
      const networks = row.networks
        .map((n) =>
          n.available
            ? `${n.chain}: hot ${n.hot_wallet} + deposit addresses ${n.deposit_addresses}`
            : `${n.chain}: not connected`,
        )
        .join('; ');
      const verdict =
        row.covered === null ? 'cannot be checked whole' : row.covered ? 'covered' : 'NOT COVERED';
      console.log(
        `${row.currency}: on chain ${row.on_chain}, users hold ${row.users_balances}: ${verdict} (${networks})`,
      );
      if (row.covered === false) process.exitCode = 1;
    }
  }
}
