import { ResponseCode, type Envelope } from '@oex/protocol';
import i18next from 'i18next';
import { useToasts } from '../components/toast.js';
import { useSession } from '../features/session.js';
import { currentLang } from '../i18n/index.js';

/** Spec 000 §7: every call gives up after 20 s. */
export const TIMEOUT_MS = 20_000;

export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface CallOptions {
  /** Do not show the server's success message as a toast. */
  quiet?: boolean;
}

type Payload = Record<string, unknown>;

/** Spec 000 §5: every input is trimmed before it is sent. */
function trimmed(payload: Payload): Payload {
  return Object.fromEntries(
    Object.entries(payload).map(([key, value]) => [key, typeof value === 'string' ? value.trim() : value]),
  );
}

/** Where a timed-out session goes: the login page, with the current page to come back to. */
function toLogin(): void {
  const here = window.location.pathname + window.location.search;
  if (window.location.pathname !== '/login')
    window.location.assign(`/login?redirect=${encodeURIComponent(here)}`);
}

/**
 * A call under /api with the envelope rules of spec 000 §8: code 0 shows the server's message and
 * throws; a success message shows for 1 s unless quiet; 999 with a token clears it and goes to
 * login; 996 is ignored; a network or server failure says so.
 */
export async function call<T>(
  method: 'GET' | 'POST',
  path: string,
  payload: Payload = {},
  options: CallOptions = {},
): Promise<T> {
  const toast = useToasts.getState().show;
  const { token } = useSession.getState();
  const data = trimmed(payload);
  const query =
    method === 'GET'
      ? new URLSearchParams(
          Object.entries(data)
            .filter(([, v]) => v !== undefined)
            .map(([k, v]) => [k, String(v)]),
        ).toString()
      : '';
  const headers: Record<string, string> = { lang: currentLang() };
  if (token) headers.authorization = token;
  if (method === 'POST') headers['content-type'] = 'application/json';
  let envelope: Envelope<T>;
  try {
    const response = await fetch(`/api/${path}${query ? `?${query}` : ''}`, {
      method,
      headers,
      body: method === 'POST' ? JSON.stringify(data) : undefined,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (response.status >= 500) throw new ApiError(i18next.t('http.serverError'), 500);
    envelope = (await response.json()) as Envelope<T>;
  } catch (error) {
    const text = error instanceof ApiError ? error.message : i18next.t('http.network');
    toast('error', text);
    throw error instanceof ApiError ? error : new ApiError(text, -1);
  }
  if (envelope.code === ResponseCode.OK) {
    if (envelope.msg && !options.quiet) toast('success', envelope.msg);
    return envelope.data;
  }
  if (envelope.code === ResponseCode.AUTH) {
    if (token) {
      useSession.getState().clear();
      toast('error', i18next.t('http.timeout'));
      toLogin();
    }
    throw new ApiError(envelope.msg, envelope.code);
  }
  if (envelope.code === ResponseCode.NOTICE) throw new ApiError(envelope.msg, envelope.code);
  toast('error', envelope.msg);
  throw new ApiError(envelope.msg, envelope.code);
}
