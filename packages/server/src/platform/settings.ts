import { DEFAULT_HOME_COINS } from '@oex/protocol';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** Defaults of every setting; the database row wins when present. */
export const SETTING_DEFAULTS = {
  site_name: 'Open Exchange',
  login_use_sms: '0',
  register_require_invite: '1',
  contact_mobile: '',
  contact_email: '',
  /** Base codes of the home page's market table, in the USDT group (docs/market-data.md). */
  home_coins: DEFAULT_HOME_COINS,
  /**
   * The order form warns when a limit price is more than this percent through the best opposite
   * price (a buy above the best ask, a sell below the best bid): usually a typo.
   */
  price_warning_percent: '10',
  /** Days the mark-price tape is kept: at least as long as a contract settled on it can be disputed. */
  mark_price_retention_days: '90',
  /** Withdrawals worth more than this many USD wait for an operator's approval. */
  withdraw_review_usd: '10000',
  /** Announced deposits (wallet/createPayOrder) one user may have waiting at once. */
  pay_orders_waiting_max: '20',
  /** 1: withdrawals go only to an address bound in the address book (bindAddr). */
  withdraw_require_bound_address: '0',
  /** Seconds contracts' fee, a fraction of the stake paid on top of it (0.001 is 0.1 %). */
  micro_trade_fee: '0.001',
  /** Leveraged positions of a currency are liquidated when their hazard rate (%) falls to this. */
  lever_liquidation_rate: '20',
  /** When the overnight fee is charged each day, HH:MM in EXCHANGE_TZ. */
  lever_overnight_time: '00:00',
  /** When each day's savings interest is paid, HH:MM in EXCHANGE_TZ; a holding keeps the time it was bought with. */
  earn_interest_time: '00:00',
  /** Fiat P2P desk: minutes a buyer has to mark an order paid before it is cancelled. */
  p2p_pay_minutes: '15',
  /** Minutes a seller has to confirm a paid order before it shows "confirmation postponed". */
  p2p_confirm_minutes: '30',
  /** Minutes after postponement an order completes by itself; 0 = off (the default: it releases coin without the seller). */
  p2p_auto_confirm_minutes: '0',
  /** Where operator sessions may come from: addresses or IPv4 CIDRs, comma-separated; empty = any. */
  admin_allowed_ips: '',
  /** When each day's proof-of-liabilities snapshot is taken, HH:MM in EXCHANGE_TZ. */
  transparency_time: '00:05',
} as const;
export type SettingKey = keyof typeof SETTING_DEFAULTS;

export class Settings {
  constructor(private readonly db: Kysely<Database>) {}

  async get(key: SettingKey): Promise<string> {
    const row = await this.db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', key)
      .executeTakeFirst();
    return row?.value ?? SETTING_DEFAULTS[key];
  }

  async isOn(key: SettingKey): Promise<boolean> {
    return (await this.get(key)) === '1';
  }

  async set(key: SettingKey, value: string): Promise<void> {
    await this.db
      .insertInto('settings')
      .values({ key, value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute();
  }
}
