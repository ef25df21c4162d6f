import { Decimal, type Quotation } from '@oex/protocol';
import type { Kysely } from 'kysely';
import type { Settings } from '../platform/settings.js';
import type { Database } from '../db/schema.js';
import type { CurrencyDirectory } from '../ledger/currencies.js';
import type { Sequencer } from '../ledger/sequencer.js';
import type { Clock } from '../lib/clock.js';
import type { MarkTape } from '../market/mark-tape.js';
import type { Market, MarketDirectory } from '../market/markets.js';
import type { UsersService } from '../users/service.js';
import { LeverRisk } from './risk.js';
import { LeverService } from './service.js';
import { LeverTermsReader, readLeverOptions, seedLeverTerms } from './terms.js';

export interface Lever {
  service: LeverService;
  risk: LeverRisk;
  /** The markets' leverage terms (a scheduled change makes it read them again at once). */
  terms: LeverTermsReader;
}

const FUNDED_MARK = 'demo_lever_funded';

/** Leveraged contracts: terms seeded, live positions loaded, the risk engine on the tape's ticks. */
export async function openLever(deps: {
  db: Kysely<Database>;
  sequencer: Sequencer;
  tape: MarkTape;
  markets: MarketDirectory;
  currencies: CurrencyDirectory;
  users: UsersService;
  settings: Settings;
  clock: Clock;
  timeZone: string;
  demo: boolean;
  quotation(market: Market): Quotation;
}): Promise<Lever> {
  await seedLeverTerms(deps.db);
  const terms = new LeverTermsReader(deps.db, () => deps.clock.now());
  const service = await LeverService.load({ ...deps, terms });
  if (deps.demo && deps.sequencer.leading) await fundDemo(deps);
  const risk = new LeverRisk(
    service,
    deps.sequencer,
    deps.tape,
    deps.settings,
    deps.currencies,
    deps.timeZone,
  );
  risk.attach();
  return { service, risk, terms };
}

/** The demo's lever pool and insurance get the data file's funding once, in the open. */
async function fundDemo(deps: {
  db: Kysely<Database>;
  sequencer: Sequencer;
  currencies: CurrencyDirectory;
}): Promise<void> {
  const done = await deps.db
    .selectFrom('settings')
    .select('key')
    .where('key', '=', FUNDED_MARK)
    .executeTakeFirst();
  if (done) return;
  const options = readLeverOptions();
  const funds = (system: 'lever_pool' | 'insurance', amounts: Record<string, string>) =>
    Object.entries(amounts).map(([code, amount]) => ({
      system,
      currencyId: deps.currencies.byCode(code).id,
      amount: Decimal.parse(amount),
    }));
  await deps.sequencer.dispatch('lever.fund', {
    funds: [
      ...funds('lever_pool', options.demo_pool_funding),
      ...funds('insurance', options.demo_insurance_funding),
    ],
    mark: FUNDED_MARK,
  });
}
