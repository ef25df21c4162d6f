import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Api } from '../platform/api.js';
import type { OperatorLog } from './operator-log.js';

/** Fields never written to the log, at any depth of a request. */
const SECRET_FIELD = /pass(word)?|^code$|totp|token|secret|mnemonic|private/i;

export function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, v]) => [
      key,
      SECRET_FIELD.test(key) ? '[secret]' : withoutSecrets(v),
    ]),
  );
}

const TARGET_FIELDS = [
  'user_id',
  'id',
  'order_id',
  'withdrawal_id',
  'application_id',
  'target_id',
  'symbol',
  'currency',
];

/** What an admin call acted on: set by the handler, else the first id-like field of its body. */
export function targetOf(request: FastifyRequest): string {
  if (request.auditTarget) return request.auditTarget;
  const body = request.body;
  if (body === null || typeof body !== 'object') return '';
  const fields = body as Record<string, unknown>;
  const field = TARGET_FIELDS.find((name) => fields[name] !== undefined && typeof fields[name] !== 'object');
  return field ? `${field}=${String(fields[field])}` : '';
}

function envelopeOf(payload: unknown): { code?: number; msg?: string; data?: unknown } {
  if (typeof payload !== 'string') return {};
  try {
    return JSON.parse(payload) as { code?: number; msg?: string; data?: unknown };
  } catch {
    return {};
  }
}

/**
 * Operator reads that carry no user's personal data: the console's own session, the operator log,
 * market and content settings, the exchange's figures. Every other GET under /api/admin, and an
 * operator's read of an uploaded image (identity documents, vouchers, appeal proofs), is personal
 * and goes on the operator log: who, when, from where, which user or item. A new admin read is
 * logged unless it is named here.
 */
export const IMPERSONAL_READS: ReadonlySet<string> = new Set([
  '/api/admin/session/me',
  '/api/admin/log',
  '/api/admin/log/verify',
  '/api/admin/dashboard',
  '/api/admin/wallet/holdings',
  '/api/admin/markets',
  '/api/admin/currencies',
  '/api/admin/micro/options',
  '/api/admin/earn/products',
  '/api/admin/changes',
  '/api/admin/content/articles',
  '/api/admin/content/articles/:id',
  '/api/admin/content/image/:name',
]);
/** Reads outside /api/admin that an operator makes of a user's own things. */
const PERSONAL_READS_ELSEWHERE: ReadonlySet<string> = new Set(['/api/common/image/:id']);

export function isPersonalRead(url: string): boolean {
  if (PERSONAL_READS_ELSEWHERE.has(url)) return true;
  return url.startsWith('/api/admin/') && !IMPERSONAL_READS.has(url);
}

/** What a read looked at: its path's ids, then its query ("id=7 q=alice"). */
export function readTargetOf(request: FastifyRequest): string {
  const fields = [request.params, request.query].flatMap((value) =>
    value !== null && typeof value === 'object' ? Object.entries(value as Record<string, unknown>) : [],
  );
  return fields
    .filter(([, value]) => value !== undefined && value !== '' && typeof value !== 'object')
    .map(([name, value]) => `${name}=${String(value)}`)
    .join(' ');
}

/**
 * Appends every POST under /api/admin by a known operator (or the command line) to the operator
 * log before its answer leaves, refused ones too: who, from where, what, the reason, before and
 * after, the outcome; and every personal read (isPersonalRead), without what it answered. Calls refused before the caller was known (no or a bad token) are not
 * operator actions and are not logged here.
 */
export function attachOperatorLog(app: Api, log: OperatorLog): void {
  app.decorateRequest('operator', null);
  app.decorateRequest('operatorSessionId', null);
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (!request.operator) return payload;
    const url = request.routeOptions.url ?? '';
    if (request.method === 'GET' && isPersonalRead(url)) {
      await logRead(log, request, reply, url, payload);
      return payload;
    }
    if (request.method !== 'POST' || !url.startsWith('/api/admin/')) return payload;
    const envelope = envelopeOf(payload);
    const ok = envelope.code === 1;
    const body = request.body !== null && typeof request.body === 'object' ? request.body : {};
    const reason = (body as { reason?: unknown }).reason;
    try {
      await log.append({
        operator: request.operator,
        ip: request.ip,
        action: url.slice('/api/'.length),
        target: targetOf(request),
        reason: typeof reason === 'string' ? reason : '',
        request: withoutSecrets(body),
        before: request.auditBefore ?? null,
        after: ok ? withoutSecrets(envelope.data ?? null) : null,
        outcome: ok ? 'ok' : `${reply.statusCode} ${envelope.msg ?? ''}`.trim(),
      });
    } catch (error) {
      // The action is done; a log that could not be written is an incident the audit shows.
      request.log.error({ err: error, action: url }, 'operator log: append failed');
    }
    return payload;
  });
}

/** A personal read on the log: who, from where, which route and which user or item; never the data. */
async function logRead(
  log: OperatorLog,
  request: FastifyRequest,
  reply: FastifyReply,
  url: string,
  payload: unknown,
): Promise<void> {
  // An image answers its bytes, a call its envelope: only a refusal's envelope says code 0 or 999.
  const envelope = typeof payload === 'string' ? envelopeOf(payload) : {};
  const refused = reply.statusCode >= 400 || (envelope.code !== undefined && envelope.code !== 1);
  try {
    await log.append({
      operator: request.operator!,
      ip: request.ip,
      action: `read:${url.slice('/api/'.length)}`,
      target: readTargetOf(request),
      reason: '',
      request: { params: request.params ?? null, query: request.query ?? null },
      before: null,
      after: null,
      outcome: refused ? `${reply.statusCode} ${envelope.msg ?? ''}`.trim() : 'ok',
    });
  } catch (error) {
    request.log.error({ err: error, action: url }, 'operator log: append of a read failed');
  }
}
