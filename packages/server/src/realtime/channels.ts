/** Channel names of the live feed (docs/platform.md); pure rules, no I/O. */
export const PUBLIC_CHANNEL =
  /^(DAY_MARKET|MARKET_DEPTH\.[A-Z0-9]{2,16}\/?[A-Z0-9]{0,16}|GLOBAL_TX\.[A-Z0-9/]{2,33}|KLINE\.[A-Z0-9/]{2,33}(\.(1min|5min|15min|30min|60min|1day|1week|1mon))?)$/;
export const PRIVATE_CHANNELS = [
  'TX_MATCHED',
  'TX_SUBMIT',
  // Ours: every change of one of your orders, and of your balances, to every session of yours.
  'ORDER',
  'BALANCE',
  // Ours: your deposits and withdrawals as they move.
  'WALLET',
  'LEVER_TRADE',
  'LEVER_CLOSED',
  'MICRO_CLOSED',
  // Ours: every change of one of your fiat P2P orders, as you see it.
  'P2P_ORDER',
] as const;
export type PrivateChannel = (typeof PRIVATE_CHANNELS)[number];

export function isPrivateChannel(name: string): name is PrivateChannel {
  return (PRIVATE_CHANNELS as readonly string[]).includes(name);
}

/**
 * How a channel's pushes make up the state a new subscriber needs at once (docs/platform.md,
 * "Snapshots at subscription"): `whole`, every push is the channel's whole state (a market's depth,
 * the current bar of one period's klines), so the last push is all it needs; `{ partBy }`, every push
 * is the whole state of one part, named by that field (a market's ticker in DAY_MARKET, a period's
 * bar in KLINE.<symbol>), so the last push of each part; null, pushes are events one at a time
 * (trades, private channels): no snapshot.
 */
export type SnapshotRule = 'whole' | { partBy: 'symbol' | 'period' } | null;

const KLINE_OF_PERIOD = /^KLINE\.[^.]+\.[a-z0-9]+$/;

export function snapshotRuleOf(name: string): SnapshotRule {
  if (name.startsWith('MARKET_DEPTH.') || KLINE_OF_PERIOD.test(name)) return 'whole';
  if (name.startsWith('KLINE.')) return { partBy: 'period' };
  if (name === 'DAY_MARKET') return { partBy: 'symbol' };
  return null;
}

export function isKnownChannel(name: string): boolean {
  return isPrivateChannel(name) || PUBLIC_CHANNEL.test(name);
}

export interface ClientMessage {
  type: 'login' | 'sub' | 'unsub' | 'ping';
  params: unknown;
}

/** Reads a client frame: `{type, params}` JSON, or a bare-text `ping`; anything else is null. */
export function parseClientMessage(raw: string): ClientMessage | null {
  if (raw.length > 4096) return null;
  if (raw.trim().toLowerCase() === 'ping') return { type: 'ping', params: null };
  try {
    const message = JSON.parse(raw) as { type?: unknown; params?: unknown };
    if (
      message.type === 'login' ||
      message.type === 'sub' ||
      message.type === 'unsub' ||
      message.type === 'ping'
    ) {
      return { type: message.type, params: message.params };
    }
    return null;
  } catch {
    return null;
  }
}

/** The channel a sub or unsub names: `params` as a string or as `{channel}`. */
export function channelOf(params: unknown): string | null {
  if (typeof params === 'string') return params;
  if (
    typeof params === 'object' &&
    params !== null &&
    typeof (params as { channel?: unknown }).channel === 'string'
  ) {
    return (params as { channel: string }).channel;
  }
  return null;
}

/** A push's own fields: the spec's fields of its channel, read at the top level of the frame. */
export type PushFields = object;

/** The frame kind of a channel: its name before the first dot (`MARKET_DEPTH.BTC/USDT` → `MARKET_DEPTH`). */
export function kindOf(channel: string): string {
  const dot = channel.indexOf('.');
  return dot < 0 ? channel : channel.slice(0, dot);
}

/**
 * A push as the spec's client reads it (docs/platform.md): `type` is the bare channel kind, the
 * channel's fields sit at the top level (`depth`, `symbol`, `currency_match_id`, ...), and beside
 * them `channel` (the full name subscribed to, which tells `KLINE.X` from `KLINE.X.5min`), `seq`
 * (per channel, per owner for private ones) and `ts` (the server's send time, ms). These four are
 * the frame's and win over a field of the same name.
 */
export function pushFrame(channel: string, fields: PushFields, seq: number, ts: number): object {
  return { ...fields, type: kindOf(channel), channel, seq, ts };
}
