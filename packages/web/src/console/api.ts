import { pathOf, type CallArgs, type CallSpec, type Envelope, type ReplyOf } from '@oex/protocol';
import {
  ApiError,
  fetchEnvelope,
  navigateTo,
  queryOf,
  settle,
  TIMEOUT_MS,
  trimmed,
  type CallOptions,
} from '../api/http.js';
import { useToasts } from '../components/toast.js';
import { currentLang } from '../i18n/index.js';
import { useOperator } from './session.js';

/**
 * The console's HTTP client: the envelope rules of the app's (`api/http.ts`), with the operator's
 * token in `X-Operator-Token` instead of a user's. A 999 (the operator session ended) clears it and
 * goes to the console's login, back to this page after; a refusal (a role that may not act answers
 * 403 with the server's words) shows the server's message and throws.
 *
 * `callAdmin(api.admin.users.freeze, body)` sends the call of a contract entry (packages/protocol/src/api.ts),
 * its payload and answer typed by the entry, a path's `:id` taken from the payload.
 */
export function callAdmin<S extends CallSpec>(
  entry: S,
  ...args: CallArgs<S, CallOptions>
): Promise<ReplyOf<S>> {
  const [payload, options] = args as [Record<string, unknown>?, CallOptions?];
  const { path, rest } = pathOf(entry.path, payload ?? {});
  return send<ReplyOf<S>>(entry.method, path, rest, options);
}

async function send<T>(
  method: 'GET' | 'POST',
  path: string,
  payload: Record<string, unknown> = {},
  options: CallOptions = {},
): Promise<T> {
  const data = trimmed(payload);
  const query = method === 'GET' ? queryOf(data) : '';
  const headers = operatorHeaders();
  if (method === 'POST') headers['content-type'] = 'application/json';
  const envelope = await fetchEnvelope<T>(`api/${path}${query ? `?${query}` : ''}`, {
    method,
    headers,
    body: method === 'POST' ? JSON.stringify(data) : undefined,
  });
  return applyAdminEnvelope(envelope, headers['x-operator-token'] ?? null, options.quiet === true);
}

/** An upload (multipart form: files and fields) to an admin call that takes one, with the same rules. */
export async function uploadAdmin<S extends CallSpec & { multipart: true }>(
  entry: S,
  form: FormData,
  options: CallOptions = {},
): Promise<ReplyOf<S>> {
  const headers = operatorHeaders();
  const envelope = await fetchEnvelope<ReplyOf<S>>(`api/${entry.path}`, {
    method: 'POST',
    headers,
    body: form,
  });
  return applyAdminEnvelope(envelope, headers['x-operator-token'] ?? null, options.quiet === true);
}

/**
 * An image behind the authenticated route (an identity document, an appeal's proof), fetched with
 * the operator's header and handed back as an object URL: the token never goes into a URL. The
 * caller revokes it (`URL.revokeObjectURL`) when done.
 */
export async function adminImage(path: string): Promise<string> {
  const response = await fetch(`/api/${path}`, {
    headers: operatorHeaders(),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || !type.startsWith('image/')) {
    // The route answers an envelope when it refuses (a session that ended, a missing file).
    if (type.includes('json')) {
      const envelope = (await response.json()) as Envelope<unknown>;
      applyAdminEnvelope(envelope, operatorHeaders()['x-operator-token'] ?? null, true);
    }
    throw new ApiError(response.statusText, response.status);
  }
  return URL.createObjectURL(await response.blob());
}

function operatorHeaders(): Record<string, string> {
  const headers: Record<string, string> = { lang: currentLang() };
  const { token } = useOperator.getState();
  if (token) headers['x-operator-token'] = token;
  return headers;
}

/** The console's login page with the page to come back to. */
export function adminLoginPath(here: string): string {
  return `/admin/login?redirect=${encodeURIComponent(here)}`;
}

function applyAdminEnvelope<T>(envelope: Envelope<T>, token: string | null, quiet: boolean): T {
  // Only the first call to learn that this token ended signs out; the others were sent with it too.
  const stillSignedIn = token !== null && useOperator.getState().token === token;
  const outcome = settle(envelope, stillSignedIn, quiet);
  if (outcome.toast) useToasts.getState().show(outcome.toast.kind, outcome.toast.text);
  if (outcome.signOut) {
    useOperator.getState().clear();
    const { pathname, search } = window.location;
    if (pathname !== '/admin/login') navigateTo(adminLoginPath(pathname + search));
  }
  if (outcome.error) throw outcome.error;
  return outcome.data as T;
}
