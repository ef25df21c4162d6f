/**
 * Operator sign-in throttling (docs/operator-console.md), pure: wrong tries count per (name, source address)
 * pair, and each one past the first few makes that pair wait twice as long as the last before it
 * may try again. Nobody can lock an operator out: a wait holds only the pair that earned it, so a
 * right password and code from another address still get in while one address hammers the name,
 * and even the hammering address is never shut for longer than the longest wait. No I/O.
 */

/** Wrong tries a pair may make before it has to wait at all. */
export const FREE_TRIES = 3;
/** The wait after the first try past the free ones; each further wrong try doubles it. */
export const FIRST_WAIT_MS = 2_000;
/** The longest wait, however many wrong tries. */
export const MAX_WAIT_MS = 15 * 60 * 1000;
/** Wrong tries older than this are forgotten. */
export const FORGET_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * The address part of the pair: an IPv4 address as it is, an IPv6 address by its /64 network
 * (one machine is usually handed a whole /64, so its addresses count as one source).
 */
export function sourceOf(ip: string): string {
  const address = ip.trim().toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped) return mapped[1]!;
  if (!address.includes(':')) return address;
  const [head = '', tail = ''] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = address.includes('::') && tail ? tail.split(':') : [];
  const groups = address.includes('::')
    ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+/, '') || '0')
    .join(':')}::/64`;
}

/** The key the wrong tries of one (name, address) pair are kept under. */
export function throttleKey(name: string, ip: string): string {
  return `operator:${name.trim().toLowerCase()}@${sourceOf(ip)}`;
}

/** How long a pair with this many recent wrong tries waits after the last of them (ms). */
export function waitAfter(failures: number): number {
  if (failures < FREE_TRIES) return 0;
  const doublings = failures - FREE_TRIES;
  // 2^20 × 2 s is far past the longest wait: no need to compute larger powers.
  if (doublings >= 20) return MAX_WAIT_MS;
  return Math.min(FIRST_WAIT_MS * 2 ** doublings, MAX_WAIT_MS);
}

/**
 * When the pair may try again, given the instants (ms) of its wrong tries: null when it may now.
 * Tries older than FORGET_AFTER_MS do not count.
 */
export function retryAt(failures: readonly number[], now: number): number | null {
  const recent = failures.filter((at) => now - at < FORGET_AFTER_MS);
  if (recent.length === 0) return null;
  const at = Math.max(...recent) + waitAfter(recent.length);
  return at > now ? at : null;
}
