import dns from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { isBlockedAddress } from './blocked-addresses.ts';

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

const allowLists = new WeakMap<readonly string[], AllowList>();
/** The parsed list, once per configured array (the config is read at every request: tests change it). */
export function allowListOf(entries: readonly string[]): AllowList {
  let list = allowLists.get(entries);
  if (!list) {
    list = allowList(entries);
    allowLists.set(entries, list);
  }
  return list;
}

export interface ResolvedAddress {
  address: string;
  family: number;
}
export type Lookup = (host: string) => Promise<ResolvedAddress[]>;

/** The system resolver, read from `node:dns` at each call (so a test's hosts override applies). */
export const systemLookup: Lookup = (host) => dns.promises.lookup(host, { all: true, verbatim: true });

/** The host's address is not public (and not allow-listed): nothing is sent there. */
export class BlockedAddressError extends Error {}
/** The host does not resolve. */
export class UnresolvableHostError extends Error {}

export interface PinnedAddress {
  address: string;
  family: 4 | 6;
}

/**
 * Resolves the URL's host once and answers the address to connect to, or
 * throws BlockedAddressError when any of its addresses is not public (a host
 * that resolves to one public and one private address is refused: the private
 * one could be picked by the next resolution).
 */
export async function resolveGuardedAddress(
  url: URL,
  allowed: AllowList,
  lookup: Lookup = systemLookup,
): Promise<PinnedAddress> {
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const literal = isIP(host);
  let found: ResolvedAddress[];
  try {
    found = literal ? [{ address: host, family: literal }] : await lookup(host);
  } catch (err) {
    throw new UnresolvableHostError(
      `${host} does not resolve (${(err as { code?: string }).code ?? 'error'}).`,
    );
  }
  if (found.length === 0) throw new UnresolvableHostError(`${host} does not resolve.`);
  const hostAllowed = allowed.hosts.has(host);
  for (const { address, family } of found) {
    const inRange = allowed.ranges.check(address, family === 6 ? 'ipv6' : 'ipv4');
    if (!hostAllowed && !inRange && isBlockedAddress(address)) {
      throw new BlockedAddressError(
        `Address ${address} of ${host} is not public; requests there are refused.`,
      );
    }
  }
  const first = found[0] as ResolvedAddress;
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}
