import { Decimal } from '@oex/protocol';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Settings } from '../platform/settings.js';
import type { Database } from '../db/schema.js';
import type { CurrencyDirectory } from '../ledger/currencies.js';
import type { Sequencer } from '../ledger/sequencer.js';
import type { Clock } from '../lib/clock.js';
import { PollingTask } from '../lib/poller.js';
import { EarnService, readProductsFile, seedProducts } from './service.js';

/** How often due interest is looked for; each day is paid as of its own instant, whenever found. */
const PAY_INTERVAL_MS = 1000;

/** Pays due interest days, on start and then every second: restart-safe by construction. */
export class InterestPayer extends PollingTask {
  constructor(
    private readonly earn: EarnService,
    private readonly log: Logger,
  ) {
    super();
  }

  run(): void {
    this.start(PAY_INTERVAL_MS);
  }

  protected async pass(): Promise<void> {
    const { unpaid } = await this.earn.payDue();
    // Never skipped: the interest account is short, the day stays due and is paid once funded.
    if (unpaid > 0)
      this.log.error({ unpaid }, 'earn: interest days due that the interest account cannot pay');
  }

  protected failed(error: unknown): void {
    this.log.error({ err: error }, 'earn: paying interest failed');
  }
}

export interface Earn {
  service: EarnService;
  payer: InterestPayer;
}

/** Savings: products seeded, holdings loaded, interest paid on start for every day missed. */
export async function openEarn(deps: {
  db: Kysely<Database>;
  sequencer: Sequencer;
  currencies: CurrencyDirectory;
  settings: Settings;
  clock: Clock;
  timeZone: string;
  demo: boolean;
  log: Logger;
}): Promise<Earn> {
  await seedProducts(deps.db, deps.currencies, deps.clock.now());
  const service = await EarnService.load(deps);
  if (deps.demo) await fundDemoReserve(service);
  const payer = new InterestPayer(service, deps.log);
  await payer.tick();
  return { service, payer };
}

/** The demo's interest account gets the data file's funding once, in the open, like any operator's. */
async function fundDemoReserve(service: EarnService): Promise<void> {
  for (const [code, amount] of Object.entries(readProductsFile().demo_interest_funding)) {
    const reserve = service.reserves().find((row) => row.currency_code === code);
    if (reserve && Decimal.parse(reserve.balance).isZero() && Decimal.parse(reserve.promised).isZero())
      await service.fund(code, amount);
  }
}
