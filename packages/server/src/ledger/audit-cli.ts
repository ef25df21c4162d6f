/** `npm run audit`: checks the ledger of the configured database; exits 1 naming what is off. */
import { loadConfig } from '../config.js';
import { connect } from '../db/connect.js';
import { migrate } from '../db/migrate.js';
import { auditLedger, formatReport } from './audit.js';

const db = connect(loadConfig().databaseUrl);
try {
  await migrate(db);
  const report = await auditLedger(db.kysely);
  console.log(formatReport(report));
  process.exitCode = report.ok ? 0 : 1;
} finally {
  await db.close();
}
