import net from 'node:net';
import { z } from 'zod';

/** How single settings are read (config/schema.ts), and the error a bad one stops start-up with. */

export class ConfigError extends Error {}

export const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

export const optionalUrl = optionalString.refine((v) => v === undefined || URL.canParse(v), 'must be a URL');

export function isCostMap(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return (
      typeof value === 'object' &&
      value !== null &&
      !Array.isArray(value) &&
      Object.values(value).every((n) => Number.isInteger(n) && (n as number) >= 0)
    );
  } catch {
    return false;
  }
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** One address or CIDR (IPv4 or IPv6), or a named range proxy-addr knows. */
function isAddressOrCidr(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address, bits, extra] = entry.split('/');
  if (extra !== undefined || !address) return false;
  const family = net.isIP(address);
  if (family === 0) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: off (`false`, `0`, empty), a hop count (`1` = one proxy in front), or a comma list
 * of proxy addresses/CIDRs. "Trust everything" (`true`) is refused: it lets any client choose its
 * own X-Forwarded-For address and voids every per-IP limit. Returns an error message when invalid.
 */
export function parseTrustProxy(value: string): false | number | string[] | string {
  const v = value.trim();
  if (v === '' || v === 'false' || v === '0') return false;
  if (v === 'true') {
    return "TRUST_PROXY=true would trust any client's X-Forwarded-For; set the number of proxies in front (e.g. 1) or their addresses/CIDRs";
  }
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return hops >= 1 && hops <= 10 ? hops : 'must be a hop count from 1 to 10, or a list of addresses/CIDRs';
  }
  const entries = v
    .split(',')
    .map((e) => e.trim())
    .filter((e) => e !== '');
  const bad = entries.find((e) => !isAddressOrCidr(e));
  if (bad !== undefined || entries.length === 0) return `"${bad ?? v}" is not an IP address or CIDR`;
  return entries;
}
