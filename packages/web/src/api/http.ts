import {
  pathOf,
  ResponseCode,
  type CallArgs,
  type CallSpec,
  type Envelope,
  type ReplyOf,
} from '@oex/protocol';
import i18next from 'i18next';
import { useToasts } from '../components/toast.js';
import { useSession } from '../features/session.js';
import { currentLang } from '../i18n/index.js';

/** Every call gives up after 20 s, as the spec's client does. */
export const TIMEOUT_MS = 20_000;

export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: number,
    /** The refusal as answered, for a call whose refusal says more (user/login's two-factor step). */
    readonly refusal?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface CallOptions {
  /** Do not show the server's success message as a toast. */
  quiet?: boolean;
  /** Send this token instead of the session's (the first call after sign-in, before it is stored). */
  token?: string;
  /**
   * A refusal the page answers itself, so its message shows no error toast (user/login's
   * two-factor step: the page asks for the code instead). It still rejects.
   */
  handles?: (error: ApiError) => boolean;
}

type Payload = Record<string, unknown>;

/** Calls go to the page's own host; tests running outside a page point this at a server. */
let apiBase = '';
export function setApiBase(base: string): void {
  apiBase = base;
}

/** Every input is trimmed before it is sent. */
export function trimmed(payload: Payload): Payload {
  return Object.fromEntries(
    Object.entries(payload).map(([key, value]) => [key, typeof value === 'string' ? value.trim() : value]),
  );
}

/** How the client changes page: the app's router once it runs (so a toast survives), else a load. */
let navigate = (url: string): void => window.location.assign(url);
export function setNavigator(next: (url: string) => void): void {
  navigate = next;
}
export function navigateTo(url: string): void {
  navigate(url);
}

/** Where a timed-out session goes: the login page, with the current page to come back to. */
function toLogin(): void {
  const here = window.location.pathname + window.location.search;
  if (window.location.pathname !== '/login') navigate(`/login?redirect=${encodeURIComponent(here)}`);
}

/**
 * A call under /api with the envelope rules (docs/platform.md): code 0 shows the server's message and
 * throws; a success message shows for 1 s unless quiet; 999 with a token clears it and goes to
 * login; 996 is ignored; a network or server failure says so.
 *
 * `call(api.spot.placeBuy, body)` sends the call of a contract entry (packages/protocol/src/api.ts),
 * its payload and answer typed by the entry. Every page calls entries; `call<T>('GET', path)`, a call
 * by path, is left for the envelope's own tests.
 */
export function call<S extends CallSpec>(entry: S, ...args: CallArgs<S, CallOptions>): Promise<ReplyOf<S>>;
export function call<T>(
  method: 'GET' | 'POST',
  path: string,
  payload?: Payload,
  options?: CallOptions,
): Promise<T>;
export function call(target: CallSpec | 'GET' | 'POST', ...rest: unknown[]): Promise<unknown> {
  if (typeof target === 'object') {
    const [payload, options] = rest as [Payload | undefined, CallOptions | undefined];
    const filled = pathOf(target.path, payload ?? {});
    return send(target.method, filled.path, filled.rest, options);
  }
  const [path, payload, options] = rest as [string, Payload | undefined, CallOptions | undefined];
  return send(target, path, payload, options);
}

async function send(
  method: 'GET' | 'POST',
  path: string,
  payload: Payload = {},
  options: CallOptions = {},
): Promise<unknown> {
  const token = options.token ?? useSession.getState().token;
  const data = trimmed(payload);
  const query = method === 'GET' ? queryOf(data) : '';
  const headers: Record<string, string> = { lang: currentLang() };
  if (token) headers.authorization = token;
  if (method === 'POST') headers['content-type'] = 'application/json';
  const envelope = await fetchEnvelope<unknown>(`api/${path}${query ? `?${query}` : ''}`, {
    method,
    headers,
    body: method === 'POST' ? JSON.stringify(data) : undefined,
  });
  return applyEnvelope(envelope, token, options.quiet === true, options.handles);
}

/** A GET call's query string: the payload's defined fields. */
export function queryOf(data: Payload): string {
  return new URLSearchParams(
    Object.entries(data)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  ).toString();
}

/**
 * Sends a request to `/<url>` and reads its envelope; a network or server failure shows its toast
 * and throws (the operator console's client sends through it too).
 */
export async function fetchEnvelope<T>(url: string, init: RequestInit): Promise<Envelope<T>> {
  try {
    const response = await fetch(`${apiBase}/${url}`, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (response.status >= 500) throw new ApiError(i18next.t('http.serverError'), 500);
    return (await response.json()) as Envelope<T>;
  } catch (error) {
    const text = error instanceof ApiError ? error.message : i18next.t('http.network');
    useToasts.getState().show('error', text);
    throw error instanceof ApiError ? error : new ApiError(text, -1);
  }
}

/**
 * What a call's answer does on the page: the toast, the sign-out and trip to log in
 * on a timed-out session, and the data or the error. Calls made outside `call` (an upload with
 * progress) answer through it too, so a timeout reads the same everywhere.
 */
export function applyEnvelope<T>(
  envelope: Envelope<T>,
  token: string | null,
  quiet: boolean,
  handles?: (error: ApiError) => boolean,
): T {
  const toast = useToasts.getState().show;
  // Only the first call to learn that this token ended signs out; the others were sent with it too.
  const stillSignedIn = token !== null && useSession.getState().token === token;
  const outcome = settle(envelope, stillSignedIn, quiet);
  const handled = outcome.error !== undefined && handles?.(outcome.error) === true;
  if (outcome.toast && !handled) toast(outcome.toast.kind, outcome.toast.text);
  if (outcome.signOut) {
    useSession.getState().clear();
    toLogin();
  }
  if (outcome.error) throw outcome.error;
  return outcome.data as T;
}

export interface Outcome<T> {
  data?: T;
  error?: ApiError;
  toast?: { kind: 'success' | 'error'; text: string };
  /** The session timed out: clear it and go to login. */
  signOut?: boolean;
}

/**
 * The envelope rules, without side effects: code 0 shows the server's message and
 * fails; a success message shows unless quiet; 999 with a token signs out with the timeout message;
 * 996 fails silently.
 */
export function settle<T>(envelope: Envelope<T>, hasToken: boolean, quiet: boolean): Outcome<T> {
  if (envelope.code === ResponseCode.OK) {
    return {
      data: envelope.data,
      toast: envelope.msg && !quiet ? { kind: 'success', text: envelope.msg } : undefined,
    };
  }
  const error = new ApiError(envelope.msg, envelope.code, envelope);
  if (envelope.code === ResponseCode.AUTH) {
    return hasToken
      ? { error, signOut: true, toast: { kind: 'error', text: i18next.t('http.timeout') } }
      : { error };
  }
  if (envelope.code === ResponseCode.NOTICE) return { error };
  return { error, toast: { kind: 'error', text: envelope.msg } };
}
