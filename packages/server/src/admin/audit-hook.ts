import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Api } from '../http/server.js';
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
 * Appends every POST under /api/admin by a known operator (or the command line) to the operator
 * log before its answer leaves, refused ones too: who, from where, what, the reason, before and
 * after, the outcome. Calls refused before the caller was known (no or a bad token) are not
 * operator actions and are not logged here.
 */
export function attachOperatorLog(app: Api, log: OperatorLog): void {
  app.decorateRequest('operator', null);
  app.decorateRequest('operatorSessionId', null);
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (request.method !== 'POST' || !request.operator) return payload;
    const url = request.routeOptions.url ?? '';
    if (!url.startsWith('/api/admin/')) return payload;
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
