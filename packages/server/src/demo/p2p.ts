import { readFileSync } from 'node:fs';
import { AccountTypeId, Decimal, type BankRawData, type P2pSide } from '@oex/protocol';
import type { CurrencyDirectory } from '../ledger/currencies.js';
import type { LedgerService } from '../ledger/service.js';
import type { Clock } from '../lib/clock.js';
import { randomCode } from '../lib/secrets.js';
import type { P2pService } from '../p2p/service.js';
import type { PayMethods } from '../personal/pay-methods.js';
import type { UsersService } from '../users/service.js';
import type { Db } from '../db/connect.js';
import { serverPath } from '../lib/paths.js';

/** Set in the same batch as the merchant's balances, the last step: a restart never seeds twice. */
export const P2P_SEED_MARK = 'seed.demo_p2p';

interface DemoAd {
  side: P2pSide;
  currency: string;
  fiat: string;
  price: string;
  min_number: string;
  max_number: string;
  total: string;
}

export interface DemoP2pFile {
  merchant: { email: string; bank: BankRawData };
  credits: [string, string][];
  terms: string;
  ads: DemoAd[];
}

/** The demo merchant, its balances and its ads on both sides (p2p.json). */
export const DEMO_P2P = JSON.parse(readFileSync(serverPath('src/demo/p2p.json'), 'utf8')) as DemoP2pFile;

export interface DemoP2pDeps {
  db: Db;
  users: UsersService;
  payMethods: Pick<PayMethods, 'save'>;
  p2p: Pick<P2pService, 'saveAd' | 'myAds'>;
  ledger: LedgerService;
  currencies: CurrencyDirectory;
  clock: Clock;
}

/**
 * Demo mode only: a clearly labelled demo merchant (certified, an approved seller, a bank method)
 * with ads on both sides, so the fiat hall has something to trade on a fresh demo. Its ads are
 * saved through the desk's own calls, as a merchant's would be; its balances are credited like
 * any deposit, in one batch with the mark.
 */
export async function seedDemoP2p(deps: DemoP2pDeps, file: DemoP2pFile = DEMO_P2P): Promise<void> {
  const { db, users } = deps;
  const done = await db.kysely
    .selectFrom('settings')
    .select('value')
    .where('key', '=', P2P_SEED_MARK)
    .executeTakeFirst();
  if (done) return;
  const identity = { kind: 'email', email: file.merchant.email } as const;
  // Nobody signs in as the demo merchant: its password is random and thrown away.
  const merchantId =
    (await users.findByIdentity(identity))?.id ?? (await users.createUser(identity, randomCode(16), null));
  await db.kysely
    .updateTable('users')
    .set({ is_seller: 1, review_status: 2, updated_at: deps.clock.now() })
    .where('id', '=', merchantId)
    .execute();
  await deps.payMethods.save(merchantId, { type: 'bank', raw_data: file.merchant.bank });
  // A start that stopped after the ads but before the mark does not place them twice.
  const existing = await deps.p2p.myAds(merchantId, { page: 1, limit: 1 });
  if (existing.total === 0) {
    for (const ad of file.ads) {
      await deps.p2p.saveAd(merchantId, {
        side: ad.side,
        currency_id: deps.currencies.byCode(ad.currency).id,
        fiat: ad.fiat,
        price: ad.price,
        min_number: ad.min_number,
        max_number: ad.max_number,
        total: ad.total,
        pay_types: ['bank'],
        terms: file.terms,
      });
    }
  }
  const credits = file.credits.map(([code, amount]) => ({
    userId: merchantId,
    typeId: AccountTypeId.legal_account!,
    currencyId: deps.currencies.byCode(code).id,
    amount: Decimal.parse(amount).toString(),
    refId: 0,
  }));
  await deps.ledger.creditAll(credits, P2P_SEED_MARK);
}
