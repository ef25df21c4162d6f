/** Reference data every exchange starts with: areas, news categories, account types, markets. */

export const AREAS: { global_code: string; name: string }[] = [
  { global_code: '86', name: 'China' },
  { global_code: '852', name: 'Hong Kong' },
  { global_code: '853', name: 'Macau' },
  { global_code: '886', name: 'Taiwan' },
  { global_code: '1', name: 'United States / Canada' },
  { global_code: '44', name: 'United Kingdom' },
  { global_code: '81', name: 'Japan' },
  { global_code: '82', name: 'South Korea' },
  { global_code: '65', name: 'Singapore' },
  { global_code: '60', name: 'Malaysia' },
  { global_code: '66', name: 'Thailand' },
  { global_code: '84', name: 'Vietnam' },
  { global_code: '62', name: 'Indonesia' },
  { global_code: '63', name: 'Philippines' },
  { global_code: '91', name: 'India' },
  { global_code: '61', name: 'Australia' },
  { global_code: '64', name: 'New Zealand' },
  { global_code: '49', name: 'Germany' },
  { global_code: '31', name: 'Netherlands' },
  { global_code: '32', name: 'Belgium' },
  { global_code: '33', name: 'France' },
  { global_code: '41', name: 'Switzerland' },
  { global_code: '43', name: 'Austria' },
  { global_code: '34', name: 'Spain' },
  { global_code: '39', name: 'Italy' },
  { global_code: '7', name: 'Russia / Kazakhstan' },
  { global_code: '90', name: 'Turkey' },
  { global_code: '971', name: 'United Arab Emirates' },
  { global_code: '55', name: 'Brazil' },
  { global_code: '52', name: 'Mexico' },
  { global_code: '27', name: 'South Africa' },
];

/** Category ids are fixed by the spec: 1 banners, 4 support, 5 about, 6 news, 22 notices, 26 legal. */
export const NEWS_CATEGORIES = [
  { id: 1, slug: 'banner', sort: 1 },
  { id: 4, slug: 'support', sort: 2 },
  { id: 5, slug: 'about', sort: 3 },
  { id: 6, slug: 'news', sort: 4 },
  { id: 22, slug: 'notice', sort: 5 },
  { id: 26, slug: 'legal', sort: 6 },
];

/** Account types (docs/ledger.md); id 1 is the spot (change) account of the trade page. */
export const ACCOUNT_TYPES = [
  { id: 1, code: 'change_account', is_recharge: 1 as const, sort: 1 },
  { id: 2, code: 'legal_account', is_recharge: 0 as const, sort: 2 },
  { id: 3, code: 'lever_account', is_recharge: 0 as const, sort: 3 },
  { id: 4, code: 'micro_account', is_recharge: 0 as const, sort: 4 },
  { id: 5, code: 'financial_account', is_recharge: 0 as const, sort: 5 },
];

/** The house coin of the demo exchange. */
export const HOUSE_COIN = 'FAIR';

export const CURRENCIES = [
  {
    id: 1,
    code: 'USDT',
    name: 'Tether USD',
    is_quote: 1,
    draw_rate: '0.001',
    draw_min: '10',
    draw_max: '100000',
    usd_price: '1',
  },
  {
    id: 2,
    code: 'BTC',
    name: 'Bitcoin',
    is_quote: 0,
    draw_rate: '0.0005',
    draw_min: '0.001',
    draw_max: '100',
    usd_price: '68000',
  },
  {
    id: 3,
    code: 'ETH',
    name: 'Ethereum',
    is_quote: 0,
    draw_rate: '0.001',
    draw_min: '0.01',
    draw_max: '1000',
    usd_price: '3500',
  },
  {
    id: 4,
    code: 'TRX',
    name: 'TRON',
    is_quote: 0,
    draw_rate: '0.001',
    draw_min: '10',
    draw_max: '1000000',
    usd_price: '0.12',
  },
  {
    id: 5,
    code: 'DOT',
    name: 'Polkadot',
    is_quote: 0,
    draw_rate: '0.001',
    draw_min: '1',
    draw_max: '100000',
    usd_price: '7.2',
  },
  {
    id: 6,
    code: HOUSE_COIN,
    name: 'Fair Token',
    is_quote: 0,
    draw_rate: '0.001',
    draw_min: '1',
    draw_max: '1000000',
    usd_price: '1.5',
  },
] as const;

/**
 * Markets against USDT with their switches (docs/spot.md), and each market's precision: price and
 * quantity decimals and the minimum order (in base), close to what large exchanges use.
 */
export const MARKETS = [
  {
    id: 1,
    base: 'BTC',
    open_lever: 1,
    open_microtrade: 1,
    lever_share_num: '0.01',
    price_decimals: 2,
    number_decimals: 6,
    min_number: '0.00001',
    // The mark price's impact notional in USDT (about the demo maker's top five levels) and window.
    mark_impact_notional: '25000',
    mark_window: 5,
  },
  {
    id: 2,
    base: 'ETH',
    open_lever: 1,
    open_microtrade: 1,
    lever_share_num: '0.1',
    price_decimals: 2,
    number_decimals: 4,
    min_number: '0.001',
    // The mark price's impact notional in USDT (about the demo maker's top five levels) and window.
    mark_impact_notional: '25000',
    mark_window: 5,
  },
  {
    id: 3,
    base: 'TRX',
    open_lever: 0,
    open_microtrade: 1,
    lever_share_num: '1000',
    price_decimals: 5,
    number_decimals: 1,
    min_number: '1',
    // The mark price's impact notional in USDT (about the demo maker's top five levels) and window.
    mark_impact_notional: '25000',
    mark_window: 5,
  },
  {
    id: 4,
    base: 'DOT',
    open_lever: 1,
    open_microtrade: 1,
    lever_share_num: '10',
    price_decimals: 3,
    number_decimals: 2,
    min_number: '0.1',
    // The mark price's impact notional in USDT (about the demo maker's top five levels) and window.
    mark_impact_notional: '25000',
    mark_window: 5,
  },
  {
    id: 5,
    base: HOUSE_COIN,
    open_lever: 0,
    open_microtrade: 0,
    lever_share_num: '100',
    price_decimals: 4,
    number_decimals: 2,
    min_number: '1',
    // The mark price's impact notional in USDT (about the demo maker's top five levels) and window.
    mark_impact_notional: '25000',
    mark_window: 5,
  },
] as const;
