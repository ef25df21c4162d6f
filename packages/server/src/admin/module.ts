import type { Kysely } from 'kysely';
import type { Settings } from '../platform/settings.js';
import type { Database } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { OperatorLog } from './operator-log.js';
import { Operators } from './operators.js';

export interface Admin {
  operators: Operators;
  log: OperatorLog;
}

/** Operators and the operator log: opened with the core, so the command-line tools have them too. */
export function openAdmin(deps: {
  db: Kysely<Database>;
  clock: Clock;
  settings: Settings;
  sealKey: string | undefined;
}): Admin {
  return {
    operators: new Operators({
      db: deps.db,
      clock: deps.clock,
      sealKey: deps.sealKey,
      allowedAddresses: () => deps.settings.get('admin_allowed_ips'),
    }),
    log: new OperatorLog(deps.db, deps.clock),
  };
}
