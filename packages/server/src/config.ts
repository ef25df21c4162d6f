import { dirname, join } from 'node:path';
import { serverPath } from './lib/paths.js';

/** Every setting of the server, read from the environment once, with its default (README). */
export interface Config {
  port: number;
  host: string;
  /** Demo mode answers other hosts than loopback only when this is set (DEMO_PUBLIC=1). */
  demoPublic: boolean;
  databaseUrl: string;
  demo: boolean;
  marketMaker: boolean;
  /** MARKET_BOT: the demo's live liquidity as a program trading through the API (on with MARKET_MAKER). */
  marketBot: boolean;
  /** Standard deviation of one step of the market maker's reference price (a fraction). */
  marketMakerVolatility: number;
  marketMakerSeed: number;
  marketMakerStepMs: number;
  /** Days of history the market maker backfills on a fresh demo database. */
  marketMakerBackfillDays: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  smsGatewayUrl: string | undefined;
  exchangeTz: string;
  /** CNY per USD for the cny_price shown beside USD prices; a display reference, not a market. */
  usdCny: string;
  logLevel: string;
  /** Directory of the built web app served at `/`. */
  webDist: string;
  /** Requests per minute per client address on sign-in and registration calls. */
  authRateLimit: number;
  /** Trading API (`/api/v3`): request weight per minute, per key and per address (Binance: 6000). */
  tradingApiWeightPerMinute: number;
  /** Trading API: orders per 10 seconds per key (Binance: 100). */
  tradingApiOrdersPer10s: number;
  /** Requests per minute per client address on code-sending calls. */
  codeRateLimit: number;
  /** Wrong passwords for one account within the lockout window before sign-in answers 429. */
  maxPasswordFailures: number;
  /** Guesses at any secret (passwords, codes) per minute per client address, over all such calls. */
  secretGuessLimit: number;
  /** The whole request (headers and body) must arrive within this time. */
  requestTimeoutMs: number;
  /** The request headers must arrive within this time. */
  headersTimeoutMs: number;
  /** An idle kept-alive connection is closed after this time. */
  keepAliveTimeoutMs: number;
  /** Open connections per client address; more are closed at once (0: no cap). */
  maxConnectionsPerAddress: number;
  /** How often live connections are checked against their sessions. */
  liveSessionCheckMs: number;
  /**
   * On PostgreSQL, the life of the leader's lease (docs/cluster.md): a standby process takes over
   * this long after the leader stopped renewing it.
   */
  leaderLeaseMs: number;
  /**
   * STANDBY_FOLLOW (default on): a standby opens its domains at once and applies the leader's
   * journaled commands as they commit, so a takeover catches up instead of loading every table.
   */
  standbyFollow: boolean;
  /**
   * JOURNAL_KEEP_DAYS: the leader removes command-journal rows older than this every hour; 0 (the
   * default) keeps the whole journal. A follower needs only recent rows; a full replay of the
   * journal (`npm run audit -- --journal`) needs all of them.
   */
  journalKeepDays: number;
  /**
   * NATS_URL: the bus to the gateways (docs/cluster.md). Set, the leading process answers the
   * gateways' requests and publishes their live pushes; unset, it serves its own port only.
   */
  natsUrl: string | undefined;
  /** NATS_PREFIX: the first word of every bus subject (`oex`), so clusters can share one NATS. */
  natsPrefix: string;
  /**
   * ADVERTISE_URL: this process's own port as the gateways reach it (`http://10.0.0.5:8080`); they
   * carry the trading API's WebSocket streams through to it. Unset: `http://127.0.0.1:<port>`.
   */
  advertiseUrl: string | undefined;
  /**
   * The EVM node (ERC-20 and ETH networks): a JSON-RPC URL, or `anvil` to start a local development
   * node from node_modules (the demo default). Unset or `off`: those networks show as unavailable.
   */
  evmRpcUrl: string | undefined;
  /**
   * The Bitcoin node: a JSON-RPC URL with its user and password (`http://user:pass@host:8332`; the
   * node needs `-txindex=1`), or `regtest` to start a local regtest node installed by
   * `scripts/install-bitcoind.sh`. Unset or `off`: the BTC network shows as unavailable.
   */
  bitcoinRpcUrl: string | undefined;
  /** Seconds between blocks of the local anvil node (0: a block per transaction). */
  anvilBlockTime: number;
  /** How often the deposit watchers and the withdrawal signer look at the chains. */
  chainPollMs: number;
  /** The BIP-39 phrase of the wallet (deposit keys and hot wallet). Demo: a public demo phrase. */
  walletMnemonic: string | undefined;
  /**
   * WALLET_SIGNER: where the wallet's keys are. `process` (the default): a signer process this
   * process starts with WALLET_MNEMONIC. `nats`: a signer service of its own (`npm run signer`,
   * which alone is given the phrase) asked over NATS_URL; this process then never sees the phrase.
   */
  walletSigner: 'process' | 'nats';
  /**
   * CHAIN_WATCHERS: who watches the chains for deposits. `local` (the default): this process.
   * `bus`: a process of its own (`npm run watchers`), which tells the leading core over NATS_URL;
   * this process then runs no deposit watcher and applies what it is told.
   */
  chainWatchers: 'local' | 'bus';
  /**
   * Where uploaded images are kept (outside the web root): UPLOADS_DIR, by default `uploads` beside
   * the SQLite database file, or `data/uploads` with PostgreSQL.
   */
  uploadsDir: string;
  /** Image uploads per user per hour (refused attempts count too). */
  uploadsPerHour: number;
  /** Feedback messages per user per hour. */
  feedbackPerHour: number;
  /** 32 bytes as 64 hex digits: seals TOTP secrets at rest (AES-256-GCM). Unset: kept unsealed. */
  totpSecretKey: string | undefined;
  /**
   * 32 bytes as 64 hex digits: seals trading-API secrets at rest (AES-256-GCM). Unset: TOTP_SECRET_KEY;
   * with neither, keys can be made only in demo mode (under a public demo key).
   */
  apiKeySealKey: string | undefined;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '::1', 'localhost']);

export function isLoopbackHost(host: string): boolean {
  return LOOPBACK_HOSTS.has(host) || host.startsWith('127.');
}

export const DEFAULT_DATABASE_URL = 'sqlite:data/exchange.db';

type Env = Record<string, string | undefined>;

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return !['0', 'false', 'off', 'no'].includes(value.toLowerCase());
}

function integer(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isSafeInteger(parsed) || parsed < 0) throw new Error(`${name} must be a whole number`);
  return parsed;
}

/** A 256-bit key as 64 hex digits, checked at start rather than at its first use. */
function hexKey(value: string | undefined, name: string): string | undefined {
  if (!value) return undefined;
  if (!/^[0-9a-fA-F]{64}$/.test(value)) throw new Error(`${name} must be 64 hex digits (32 bytes)`);
  return value;
}

/** Uploads live beside the SQLite database (`sqlite:data/exchange.db` → `data/uploads`). */
export function defaultUploadsDir(databaseUrl: string): string {
  if (databaseUrl.startsWith('sqlite:')) return join(dirname(databaseUrl.slice('sqlite:'.length)), 'uploads');
  return join('data', 'uploads');
}

/** WEB_DIST: the built web app a core or a gateway serves; the workspace's build by default. */
export function webDistOf(env: Env): string {
  return env.WEB_DIST || serverPath('../web/dist');
}

/** One of `allowed`, the first by default. */
function oneOf<T extends string>(value: string | undefined, allowed: readonly [T, ...T[]], name: string): T {
  if (!value) return allowed[0];
  if (!(allowed as readonly string[]).includes(value))
    throw new Error(`${name} must be one of ${allowed.join(', ')}`);
  return value as T;
}

export function loadConfig(env: Env = process.env, overrides: Partial<Config> = {}): Config {
  const databaseUrl = env.DATABASE_URL || DEFAULT_DATABASE_URL;
  // Demo data is the default only on the embedded default database.
  const demo = flag(env.DEMO, databaseUrl === DEFAULT_DATABASE_URL);
  const demoPublic = flag(env.DEMO_PUBLIC, false);
  // Demo mode shows every code in the dev mailbox: it stays on this machine unless told otherwise.
  const host = env.HOST || (demo && !demoPublic ? '127.0.0.1' : '0.0.0.0');
  if (demo && !demoPublic && !isLoopbackHost(host)) {
    throw new Error(
      `HOST=${host} would open demo mode (dev mailbox, demo accounts) to other hosts; set DEMO_PUBLIC=1 to do it anyway, or DEMO=0`,
    );
  }
  return {
    port: integer(env.PORT, 8080, 'PORT'),
    host,
    demoPublic,
    databaseUrl,
    demo,
    marketMaker: flag(env.MARKET_MAKER, demo),
    marketBot: flag(env.MARKET_BOT, flag(env.MARKET_MAKER, demo)),
    marketMakerVolatility: Number(env.MARKET_MAKER_VOLATILITY || '0.0008'),
    marketMakerSeed: integer(env.MARKET_MAKER_SEED, 42, 'MARKET_MAKER_SEED'),
    marketMakerStepMs: integer(env.MARKET_MAKER_STEP_MS, 2000, 'MARKET_MAKER_STEP_MS'),
    marketMakerBackfillDays: integer(env.MARKET_MAKER_BACKFILL_DAYS, 7, 'MARKET_MAKER_BACKFILL_DAYS'),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Open Exchange <no-reply@localhost>',
    smsGatewayUrl: env.SMS_GATEWAY_URL || undefined,
    exchangeTz: env.EXCHANGE_TZ || 'Asia/Shanghai',
    usdCny: env.USD_CNY_RATE || '7.2',
    logLevel: env.LOG_LEVEL || 'info',
    webDist: webDistOf(env),
    authRateLimit: integer(env.AUTH_RATE_LIMIT, 30, 'AUTH_RATE_LIMIT'),
    tradingApiWeightPerMinute: integer(
      env.TRADING_API_WEIGHT_PER_MINUTE,
      6000,
      'TRADING_API_WEIGHT_PER_MINUTE',
    ),
    tradingApiOrdersPer10s: integer(env.TRADING_API_ORDERS_PER_10S, 100, 'TRADING_API_ORDERS_PER_10S'),
    codeRateLimit: integer(env.CODE_RATE_LIMIT, 10, 'CODE_RATE_LIMIT'),
    maxPasswordFailures: integer(env.MAX_PASSWORD_FAILURES, 5, 'MAX_PASSWORD_FAILURES'),
    secretGuessLimit: integer(env.SECRET_GUESS_LIMIT, 60, 'SECRET_GUESS_LIMIT'),
    requestTimeoutMs: integer(env.REQUEST_TIMEOUT_MS, 30_000, 'REQUEST_TIMEOUT_MS'),
    headersTimeoutMs: integer(env.HEADERS_TIMEOUT_MS, 10_000, 'HEADERS_TIMEOUT_MS'),
    keepAliveTimeoutMs: integer(env.KEEP_ALIVE_TIMEOUT_MS, 5_000, 'KEEP_ALIVE_TIMEOUT_MS'),
    maxConnectionsPerAddress: integer(env.MAX_CONNECTIONS_PER_ADDRESS, 128, 'MAX_CONNECTIONS_PER_ADDRESS'),
    liveSessionCheckMs: integer(env.LIVE_SESSION_CHECK_MS, 30_000, 'LIVE_SESSION_CHECK_MS'),
    leaderLeaseMs: integer(env.LEADER_LEASE_MS, 3000, 'LEADER_LEASE_MS'),
    standbyFollow: flag(env.STANDBY_FOLLOW, true),
    journalKeepDays: integer(env.JOURNAL_KEEP_DAYS, 0, 'JOURNAL_KEEP_DAYS'),
    natsUrl: env.NATS_URL || undefined,
    natsPrefix: env.NATS_PREFIX || 'oex',
    advertiseUrl: env.ADVERTISE_URL || undefined,
    evmRpcUrl: env.EVM_RPC_URL === 'off' ? undefined : env.EVM_RPC_URL || (demo ? 'anvil' : undefined),
    bitcoinRpcUrl: env.BITCOIN_RPC_URL === 'off' ? undefined : env.BITCOIN_RPC_URL || undefined,
    anvilBlockTime: integer(env.ANVIL_BLOCK_TIME, 2, 'ANVIL_BLOCK_TIME'),
    chainPollMs: integer(env.CHAIN_POLL_MS, 1000, 'CHAIN_POLL_MS'),
    walletMnemonic: env.WALLET_MNEMONIC || undefined,
    walletSigner: oneOf(env.WALLET_SIGNER, ['process', 'nats'] as const, 'WALLET_SIGNER'),
    chainWatchers: oneOf(env.CHAIN_WATCHERS, ['local', 'bus'] as const, 'CHAIN_WATCHERS'),
    uploadsDir: env.UPLOADS_DIR || defaultUploadsDir(databaseUrl),
    uploadsPerHour: integer(env.UPLOADS_PER_HOUR, 60, 'UPLOADS_PER_HOUR'),
    feedbackPerHour: integer(env.FEEDBACK_PER_HOUR, 5, 'FEEDBACK_PER_HOUR'),
    totpSecretKey: hexKey(env.TOTP_SECRET_KEY, 'TOTP_SECRET_KEY'),
    apiKeySealKey:
      hexKey(env.API_KEY_SEAL_KEY, 'API_KEY_SEAL_KEY') ?? hexKey(env.TOTP_SECRET_KEY, 'TOTP_SECRET_KEY'),
    ...overrides,
  };
}
