import type { Envelope } from '@oex/protocol';

export interface Answer<T = unknown> {
  status: number;
  body: Envelope<T> & { data?: T };
}

export interface CallOptions {
  token?: string | undefined;
  lang?: string;
  /** Sent as the raw body instead of JSON-encoding `payload`. */
  raw?: string;
  /** More headers, such as the operator's x-admin-token. */
  headers?: Record<string, string>;
}

/** A plain HTTP client of the API, as any caller would use it. */
export class ApiClient {
  constructor(readonly baseUrl: string) {}

  async get<T = unknown>(
    path: string,
    query: Record<string, unknown> = {},
    options: CallOptions = {},
  ): Promise<Answer<T>> {
    const search = new URLSearchParams(
      Object.entries(query).flatMap(([key, value]): [string, string][] =>
        value === undefined ? [] : [[key, String(value)]],
      ),
    );
    const qs = search.size ? `?${search}` : '';
    return this.send<T>('GET', `${path}${qs}`, undefined, options);
  }

  async post<T = unknown>(
    path: string,
    payload: unknown = {},
    options: CallOptions = {},
  ): Promise<Answer<T>> {
    return this.send<T>('POST', path, options.raw ?? JSON.stringify(payload), options);
  }

  private async send<T>(
    method: string,
    path: string,
    body: string | undefined,
    options: CallOptions,
  ): Promise<Answer<T>> {
    const headers: Record<string, string> = { lang: options.lang ?? 'en' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    Object.assign(headers, options.headers);
    const response = await fetch(`${this.baseUrl}/api/${path.replace(/^\//, '')}`, { method, headers, body });
    return { status: response.status, body: (await response.json()) as Answer<T>['body'] };
  }

  /** Asks for an email code and reads it from the dev mailbox, failing loudly if it was refused. */
  async emailCode(to: string, type: number, options: CallOptions = {}): Promise<string> {
    const sent = await this.post('notify/send_email', { to, type }, options);
    if (sent.body.code !== 1) throw new Error(`code for ${to} refused: ${sent.body.msg}`);
    return this.latestCode(to);
  }

  /** The latest code the dev mailbox holds for an address. */
  async latestCode(to: string): Promise<string> {
    const answer = await this.get<{ body: string }[]>('dev/mailbox', { to });
    const message = answer.body.data?.[0];
    const code = message?.body.match(/\b\d{6}\b/)?.[0];
    if (!code) throw new Error(`no code in the mailbox for ${to}`);
    return code;
  }
}
