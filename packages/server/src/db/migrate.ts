import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './connect.js';
import * as platform from './migrations/001_platform.js';
import * as ledger from './migrations/002_ledger.js';
import * as spot from './migrations/003_spot.js';
import * as favorites from './migrations/004_favorites.js';
import * as sessions from './migrations/006_sessions.js';
import * as marketPrecision from './migrations/007_market_precision.js';
import * as markPrices from './migrations/008_mark_prices.js';
import * as wallet from './migrations/009_wallet.js';
import * as payOrders from './migrations/010_pay_orders.js';
import * as sweeps from './migrations/011_sweeps.js';
import * as convertRequests from './migrations/012_convert_requests.js';
import * as micro from './migrations/013_micro.js';
import * as lever from './migrations/014_lever.js';
import * as earn from './migrations/015_earn.js';
import * as personal from './migrations/016_personal.js';
import * as totp from './migrations/017_totp.js';
import * as p2p from './migrations/018_p2p.js';
import * as operators from './migrations/019_operators.js';
import * as adminUsers from './migrations/020_admin_users.js';
import * as scheduledChanges from './migrations/021_scheduled_changes.js';
import * as contentAdmin from './migrations/022_content_admin.js';
import * as transparency from './migrations/023_transparency.js';
import * as markImpact from './migrations/024_mark_impact.js';
import * as leverInsurance from './migrations/025_lever_insurance.js';
import * as spotRequestId from './migrations/026_spot_request_id.js';
import * as apiKeys from './migrations/027_api_keys.js';
import * as listenKeys from './migrations/028_listen_keys.js';
import * as commandJournal from './migrations/029_command_journal.js';
import * as journalCheckpoints from './migrations/030_journal_checkpoints.js';

/** Versioned migrations, in order. A new migration is a new entry; old ones never change. */
const MIGRATIONS = {
  '001_platform': platform,
  '002_ledger': ledger,
  '003_spot': spot,
  '004_favorites': favorites,
  '006_sessions': sessions,
  '007_market_precision': marketPrecision,
  '008_mark_prices': markPrices,
  '009_wallet': wallet,
  '010_pay_orders': payOrders,
  '011_sweeps': sweeps,
  '012_convert_requests': convertRequests,
  '013_micro': micro,
  '014_lever': lever,
  '015_earn': earn,
  '016_personal': personal,
  '017_totp': totp,
  '018_p2p': p2p,
  '019_operators': operators,
  '020_admin_users': adminUsers,
  '021_scheduled_changes': scheduledChanges,
  '022_content_admin': contentAdmin,
  '023_transparency': transparency,
  '024_mark_impact': markImpact,
  '025_lever_insurance': leverInsurance,
  '026_spot_request_id': spotRequestId,
  '027_api_keys': apiKeys,
  '028_listen_keys': listenKeys,
  '029_command_journal': commandJournal,
  '030_journal_checkpoints': journalCheckpoints,
};

class CodeMigrationProvider implements MigrationProvider {
  constructor(private readonly db: Db) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    return Object.fromEntries(
      Object.entries(MIGRATIONS).map(([name, module]) => [
        name,
        { up: (kysely) => module.up(kysely, this.db.dialect) },
      ]),
    );
  }
}

export async function migrate(db: Db): Promise<void> {
  const migrator = new Migrator({ db: db.kysely, provider: new CodeMigrationProvider(db) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
