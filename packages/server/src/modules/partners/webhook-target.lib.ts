import { lookup } from 'node:dns/promises';
import net from 'node:net';
import { PARTNER_MSG } from '@ayar/contract';
import { plainAddress } from '../../lib/client-address.ts';

// Where a webhook may point (ADR 0062): never this machine nor a private, link-local or reserved network
// (a partner's URL must not reach what only Ayar's own network can), checked on every address its name
// resolves to, at registration and before each delivery (the name may have changed since).

const BLOCKED = new net.BlockList();
for (const [address, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  BLOCKED.addSubnet(address, bits, 'ipv4');
for (const [address, bits] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const)
  BLOCKED.addSubnet(address, bits, 'ipv6');

/** Whether an address is this machine's or a private or reserved network's. */
export function isPrivateAddress(ip: string): boolean {
  const { address, family } = plainAddress(ip);
  return BLOCKED.check(address, family);
}

/** Why a URL may not be a target (a Persian message), or null when it may. */
export async function targetProblem(url: string, allowPrivate: boolean): Promise<string | null> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return PARTNER_MSG.url;
  }
  if (!['http:', 'https:'].includes(parsed.protocol) || parsed.username || parsed.password)
    return PARTNER_MSG.url;
  if (allowPrivate) return null;
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = net.isIP(host)
      ? [host]
      : (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
  } catch {
    return PARTNER_MSG.unresolvable;
  }
  return addresses.length === 0 || addresses.some(isPrivateAddress) ? PARTNER_MSG.privateTarget : null;
}
