import { UPLOAD_MAX_BYTES } from '@oex/protocol';

/**
 * The NATS bus between gateways and the leading core (docs/cluster.md): subject names, the forwarded
 * request and its reply, and the table of what each gateway's clients listen to. Pure rules, no I/O.
 */

/** The subjects, each under a prefix (`oex` in production; a test run takes its own). */
export function subjectsOf(prefix = 'oex') {
  return {
    /** Request/reply, queue group `core`: an HTTP request forwarded by a gateway. */
    http: `${prefix}.core.http`,
    /** Request/reply, queue group `core`: a live socket's sign-in and the check of its session. */
    session: `${prefix}.core.session`,
    /** The core's pushes: `key\n` then the frame's bytes, as the hub built them. */
    frames: `${prefix}.live.frames`,
    /** Each gateway's full set of subscription keys, on every change and as a heartbeat. */
    interest: `${prefix}.gw.interest`,
    /** A core that starts to lead asks the gateways for their sets at once, not at the next heartbeat. */
    interestAsk: `${prefix}.gw.interest.ask`,
    /** Session ids that ended (sign-out, revocation): gateways drop those sockets' private channels. */
    sessionsEnded: `${prefix}.sessions.ended`,
    /** Request/reply, queue group `core`: where the leader's own port is, for the trading API's streams. */
    coreAddress: `${prefix}.core.address`,
  } as const;
}
export type Subjects = ReturnType<typeof subjectsOf>;

/** The subject a signer service answers (queue group `signer`, so several may run; wallet/nats-signer.ts). */
export const signerSubject = (prefix: string) => `${prefix}.signer`;

/**
 * The deposit watchers' process to the leading core (CHAIN_WATCHERS=bus, wallet/watcher-bus.ts): a
 * deposit's change of state and which deposits changed (request/reply, queue group `core`), and
 * how far each network is watched (published after each pass).
 */
export const watcherSubjects = (prefix: string) => ({
  transition: `${prefix}.wallet.deposit`,
  changed: `${prefix}.wallet.deposits_changed`,
  progress: `${prefix}.wallet.watch_progress`,
});

/** The queue group of the cores: one leads at a time, and only the leader subscribes. */
export const CORE_QUEUE = 'core';

/** The largest request body a gateway forwards in the message itself; the core's JSON limit is the same. */
export const MAX_FORWARDED_BODY = 1024 * 1024;

/**
 * The largest body a gateway takes at all: an image upload (5 MB) with its multipart framing. A body
 * too large for one message goes through JetStream's object store (`bodiesBucketOf`), and the
 * message names it (`bodyRef`).
 */
export const MAX_STORED_BODY = UPLOAD_MAX_BYTES + 256 * 1024;

/** The object store bucket of large bodies, both ways; its entries outlive a lost request by this long. */
export const bodiesBucketOf = (prefix = 'oex') => `${prefix}-bodies`;
export const STORED_BODY_TTL_MS = 5 * 60_000;

/** A stored body's name: random, so a body is found only by the request that names it. */
const BODY_REF = /^[A-Za-z0-9_-]{16,64}$/;

/** How long a gateway waits for the core's reply to a request that was delivered. */
export const FORWARD_TIMEOUT_MS = 10_000;

/** While no core answers (a takeover), a gateway asks again this often, for up to `NO_CORE_WAIT_MS`. */
export const NO_CORE_RETRY_MS = 250;
export const NO_CORE_WAIT_MS = 15_000;

/** A gateway sends its full interest this often; the core forgets a gateway silent for three. */
export const INTEREST_HEARTBEAT_MS = 2000;
export const INTEREST_MISSED_BEATS = 3;

export type HeaderValue = string | string[];
export type Headers = Record<string, HeaderValue>;

export interface ForwardedRequest {
  method: string;
  url: string;
  headers: Headers;
  body: Uint8Array;
  /** The client's address as the gateway saw it: per-address limits count clients, not gateways. */
  remoteAddress: string;
  /** A body too large for the message, in the object store under this name (`body` is empty then). */
  bodyRef?: string;
}

export interface ForwardedReply {
  status: number;
  headers: Headers;
  body: Uint8Array;
  /** An answer too large for the message (an image), in the object store under this name. */
  bodyRef?: string;
}

/**
 * Headers of one connection, not of the request: never forwarded either way. `host` is kept (the
 * core's routes and logs may read it); `content-length` is the receiving side's to set again.
 */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'proxy-connection',
  'te',
  'trailer',
  'content-length',
]);

/** The headers worth forwarding: lower-case names, string values, hop-by-hop ones dropped. */
export function forwardableHeaders(headers: Record<string, string | string[] | number | undefined>): Headers {
  const kept: Headers = {};
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (value === undefined || HOP_BY_HOP.has(lower)) continue;
    kept[lower] = Array.isArray(value) ? value.map(String) : String(value);
  }
  return kept;
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const NEWLINE = 0x0a;
const utf8 = new TextEncoder();
const fromUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * A message is a JSON line of the fields, a newline, then the body's bytes as they are. Not base64
 * inside the JSON: that grows a body by a third, and NATS's default message limit (1 MiB) is the
 * body limit itself. (JSON text never holds a raw newline, so the first one ends the fields.)
 */
function frame(fields: object, body: Uint8Array): Uint8Array {
  const head = utf8.encode(JSON.stringify(fields));
  const out = new Uint8Array(head.length + 1 + body.length);
  out.set(head, 0);
  out[head.length] = NEWLINE;
  out.set(body, head.length + 1);
  return out;
}

function unframe(message: Uint8Array): { fields: Record<string, unknown>; body: Uint8Array } | null {
  const end = message.indexOf(NEWLINE);
  if (end < 0) return null;
  try {
    const fields = JSON.parse(fromUtf8.decode(message.subarray(0, end))) as unknown;
    if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) return null;
    return { fields: fields as Record<string, unknown>, body: message.subarray(end + 1) };
  } catch {
    return null;
  }
}

function isHeaders(value: unknown): value is Headers {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.values(value).every(
    (item) =>
      typeof item === 'string' || (Array.isArray(item) && item.every((part) => typeof part === 'string')),
  );
}

export function encodeRequest(request: ForwardedRequest): Uint8Array {
  const { body, ...fields } = request;
  return frame(fields, body);
}

/** The request in a message, or null when anything in it is malformed. */
export function decodeRequest(message: Uint8Array): ForwardedRequest | null {
  const parts = unframe(message);
  if (!parts) return null;
  const { method, url, headers, remoteAddress, bodyRef } = parts.fields;
  if (typeof method !== 'string' || !METHODS.has(method)) return null;
  if (typeof url !== 'string' || !url.startsWith('/') || url.length > 8192) return null;
  if (!isHeaders(headers) || typeof remoteAddress !== 'string') return null;
  if (parts.body.length > MAX_FORWARDED_BODY) return null;
  if (bodyRef === undefined) return { method, url, headers, remoteAddress, body: parts.body };
  // A stored body comes instead of one in the message, never beside it.
  if (typeof bodyRef !== 'string' || !BODY_REF.test(bodyRef) || parts.body.length > 0) return null;
  return { method, url, headers, remoteAddress, body: parts.body, bodyRef };
}

export function encodeReply(reply: ForwardedReply): Uint8Array {
  const { body, ...fields } = reply;
  return frame(fields, body);
}

export function decodeReply(message: Uint8Array): ForwardedReply | null {
  const parts = unframe(message);
  if (!parts) return null;
  const { status, headers, bodyRef } = parts.fields;
  if (typeof status !== 'number' || !Number.isInteger(status) || status < 100 || status > 599) return null;
  if (!isHeaders(headers)) return null;
  if (bodyRef === undefined) return { status, headers, body: parts.body };
  if (typeof bodyRef !== 'string' || !BODY_REF.test(bodyRef) || parts.body.length > 0) return null;
  return { status, headers, body: parts.body, bodyRef };
}

/** The leader's answer on `coreAddress`: its WebSocket base URL (`ws://host:port`), or null. */
export function decodeCoreAddress(text: string): string | null {
  const value = parseObject(text);
  const url = value?.url;
  if (typeof url !== 'string') return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'ws:' || parsed.protocol === 'wss:' ? url.replace(/\/$/, '') : null;
  } catch {
    return null;
  }
}

/** A live socket's questions about sessions, asked of the core on the session subject. */
export type SessionQuestion = { op: 'authenticate'; token: string } | { op: 'active'; sessionIds: number[] };
export type SessionAnswer = { userId: number; sessionId: number } | { active: number[] } | { error: string };

const isIdList = (value: unknown): value is number[] =>
  Array.isArray(value) && value.length <= 100_000 && value.every((id) => Number.isSafeInteger(id));

export function decodeSessionQuestion(text: string): SessionQuestion | null {
  const value = parseObject(text);
  if (!value) return null;
  if (value.op === 'authenticate' && typeof value.token === 'string' && value.token.length <= 4096)
    return { op: 'authenticate', token: value.token };
  if (value.op === 'active' && isIdList(value.sessionIds))
    return { op: 'active', sessionIds: value.sessionIds };
  return null;
}

export function decodeSessionAnswer(text: string): SessionAnswer | null {
  const value = parseObject(text);
  if (!value) return null;
  if (typeof value.error === 'string') return { error: value.error };
  if (Number.isSafeInteger(value.userId) && Number.isSafeInteger(value.sessionId))
    return { userId: value.userId as number, sessionId: value.sessionId as number };
  if (isIdList(value.active)) return { active: value.active };
  return null;
}

/** The ended session ids of an `oex.sessions.ended` message, or null. */
export function decodeEndedSessions(text: string): number[] | null {
  const value = parseObject(text);
  return value && isIdList(value.sessionIds) ? value.sessionIds : null;
}

export interface InterestMessage {
  gatewayId: string;
  keys: string[];
}

export function decodeInterest(text: string): InterestMessage | null {
  const value = parseObject(text);
  if (!value || typeof value.gatewayId !== 'string' || value.gatewayId.length > 200) return null;
  if (!Array.isArray(value.keys) || !value.keys.every((key) => typeof key === 'string')) return null;
  return { gatewayId: value.gatewayId, keys: value.keys as string[] };
}

function parseObject(text: string): Record<string, unknown> | null {
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** A pushed frame on the frames subject: the subscription key, a newline, the frame's bytes. */
export function encodeFrame(key: string, frameBytes: Uint8Array): Uint8Array {
  const head = utf8.encode(key);
  const out = new Uint8Array(head.length + 1 + frameBytes.length);
  out.set(head, 0);
  out[head.length] = NEWLINE;
  out.set(frameBytes, head.length + 1);
  return out;
}

export function decodeFrame(message: Uint8Array): { key: string; frame: Uint8Array } | null {
  const end = message.indexOf(NEWLINE);
  if (end <= 0) return null;
  try {
    return { key: fromUtf8.decode(message.subarray(0, end)), frame: message.subarray(end + 1) };
  } catch {
    return null;
  }
}

/**
 * The `seq` of a frame the hub built (`{...fields, type, channel, seq, ts}`): read from its last
 * bytes without parsing the whole frame; parsed when a field of the push was itself named `seq` or `ts`.
 */
export function seqOfFrame(frameBytes: Uint8Array): number | null {
  const tail = /"seq":(\d+),"ts":\d+\}$/.exec(
    new TextDecoder().decode(frameBytes.subarray(Math.max(0, frameBytes.length - 64))),
  );
  if (tail) return Number(tail[1]);
  try {
    const seq = (JSON.parse(new TextDecoder().decode(frameBytes)) as { seq?: unknown }).seq;
    return typeof seq === 'number' ? seq : null;
  } catch {
    return null;
  }
}

/**
 * What each gateway's clients listen to, as the gateways last reported it. A gateway resends its
 * whole set every heartbeat, so a lost message heals at the next one; a gateway silent for
 * `INTEREST_MISSED_BEATS` heartbeats (stopped, cut off) is forgotten, so the core stops publishing
 * for it.
 */
export class InterestTable {
  private readonly gateways = new Map<string, { keys: Set<string>; expires: number }>();
  /** How many gateways report each key, so `has` is one lookup. */
  private readonly counts = new Map<string, number>();
  /** The owners of each private channel's keys, so `usersOf` does not scan every key. */
  private readonly owners = new Map<string, Set<number>>();

  constructor(private readonly lifeMs = INTEREST_HEARTBEAT_MS * INTEREST_MISSED_BEATS) {}

  /** Takes a gateway's whole set of keys; answers those it did not report before (or not lately). */
  report(gatewayId: string, keys: Iterable<string>, now: number): string[] {
    const before = this.gateways.get(gatewayId)?.keys;
    this.drop(gatewayId);
    const set = new Set(keys);
    this.gateways.set(gatewayId, { keys: set, expires: now + this.lifeMs });
    for (const key of set) {
      const count = this.counts.get(key) ?? 0;
      this.counts.set(key, count + 1);
      const owned = count === 0 ? ownerOf(key) : null;
      if (!owned) continue;
      let users = this.owners.get(owned.channel);
      if (!users) this.owners.set(owned.channel, (users = new Set()));
      users.add(owned.userId);
    }
    return [...set].filter((key) => !before?.has(key));
  }

  /** Forgets the gateways whose last report is older than the table's life. */
  expire(now: number): void {
    for (const [gatewayId, entry] of this.gateways) if (entry.expires <= now) this.drop(gatewayId);
  }

  has(key: string): boolean {
    return this.counts.has(key);
  }

  /** The users some gateway listens for on a private channel (keys `CHANNEL#userId`). */
  usersOf(channel: string): Set<number> {
    return new Set(this.owners.get(channel));
  }

  get gatewayCount(): number {
    return this.gateways.size;
  }

  private drop(gatewayId: string): void {
    const entry = this.gateways.get(gatewayId);
    if (!entry) return;
    this.gateways.delete(gatewayId);
    for (const key of entry.keys) {
      const left = (this.counts.get(key) ?? 1) - 1;
      if (left > 0) {
        this.counts.set(key, left);
        continue;
      }
      this.counts.delete(key);
      const owned = ownerOf(key);
      const users = owned && this.owners.get(owned.channel);
      if (!owned || !users) continue;
      users.delete(owned.userId);
      if (users.size === 0) this.owners.delete(owned.channel);
    }
  }
}

/** The channel and owner of a private channel's key (`ORDER#5`); null for a public channel's. */
function ownerOf(key: string): { channel: string; userId: number } | null {
  const hash = key.indexOf('#');
  if (hash <= 0) return null;
  const userId = Number(key.slice(hash + 1));
  return Number.isSafeInteger(userId) ? { channel: key.slice(0, hash), userId } : null;
}
