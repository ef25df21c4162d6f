import type { Generated } from 'kysely';

/**
 * Table shapes. Money columns are NUMERIC(36,18) in PostgreSQL and TEXT in SQLite; both
 * arrive here as strings and are read through Decimal. Times are epoch milliseconds.
 */
type Money = string;
type Flag = 0 | 1;

export interface SettingsTable {
  key: string;
  value: string;
}

export interface AreasTable {
  id: Generated<number>;
  global_code: string;
  name: string;
  sort: number;
}

export interface UsersTable {
  id: Generated<number>;
  email: string | null;
  area_code: string | null;
  mobile: string | null;
  password_hash: string;
  pay_password_hash: string | null;
  invite_code: string;
  inviter_id: number | null;
  authorization_code: string;
  review_status: number;
  is_seller: Flag;
  is_system: Flag;
  created_at: number;
  updated_at: number;
  /** Set while an operator has frozen the account (migration 020): it cannot sign in. */
  frozen_at: Generated<number | null>;
  frozen_reason: Generated<string | null>;
}

export interface MarkPricesTable {
  currency_match_id: number;
  /** The second the row stands for, in ms. */
  time: number;
  price: Money;
  best_bid: Money | null;
  best_ask: Money | null;
  last_price: Money | null;
  last_trade_id: number | null;
  /** The impact-price rule's figures (migration 024); null on rows written before it. */
  impact_bid: Money | null;
  impact_ask: Money | null;
  trade_price: Money | null;
  sample: Money | null;
  impact_notional: Money | null;
  window_size: number | null;
  price_decimals: number | null;
  number_decimals: number | null;
  /** JSON: the window's samples, oldest first. */
  window_samples: string | null;
  /** JSON: the book levels and trades consumed (MarkInputsView). */
  inputs: string | null;
}

export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: number;
  last_seen_at: number;
  revoked_at: number | null;
  user_agent: Generated<string>;
  ip: Generated<string>;
}

export interface VerificationCodesTable {
  id: Generated<number>;
  target: string;
  type: number;
  code_hash: string;
  created_at: number;
  expires_at: number;
  attempts: number;
  used_at: number | null;
}

/** A user's TOTP enrolment (migration 017); `secret` is sealed when TOTP_SECRET_KEY is set. */
export interface UserTotpTable {
  user_id: number;
  secret: string;
  enabled_at: number | null;
  last_step: number | null;
  created_at: number;
}

export interface TotpRecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: number | null;
}

export interface LoginFailuresTable {
  id: Generated<number>;
  account_key: string;
  created_at: number;
}

export interface DevMailboxTable {
  id: Generated<number>;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  body: string;
  created_at: number;
}

export interface NewsCategoriesTable {
  id: number;
  slug: string;
  sort: number;
}

export interface NewsTable {
  id: Generated<number>;
  category_id: number;
  banner: string | null;
  sort: number;
  created_at: number;
  /** published or withdrawn (022_content_admin); an article is never deleted. */
  status: Generated<'published' | 'withdrawn'>;
  updated_at: number | null;
  updated_by: string | null;
  withdrawn_at: number | null;
  withdrawn_by: string | null;
  withdraw_reason: string | null;
}

/** Operators' images for articles: public only while a published article shows them. */
export interface ContentImagesTable {
  id: Generated<number>;
  stored_name: string;
  mime: string;
  bytes: number;
  width: number;
  height: number;
  operator: string;
  created_at: number;
}

export interface NewsImagesTable {
  news_id: number;
  image_id: number;
}

export interface NewsRevisionsTable {
  id: Generated<number>;
  news_id: number;
  at: number;
  operator: string;
  action: 'save' | 'withdraw' | 'restore';
  reason: string;
  /** JSON of the article after the change. */
  article: string;
}

export interface NewsTextsTable {
  news_id: number;
  lang: string;
  title: string;
  content: string;
}

export interface CurrenciesTable {
  id: Generated<number>;
  code: string;
  name: string;
  logo: string;
  decimals: number;
  is_quote: Flag;
  open_recharge: Flag;
  open_draw: Flag;
  draw_rate: Money;
  draw_min: Money;
  draw_max: Money;
  /** Reference USD price used until a USDT market has traded. */
  usd_price: Money;
  sort: number;
}

export interface AccountTypesTable {
  id: number;
  code: string;
  is_recharge: Flag;
  sort: number;
}

export interface CurrencyMatchesTable {
  id: Generated<number>;
  symbol: string;
  base_currency_id: number;
  quote_currency_id: number;
  open_change: Flag;
  open_lever: Flag;
  open_microtrade: Flag;
  /** Selling switched off for this market; the spec's "match 64" rule made a flag. */
  sell_disabled: Flag;
  lever_point_rate: Money;
  lever_share_num: Money;
  lever_fee_rate: Money;
  change_fee_rate: Money;
  price_decimals: number;
  number_decimals: number;
  /** The smallest quantity (base) of one order. */
  min_number: Generated<Money>;
  /** The mark price's impact notional (quote currency) and window (seconds): docs/mark-price.md. */
  mark_impact_notional: Generated<Money>;
  mark_window: Generated<number>;
  sort: number;
}

export interface AccountsTable {
  id: number;
  user_id: number | null;
  system_code: string | null;
  account_type_id: number;
  currency_id: number;
  balance: Money;
  lock_balance: Money;
  updated_at: number;
}

export interface AccountLogsTable {
  id: number;
  account_id: number;
  user_id: number | null;
  account_type_id: number;
  currency_id: number;
  change_balance: Money;
  change_lock: Money;
  balance_after: Money;
  lock_after: Money;
  type: number;
  memo: string;
  notes: string;
  ref_type: string;
  ref_id: number;
  /** JSON text. */
  extra_data: string;
  created_at: number;
}

export interface TransfersTable {
  id: number;
  user_id: number;
  currency_id: number;
  from_type_id: number;
  to_type_id: number;
  amount: Money;
  request_id: string | null;
  request_hash: string | null;
  created_at: number;
}

export interface OrdersTable {
  id: number;
  user_id: number;
  currency_match_id: number;
  /** 1 buy, 2 sell. */
  way: number;
  /** 0 limit, 1 market. */
  type: number;
  price: Money | null;
  number: Money;
  transacted_amount: Money;
  transacted_volume: Money;
  /** Funds still held for the order. */
  hold: Money;
  fee: Money;
  /** 1 open, 2 completed, 3 cancelled. */
  status: number;
  created_at: number;
  updated_at: number;
  /** The market's fee rate when the order was placed: its fills pay this, whatever comes after. */
  fee_rate: Money;
  /** The caller's id for the request that placed it, unique per user, and a hash of its terms. */
  request_id: string | null;
  request_hash: string | null;
}

export interface TradesTable {
  id: number;
  currency_match_id: number;
  price: Money;
  number: Money;
  amount: Money;
  buy_fee: Money;
  sell_fee: Money;
  buy_order_id: number;
  sell_order_id: number;
  buyer_id: number;
  seller_id: number;
  taker_way: number;
  created_at: number;
}

export interface KlinesTable {
  currency_match_id: number;
  period: string;
  time: number;
  open: Money;
  high: Money;
  low: Money;
  close: Money;
  volume: Money;
  amount: Money;
}

export interface FavoriteMarketsTable {
  user_id: number;
  currency_match_id: number;
  created_at: number;
}

export interface CurrencyProtocolsTable {
  id: Generated<number>;
  currency_id: number;
  chain: string;
  token_address: string;
  decimals: number;
  memo_required: Flag;
  confirmations_credit: number;
  confirmations_withdraw: number;
  explorer_tx_url: string;
  sort: number;
  min_deposit: Money;
  /** The network's own switches, beside the currency's (migration 021). */
  open_deposit: Generated<Flag>;
  open_withdraw: Generated<Flag>;
}

export interface DepositAddressesTable {
  id: Generated<number>;
  user_id: number;
  family: string;
  derivation_index: number;
  address: string;
  memo: string;
  created_at: number;
}

export interface ChainBlocksTable {
  protocol_id: number;
  height: number;
  hash: string;
}

export interface DepositsTable {
  id: Generated<number>;
  protocol_id: number;
  user_id: number;
  currency_id: number;
  address: string;
  tx_hash: string;
  log_index: number;
  block_number: number;
  block_hash: string;
  status: string;
  confirmations: number;
  amount: Money;
  shortfall: Money;
  created_at: number;
  updated_at: number;
}

export interface WithdrawalsTable {
  id: Generated<number>;
  user_id: number;
  currency_id: number;
  protocol_id: number;
  address: string;
  memo: string;
  amount: Money;
  fee: Money;
  received: Money;
  status: string;
  nonce: number | null;
  raw_tx: string | null;
  tx_hash: string | null;
  block_number: number | null;
  confirmations: number;
  reason: string | null;
  request_id: string | null;
  request_hash: string | null;
  created_at: number;
  updated_at: number;
}

export interface BoundAddressesTable {
  id: Generated<number>;
  user_id: number;
  currency_id: number;
  protocol_id: number;
  address: string;
  memo: string;
  notes: string;
  created_at: number;
}

export interface PayOrdersTable {
  id: Generated<number>;
  user_id: number;
  currency_id: number;
  protocol_id: number;
  address: string;
  amount: Money;
  deposit_id: number | null;
  created_at: number;
  expires_at: number;
}

export interface SweepsTable {
  id: Generated<number>;
  protocol_id: number;
  kind: string;
  from_address: string;
  to_address: string;
  units: string;
  nonce: number;
  raw_tx: string;
  tx_hash: string;
  status: string;
  created_at: number;
  updated_at: number;
}

export interface ConvertRequestsTable {
  user_id: number;
  request_id: string;
  request_hash: string;
  order_id: number;
  created_at: number;
}

export interface MicroSecondsTable {
  seconds: number;
  profit_ratio: Money;
  sort: number;
  /** 0: no longer offered (open contracts keep their terms). */
  is_open: Generated<Flag>;
}

export interface MicroCurrenciesTable {
  currency_id: number;
  /** The preset stakes, a JSON array of decimal strings. */
  numbers: string;
  min_number: Money;
  max_number: Money;
  sort: number;
}

export interface MicroOrdersTable {
  id: number;
  user_id: number;
  currency_match_id: number;
  currency_id: number;
  type: number;
  seconds: number;
  status: number;
  number: Money;
  fee: Money;
  profit_ratio: Money;
  open_price: Money;
  open_time: number;
  open_entry_time: number;
  ends_at: number;
  end_price: Money | null;
  end_entry_time: number | null;
  outcome: string | null;
  payout: Money | null;
  fact_profits: Money | null;
  created_at: number;
  settled_at: number | null;
  request_id: string | null;
  request_hash: string | null;
}

export interface MicroTotalsTable {
  currency_id: number;
  staked: Money;
  fees: Money;
  paid: Money;
  funded: Money;
}

export interface LeverMarketsTable {
  currency_match_id: number;
  multiples: string;
  min_share: number;
  max_share: number;
  overnight_rate: Money;
}

export interface LeverPositionsTable {
  id: number;
  user_id: number;
  currency_match_id: number;
  quote_currency_id: number;
  type: number;
  status: number;
  closed_type: number;
  share: number;
  multiple: number;
  number: Money;
  price: Money | null;
  target_price: Money | null;
  origin_price: Money;
  update_price: Money;
  close_price: Money | null;
  target_profit_price: Money;
  stop_loss_price: Money;
  caution_money: Money;
  origin_caution_money: Money;
  trade_fee: Money;
  overnight_money: Money;
  profits: Money | null;
  /** What the insurance account paid on the close: the loss past the user's margin and balance. */
  insurance_cover: Generated<Money>;
  created_at: number;
  opened_at: number | null;
  closed_at: number | null;
  /** The tape seconds whose marks opened and closed it (migration 024); null before. */
  open_mark_time: number | null;
  close_mark_time: number | null;
  last_overnight_at: number | null;
  request_id: string | null;
  request_hash: string | null;
  /** The spread of the close and the overnight rate in force when it was placed. */
  point_rate: Money;
  overnight_rate: Money;
}

export interface LeverOvernightTable {
  position_id: number;
  charge_time: number;
  charged: Money;
}

export interface EarnProductsTable {
  id: Generated<number>;
  names: string;
  currency_id: number;
  days: number;
  is_open: Flag;
  sale_ends_at: number | null;
  sort: number;
  created_at: number;
  rate: Money;
  min_number: Money;
  max_number: Money;
  total_quota: Money;
  sold: Money;
}

export interface EarnHoldingsTable {
  id: number;
  user_id: number;
  product_id: number;
  currency_id: number;
  days: number;
  pay_minute: number;
  /** 1 in force, 2 ended (principal released). */
  status: number;
  paid_days: number;
  bought_at: number;
  ends_at: number;
  request_id: string | null;
  request_hash: string | null;
  number: Money;
  rate: Money;
  daily_interest: Money;
  income: Money;
}

export interface P2pApplicationsTable {
  id: Generated<number>;
  user_id: number;
  /** 1 pending, 2 approved, 3 rejected. */
  status: number;
  reason: string | null;
  created_at: number;
  decided_at: number | null;
}

export interface P2pAdsTable {
  id: number;
  user_id: number;
  side: string;
  currency_id: number;
  fiat: string;
  /** A JSON array of pay method codes. */
  pay_types: string;
  terms: string;
  status: number;
  created_at: number;
  updated_at: number;
  price: Money;
  min_number: Money;
  max_number: Money;
  total: Money;
  remaining: Money;
}

export interface P2pOrdersTable {
  id: number;
  ad_id: number;
  buyer_id: number;
  seller_id: number;
  taker_id: number;
  currency_id: number;
  fiat: string;
  status: number;
  pay_deadline: number;
  confirm_deadline: number | null;
  auto_confirm_at: number | null;
  voucher: number | null;
  paid_at: number | null;
  completed_at: number | null;
  cancelled_at: number | null;
  cancelled_by: string | null;
  request_id: string | null;
  created_at: number;
  price: Money;
  number: Money;
  fiat_amount: Money;
}

export interface P2pOrderEventsTable {
  id: Generated<number>;
  order_id: number;
  status: number;
  at: number;
}

export interface P2pFreezesTable {
  user_id: number;
  reason: string;
  frozen_at: number;
}

export interface P2pAppealsTable {
  order_id: number;
  user_id: number;
  by_role: string;
  reason: string;
  images: string;
  opened_at: number;
  release_to: string | null;
  resolution: string | null;
  resolved_at: number | null;
}

export interface EarnInterestTable {
  holding_id: number;
  day: number;
  pay_at: number;
  amount: Money;
}

export interface UploadsTable {
  id: Generated<number>;
  user_id: number;
  purpose: string;
  stored_name: string;
  mime: string;
  bytes: number;
  width: number;
  height: number;
  created_at: number;
}

export interface IdentitySubmissionsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  card_id: string;
  front_pic: number;
  reverse_pic: number;
  hand_pic: number | null;
  /** 1 under review, 2 certified, 3 rejected. */
  status: number;
  reason: string | null;
  created_at: number;
  reviewed_at: number | null;
}

export interface PayMethodsTable {
  id: Generated<number>;
  user_id: number;
  type: string;
  raw_data: string;
  created_at: number;
  updated_at: number;
}

export interface FeedbackTable {
  id: Generated<number>;
  user_id: number;
  content: string;
  image_id: number | null;
  created_at: number;
}

export interface FeedbackRepliesTable {
  id: Generated<number>;
  feedback_id: number;
  content: string;
  created_at: number;
}

export interface OperatorsTable {
  id: Generated<number>;
  name: string;
  password_hash: string;
  role: string;
  totp_secret: string;
  totp_last_step: number | null;
  disabled_at: number | null;
  created_at: number;
}

export interface OperatorSessionsTable {
  id: Generated<number>;
  operator_id: number;
  token_hash: string;
  ip: string;
  user_agent: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  revoked_at: number | null;
}

export interface OperatorLogTable {
  id: number;
  at: number;
  operator_id: number;
  operator_name: string;
  ip: string;
  action: string;
  target: string;
  reason: string;
  request: string;
  before: string;
  after: string;
  outcome: string;
  prev_hash: string;
  hash: string;
}

/** A change of a market, currency, network, seconds option or product, at a stated time. */
export interface ScheduledChangesTable {
  id: Generated<number>;
  kind: string;
  target_id: number;
  changes: string;
  before: string | null;
  effective_at: number;
  created_at: number;
  created_by: string;
  reason: string;
  notice_id: number | null;
  applied_at: number | null;
  cancelled_at: number | null;
  cancelled_by: string | null;
  cancel_reason: string | null;
  cancel_notice_id: number | null;
}

/** A manual balance adjustment (migration 020): applied at once up to the limit, else after a second operator. */
export interface AdminAdjustmentsTable {
  id: number;
  user_id: number;
  currency_id: number;
  account_type_id: number;
  amount: Money;
  status: string;
  usd_value: string;
  reason: string;
  reference: string;
  proposed_by: number;
  proposed_by_name: string;
  decided_by: number | null;
  decided_by_name: string | null;
  decision_reason: string | null;
  created_at: number;
  decided_at: number | null;
}

/** One run of the ledger audit from the console (migration 020); the dashboard shows the last. */
export interface AdminAuditRunsTable {
  id: Generated<number>;
  at: number;
  ok: number;
  problems: string;
  currencies: string;
  operator: string;
}

/** A currency's proof-of-liabilities snapshot (migration 023): the published root and total. */
export interface LiabilitySnapshotsTable {
  id: Generated<number>;
  currency_id: number;
  day: string | null;
  due_at: number | null;
  taken_at: number;
  root_hash: string;
  leaf_count: number;
  notice_id: number | null;
  total: Money;
}

/** One user's leaf of a snapshot's Merkle-sum tree, at its index. */
export interface LiabilityLeavesTable {
  snapshot_id: number;
  idx: number;
  user_id: number;
  salt: string;
  balance: Money;
}

/** A live listen key of the trading API, by its SHA-256 (migration 028). */
export interface ListenKeysTable {
  key_hash: string;
  user_id: number;
  api_key_id: number;
  expires_at: number;
}

/** One command the sequencer applied, as data, in order (migration 029). */
export interface CommandJournalTable {
  id: number;
  type: string;
  /** The command's data as JSON. */
  data: string;
  /** The command's own time (`context.now`). */
  at: number;
  /** Its batch's time, which the balances' `updated_at` and the log rows without a time of their own take. */
  batch_at: number;
}

/** A checkpoint the journal's audit wrote: the command it ends at, its file's hash (migration 030). */
export interface JournalCheckpointsTable {
  command_id: number;
  sha256: string;
  created_at: number;
}

export interface ApiKeysTable {
  id: Generated<number>;
  user_id: number;
  label: string;
  api_key: string;
  secret_sealed: string;
  can_trade: number;
  can_withdraw: number;
  /** JSON array of addresses and CIDR ranges. */
  ip_list: string;
  expires_at: number | null;
  created_at: number;
  last_used_at: number | null;
  last_used_ip: string | null;
  revoked_at: number | null;
}

export interface Database {
  command_journal: CommandJournalTable;
  journal_checkpoints: JournalCheckpointsTable;
  api_keys: ApiKeysTable;
  listen_keys: ListenKeysTable;
  liability_snapshots: LiabilitySnapshotsTable;
  liability_leaves: LiabilityLeavesTable;
  admin_adjustments: AdminAdjustmentsTable;
  admin_audit_runs: AdminAuditRunsTable;
  scheduled_changes: ScheduledChangesTable;
  operators: OperatorsTable;
  operator_sessions: OperatorSessionsTable;
  operator_log: OperatorLogTable;
  earn_products: EarnProductsTable;
  earn_holdings: EarnHoldingsTable;
  earn_interest: EarnInterestTable;
  p2p_applications: P2pApplicationsTable;
  p2p_ads: P2pAdsTable;
  p2p_orders: P2pOrdersTable;
  p2p_order_events: P2pOrderEventsTable;
  p2p_appeals: P2pAppealsTable;
  p2p_freezes: P2pFreezesTable;
  settings: SettingsTable;
  uploads: UploadsTable;
  identity_submissions: IdentitySubmissionsTable;
  pay_methods: PayMethodsTable;
  feedback: FeedbackTable;
  feedback_replies: FeedbackRepliesTable;
  lever_markets: LeverMarketsTable;
  lever_positions: LeverPositionsTable;
  lever_overnight: LeverOvernightTable;
  micro_seconds: MicroSecondsTable;
  micro_currencies: MicroCurrenciesTable;
  micro_orders: MicroOrdersTable;
  micro_totals: MicroTotalsTable;
  areas: AreasTable;
  users: UsersTable;
  sessions: SessionsTable;
  mark_prices: MarkPricesTable;
  currency_protocols: CurrencyProtocolsTable;
  deposit_addresses: DepositAddressesTable;
  chain_blocks: ChainBlocksTable;
  deposits: DepositsTable;
  withdrawals: WithdrawalsTable;
  bound_addresses: BoundAddressesTable;
  pay_orders: PayOrdersTable;
  sweeps: SweepsTable;
  convert_requests: ConvertRequestsTable;
  verification_codes: VerificationCodesTable;
  login_failures: LoginFailuresTable;
  user_totp: UserTotpTable;
  totp_recovery_codes: TotpRecoveryCodesTable;
  dev_mailbox: DevMailboxTable;
  news_categories: NewsCategoriesTable;
  news: NewsTable;
  news_texts: NewsTextsTable;
  content_images: ContentImagesTable;
  news_images: NewsImagesTable;
  news_revisions: NewsRevisionsTable;
  currencies: CurrenciesTable;
  account_types: AccountTypesTable;
  currency_matches: CurrencyMatchesTable;
  accounts: AccountsTable;
  account_logs: AccountLogsTable;
  transfers: TransfersTable;
  orders: OrdersTable;
  trades: TradesTable;
  klines: KlinesTable;
  favorite_markets: FavoriteMarketsTable;
}
