import type { ApiKeyGrant } from '../apikeys/grant.js';
import { ipAllowed } from '../apikeys/ip-list.js';
import { keyState } from '../apikeys/rules.js';
import { badRecvWindow, invalidTimestamp, rejectedKey } from './errors.js';
import { DEFAULT_RECV_WINDOW, MAX_RECV_WINDOW, timestampVerdict } from './signing.js';

const REFUSED = 'Invalid API-key, IP, or permissions for action';

/**
 * The checks every keyed call makes, REST and WebSocket alike: the key exists, is neither revoked
 * nor expired, its owner is not frozen, and the caller's address is on its list. Answers the grant.
 */
export function liveGrant(grant: ApiKeyGrant | undefined, now: number, ip: string): ApiKeyGrant {
  if (!grant) throw rejectedKey();
  const state = keyState(grant, now);
  if (state === 'revoked') throw rejectedKey(`${REFUSED}: this API key was revoked.`);
  if (state === 'expired') throw rejectedKey(`${REFUSED}: this API key has expired.`);
  // An operator's freeze ends the owner's sessions; the keys stop with them.
  if (grant.userFrozen) throw rejectedKey(`${REFUSED}: this account is frozen.`);
  if (!ipAllowed(grant.ipList, ip))
    throw rejectedKey(`${REFUSED}: address ${ip} is not on this API key's IP list.`);
  return grant;
}

/** Binance's timing rule for a signed call, with its receive window (default 5 s, at most 60 s). */
export function checkTiming(timestamp: number, recvWindow: number | undefined, now: number): void {
  const window = recvWindow ?? DEFAULT_RECV_WINDOW;
  if (!(window > 0) || window > MAX_RECV_WINDOW) throw badRecvWindow();
  const verdict = timestampVerdict(timestamp, window, now);
  if (verdict === 'ahead')
    throw invalidTimestamp("Timestamp for this request was 1000ms ahead of the server's time.");
  if (verdict === 'stale') throw invalidTimestamp('Timestamp for this request is outside of the recvWindow.');
}
