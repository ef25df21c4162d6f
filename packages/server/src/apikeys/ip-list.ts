import { BlockList, isIP } from 'node:net';

/** An allow list's entry: an IPv4 or IPv6 address, or a CIDR range of either. */
export function parseIpEntry(
  entry: string,
): { address: string; prefix: number | null; family: 'ipv4' | 'ipv6' } | null {
  const [address = '', prefixText, extra] = entry.trim().split('/');
  if (extra !== undefined) return null;
  const version = isIP(address);
  if (version === 0) return null;
  const family = version === 4 ? 'ipv4' : 'ipv6';
  if (prefixText === undefined) return { address, prefix: null, family };
  if (!/^\d{1,3}$/.test(prefixText)) return null;
  const prefix = Number(prefixText);
  if (prefix > (version === 4 ? 32 : 128)) return null;
  return { address, prefix, family };
}

/** A caller's address as an allow list compares it: an IPv4 address mapped into IPv6 is IPv4. */
function plainAddress(ip: string): string {
  return ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
}

/** Whether an address is on the list; an empty list allows any address. Bad entries match nothing. */
export function ipAllowed(ipList: readonly string[], ip: string): boolean {
  if (ipList.length === 0) return true;
  const caller = plainAddress(ip);
  const family = isIP(caller) === 4 ? 'ipv4' : isIP(caller) === 6 ? 'ipv6' : null;
  if (!family) return false;
  const allowed = new BlockList();
  for (const text of ipList) {
    const entry = parseIpEntry(text);
    if (!entry) continue;
    if (entry.prefix === null) allowed.addAddress(entry.address, entry.family);
    else allowed.addSubnet(entry.address, entry.prefix, entry.family);
  }
  return allowed.check(caller, family);
}
