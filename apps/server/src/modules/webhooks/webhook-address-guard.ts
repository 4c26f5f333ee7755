import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * The SSRF guard: a webhook may only reach public addresses. The host is
 * resolved at every delivery and the sender connects to the address checked
 * here (no second lookup a rebinding DNS server could answer differently).
 * WEBHOOK_ALLOWED_HOSTS names hosts or CIDR ranges let through anyway (tests,
 * self-hosted receivers on the same network).
 */
const BLOCKED = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  BLOCKED.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7], // unique local, incl. the AWS metadata address fd00:ec2::254
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
  ['64:ff9b::', 96], // NAT64: may lead to a private IPv4 address
  ['2002::', 16], // 6to4: idem
  ['100::', 64], // discard
] as const) {
  BLOCKED.addSubnet(net, prefix, 'ipv6');
}

export interface AllowList {
  hosts: Set<string>;
  ranges: BlockList;
}

/** Parses WEBHOOK_ALLOWED_HOSTS entries: hostnames, addresses or CIDR ranges. */
export function allowList(entries: readonly string[]): AllowList {
  const hosts = new Set<string>();
  const ranges = new BlockList();
  for (const raw of entries) {
    const entry = raw.trim().toLowerCase();
    if (!entry) continue;
    const [address = '', prefix] = entry.split('/');
    const family = isIP(address);
    if (family === 0) hosts.add(entry.replace(/^\[|\]$/g, ''));
    else if (prefix === undefined) ranges.addAddress(address, family === 4 ? 'ipv4' : 'ipv6');
    else ranges.addSubnet(address, Number(prefix), family === 4 ? 'ipv4' : 'ipv6');
  }
  return { hosts, ranges };
}

const MAPPED_V4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;

/** Whether an address lies in a private, loopback, link-local, metadata or otherwise non-public range. */
export function isBlockedAddress(address: string): boolean {
  const mapped = MAPPED_V4.exec(address)?.[1];
  if (mapped) return isBlockedAddress(mapped);
  const family = isIP(address);
  if (family === 0) return true;
  return BLOCKED.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export class BlockedAddressError extends Error {}

/**
 * Resolves the URL's host and answers the address to connect to, or throws
 * BlockedAddressError when any of its addresses is not public (a host that
 * resolves to one public and one private address is refused: the private one
 * could be picked by the next resolution).
 */
export async function resolveDeliveryAddress(
  url: URL,
  allowed: AllowList,
): Promise<{ address: string; family: 4 | 6 }> {
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const literal = isIP(host);
  const found = literal
    ? [{ address: host, family: literal }]
    : await lookup(host, { all: true, verbatim: true });
  if (found.length === 0) throw new Error(`${host} does not resolve`);
  const hostAllowed = allowed.hosts.has(host);
  for (const { address, family } of found) {
    const inRange = allowed.ranges.check(address, family === 4 ? 'ipv4' : 'ipv6');
    if (!hostAllowed && !inRange && isBlockedAddress(address)) {
      throw new BlockedAddressError(
        `Address ${address} of ${host} is not public; deliveries there are refused.`,
      );
    }
  }
  const first = found[0] as { address: string; family: number };
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}
