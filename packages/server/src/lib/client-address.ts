import net from 'node:net';

/**
 * The key a client's address is counted under by every per-address limit. An IPv6 host is normally
 * handed a whole /64 and can take a new address from it for each request, so IPv6 addresses count per
 * /64 prefix; IPv4 (also when written IPv4-mapped, `::ffff:a.b.c.d`) counts per address.
 */
export function addressKey(ip: string): string {
  // Every request is counted under its key, and most clients are plain IPv4: no pattern to run for them.
  if (!ip.includes(':')) return ip;
  const plain = plainAddress(ip);
  if (plain.family === 'ipv4') return plain.address;
  if (net.isIPv6(ip)) return `${expandIpv6(ip).slice(0, 4).join(':')}::/64`;
  return ip;
}

/** An address as it is: an IPv4-mapped IPv6 (`::ffff:a.b.c.d`) is its IPv4, for lists and limits. */
export function plainAddress(ip: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  if (mapped) return { address: mapped, family: 'ipv4' };
  return { address: ip, family: net.isIPv6(ip) ? 'ipv6' : 'ipv4' };
}

/** The eight 16-bit groups of an IPv6 address, without leading zeros; a zone (`%eth0`) is dropped. */
function expandIpv6(ip: string): string[] {
  const [head = '', tail] = ip.split('%')[0]!.split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':'));
  let groups = parse(head);
  if (tail !== undefined) {
    const rest = parse(tail);
    groups = [...groups, ...Array<string>(8 - groups.length - rest.length).fill('0'), ...rest];
  }
  return groups.map((g) => (g.includes('.') ? g : Number.parseInt(g, 16).toString(16)));
}
