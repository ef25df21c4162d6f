import { createHmac, timingSafeEqual } from 'node:crypto';

/** Binance's default and largest `recvWindow`, in ms. */
export const DEFAULT_RECV_WINDOW = 5000;
export const MAX_RECV_WINDOW = 60_000;
/** How far ahead of the server's clock a timestamp may be (Binance: one second). */
export const MAX_AHEAD_MS = 1000;

/** One raw `a=1&b=2` string without its `signature` parameter, and the signature it carried. */
function withoutSignature(raw: string): { rest: string; signature: string | undefined } {
  let signature: string | undefined;
  const kept: string[] = [];
  for (const part of raw.split('&')) {
    if (part === '') continue;
    if (part.startsWith('signature=')) signature = decodeURIComponent(part.slice('signature='.length));
    else kept.push(part);
  }
  return { rest: kept.join('&'), signature };
}

/**
 * What a signed request signed, as Binance defines it: the query string followed by the body, each
 * exactly as sent but for the `signature` parameter, with nothing between the two.
 */
export function signedPayload(
  rawQuery: string,
  rawBody: string,
): { payload: string; signature: string | undefined } {
  const query = withoutSignature(rawQuery);
  const body = withoutSignature(rawBody);
  return { payload: query.rest + body.rest, signature: body.signature ?? query.signature };
}

/** HMAC-SHA256 of the payload under the secret, in lowercase hex. */
export function hmacHex(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(payload).digest('hex');
}

/** Whether the signature is the payload's HMAC, compared in constant time (any case of hex). */
export function signatureMatches(secret: string, payload: string, signature: string): boolean {
  const expected = Buffer.from(hmacHex(secret, payload), 'utf8');
  const given = Buffer.from(signature.toLowerCase(), 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Binance's timing rule: a request is taken when its timestamp is less than a second ahead of the
 * server's clock and no older than its receive window.
 */
export function timestampVerdict(
  timestamp: number,
  recvWindow: number,
  now: number,
): 'ok' | 'ahead' | 'stale' {
  if (timestamp >= now + MAX_AHEAD_MS) return 'ahead';
  if (now - timestamp > recvWindow) return 'stale';
  return 'ok';
}
