import { Decimal } from '@oex/protocol';
import type { Kysely } from 'kysely';
import type { Settings } from '../platform/settings.js';
import type { Database } from '../db/schema.js';
import type { CurrencyDirectory } from '../ledger/currencies.js';
import type { Sequencer } from '../ledger/sequencer.js';
import type { Clock } from '../lib/clock.js';
import type { MarkTape } from '../market/mark-tape.js';
import type { MarketDirectory } from '../market/markets.js';
import { MicroService } from './service.js';
import { MicroSettler } from './settler.js';
import { readOptionsFile, seedTerms, TermsReader } from './terms.js';

export interface Micro {
  service: MicroService;
  settler: MicroSettler;
  /** The terms on offer (a scheduled change makes it read them again at once). */
  terms: TermsReader;
}

/** Seconds contracts: terms seeded, open orders loaded, settlement attached to the tape's ticks. */
export async function openMicro(deps: {
  db: Kysely<Database>;
  sequencer: Sequencer;
  tape: MarkTape;
  markets: MarketDirectory;
  currencies: CurrencyDirectory;
  settings: Settings;
  clock: Clock;
  demo: boolean;
}): Promise<Micro> {
  await seedTerms(deps.db);
  const terms = new TermsReader(deps.db, deps.settings, () => deps.clock.now());
  const service = await MicroService.load({ ...deps, terms });
  if (deps.demo && deps.sequencer.leading) await fundDemoPool(service, deps.currencies);
  const settler = new MicroSettler(service, deps.sequencer, deps.tape);
  settler.attach();
  return { service, settler, terms };
}

/** The demo's pool gets the data file's funding once, in the open, like any operator's. */
async function fundDemoPool(service: MicroService, currencies: CurrencyDirectory): Promise<void> {
  for (const [code, amount] of Object.entries(readOptionsFile().demo_pool_funding)) {
    const currency = currencies.byCode(code);
    if (service.open.totalsOf(currency.id).funded.isZero())
      await service.fund(code, Decimal.parse(amount).toString());
  }
}
