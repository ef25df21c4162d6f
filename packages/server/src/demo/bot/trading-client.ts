import { createHmac } from 'node:crypto';

/** A refusal of the trading API, in Binance's shape. */
export class TradingApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    /** Seconds to wait, on a 429. */
    readonly retryAfter: number | undefined,
  ) {
    super(`${status} ${code}: ${message}`);
  }
}

type Params = Record<string, string | number | undefined>;

function query(params: Params): string {
  return Object.entries(params)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .map(([name, value]) => `${name}=${encodeURIComponent(String(value))}`)
    .join('&');
}

/**
 * The smallest client of a Binance-style spot API that a bot needs: public GETs and signed calls
 * (HMAC-SHA256 over the query string, `X-MBX-APIKEY`), as any Binance bot does it. It knows nothing
 * of the exchange behind the URL.
 */
export class TradingClient {
  constructor(
    private readonly baseUrl: string,
    private readonly apiKey: string,
    private readonly secret: string,
  ) {}

  get<T>(path: string, params: Params = {}): Promise<T> {
    const text = query(params);
    return this.send<T>('GET', `${path}${text ? `?${text}` : ''}`, undefined, false);
  }

  signed<T>(method: 'GET' | 'POST' | 'DELETE', path: string, params: Params = {}): Promise<T> {
    const text = query({ ...params, timestamp: Date.now(), recvWindow: 10_000 });
    const signature = createHmac('sha256', this.secret).update(text).digest('hex');
    const signedText = `${text}&signature=${signature}`;
    return method === 'POST'
      ? this.send<T>(method, path, signedText, true)
      : this.send<T>(method, `${path}?${signedText}`, undefined, true);
  }

  private async send<T>(method: string, path: string, body: string | undefined, keyed: boolean): Promise<T> {
    const headers: Record<string, string> = {};
    if (keyed) headers['X-MBX-APIKEY'] = this.apiKey;
    if (body !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
    const answer = await fetch(`${this.baseUrl}${path}`, { method, headers, body });
    const payload = (await answer.json().catch(() => ({}))) as T & { code?: number; msg?: string };
    if (!answer.ok) {
      const retry = Number(answer.headers.get('retry-after'));
      throw new TradingApiError(
        answer.status,
        payload.code ?? 0,
        payload.msg ?? answer.statusText,
        Number.isFinite(retry) && retry > 0 ? retry : undefined,
      );
    }
    return payload;
  }
}
