import net from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * The address rule of the SSRF-safe client: only public unicast addresses may be reached. IPv4
 * inside IPv6 (`::ffff:127.0.0.1`) is judged as the IPv4 it carries; every other special range
 * (loopback, private, link-local, carrier-grade NAT, unique-local, unspecified, NAT64, 6to4,
 * Teredo, reserved, multicast, broadcast) is refused.
 */
export function isPublicAddress(address: string): boolean {
  const bare = stripBrackets(address);
  if (!ipaddr.isValid(bare)) return false;
  let parsed = ipaddr.parse(bare);
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) parsed = v6.toIPv4Address();
  }
  return parsed.range() === 'unicast';
}

const PRIVATE_RANGES = new Set(['loopback', 'private', 'linkLocal', 'uniqueLocal', 'carrierGradeNat']);

/**
 * True for addresses of a private network (loopback, RFC 1918, link-local, unique-local, CGNAT):
 * where a proxy counted by `TRUST_PROXY=<hops>` may sit (finding N8).
 */
export function isPrivateNetworkAddress(address: string): boolean {
  const bare = stripBrackets(address);
  if (!ipaddr.isValid(bare)) return false;
  let parsed = ipaddr.parse(bare);
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) parsed = v6.toIPv4Address();
  }
  return PRIVATE_RANGES.has(parsed.range());
}

export const stripBrackets = (host: string): string =>
  host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;

/** True when the host is an IP literal (after URL normalisation: `127.1` is already `127.0.0.1`). */
export const isIpLiteral = (host: string): boolean => net.isIP(stripBrackets(host)) !== 0;

/**
 * `OUTBOUND_ALLOW`: `host:port` targets exempt from the private-address rule (tests, intranets).
 * Hosts compare case-insensitively and without IPv6 brackets.
 */
export class OutboundAllowList {
  private readonly entries: Set<string>;

  constructor(list: readonly string[]) {
    this.entries = new Set(list.map((entry) => normalise(entry)).filter((e): e is string => e !== undefined));
  }

  static parse(value: string | undefined): OutboundAllowList {
    return new OutboundAllowList(
      (value ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    );
  }

  allows(host: string, port: number): boolean {
    return this.entries.has(`${stripBrackets(host).toLowerCase()}:${port}`);
  }

  get size(): number {
    return this.entries.size;
  }
}

function normalise(entry: string): string | undefined {
  const match = /^\[?([^\]]+?)\]?:(\d{1,5})$/.exec(entry);
  if (!match?.[1] || !match[2]) return undefined;
  return `${match[1].toLowerCase()}:${Number(match[2])}`;
}
