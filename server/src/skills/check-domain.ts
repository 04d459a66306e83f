import dns from 'node:dns';
import { domainToASCII } from 'node:url';
import type { DomainOutput } from '@neura/contract';
import { RDAP_BOOTSTRAP_SNAPSHOT, type RdapBootstrap } from './domain/rdap-snapshot.js';
import { decodeText, SafeHttpError } from './http/safe-client.js';
import { SkillError } from './skill-error.js';
import { type RunContext, type SkillModule, skillTool } from './skill-tool.js';

const BOOTSTRAP_TTL_MS = 24 * 60 * 60 * 1000;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** The IANA bootstrap, fetched once a day from RDAP_BOOTSTRAP_URL; the shipped snapshot until then. */
let cache: { url: string; data: RdapBootstrap; at: number } | undefined;

async function bootstrap(ctx: RunContext): Promise<RdapBootstrap> {
  const url = ctx.config.RDAP_BOOTSTRAP_URL;
  if (cache && cache.url === url && Date.now() - cache.at < BOOTSTRAP_TTL_MS) return cache.data;
  try {
    const { data } = await ctx.http.provider.json<RdapBootstrap>(url, {
      provider: 'domain registry directory',
      signal: ctx.signal,
      timeoutMs: 8000,
    });
    if (!Array.isArray(data?.services)) throw new Error('not a bootstrap file');
    cache = { url, data, at: Date.now() };
    return data;
  } catch (error) {
    if (ctx.signal.aborted) throw error;
    // Offline or failing: the snapshot answers; try the live file again in an hour.
    cache = { url, data: RDAP_BOOTSTRAP_SNAPSHOT, at: Date.now() - BOOTSTRAP_TTL_MS + 60 * 60 * 1000 };
    return RDAP_BOOTSTRAP_SNAPSHOT;
  }
}

/** `Example.COM.`, `https://www.exämple.com/x` → the ASCII (IDNA) name; throws when it is not a domain. */
export function normaliseDomain(raw: string): string {
  let name = raw.trim().toLowerCase();
  if (/^[a-z][a-z0-9+.-]*:\/\//.test(name)) {
    try {
      name = new URL(name).hostname;
    } catch {
      // judged below
    }
  }
  name = name.replace(/\/.*$/, '').replace(/\.$/, '');
  const ascii = domainToASCII(name);
  const labels = ascii.split('.');
  if (
    !ascii ||
    labels.length < 2 ||
    ascii.length > 253 ||
    !labels.every((l) => LABEL.test(l)) ||
    /^\d+$/.test(labels.at(-1) ?? '')
  )
    throw new SkillError(`"${raw.slice(0, 100)}" is not a domain name (like example.com).`);
  return ascii;
}

function rdapBases(data: RdapBootstrap, tld: string): string[] {
  for (const [tlds, urls] of data.services) {
    if (tlds.map((t) => t.toLowerCase()).includes(tld)) {
      const https = urls.filter((u) => u.startsWith('https:'));
      return https.length ? https : urls;
    }
  }
  return [];
}

interface RdapDomain {
  events?: Array<{ eventAction?: string; eventDate?: string }>;
  entities?: Array<{ roles?: string[]; vcardArray?: [string, Array<[string, unknown, string, unknown]>] }>;
}

function registrarOf(domain: RdapDomain): string | undefined {
  const entity = domain.entities?.find((e) => e.roles?.includes('registrar'));
  const fn = entity?.vcardArray?.[1]?.find((entry) => entry[0] === 'fn');
  return typeof fn?.[3] === 'string' ? fn[3] : undefined;
}

async function viaRdap(ctx: RunContext, ascii: string, base: string): Promise<DomainOutput | undefined> {
  const url = new URL(`domain/${ascii}`, base.endsWith('/') ? base : `${base}/`);
  let response: Awaited<ReturnType<typeof ctx.http.safe.request>>;
  try {
    // Registry hosts come from a downloaded file: they go through the SSRF-safe client too.
    response = await ctx.http.safe.request(url, {
      signal: ctx.signal,
      timeoutMs: 10_000,
      maxBytes: 512 * 1024,
      headers: { accept: 'application/rdap+json, application/json' },
    });
  } catch (error) {
    if (error instanceof SafeHttpError) return undefined;
    throw error;
  }
  // A 404 counts only because this is the TLD's own registry server (from the bootstrap).
  if (response.status === 404) return { domain: ascii, status: 'available', source: 'rdap' };
  if (response.status === 429)
    throw new SkillError('The domain registry is limiting requests right now. Try again in a minute.');
  if (response.status !== 200) return undefined;
  let data: RdapDomain;
  try {
    data = JSON.parse(decodeText(response)) as RdapDomain;
  } catch {
    return undefined;
  }
  const expires = data.events?.find((e) => e.eventAction === 'expiration')?.eventDate;
  const registrar = registrarOf(data);
  return {
    domain: ascii,
    status: 'registered',
    ...(registrar ? { registrar } : {}),
    ...(expires ? { expires } : {}),
    source: 'rdap',
  };
}

/** No registry answer: name servers say "registered"; none is only a guess (unverified). */
async function viaDns(ascii: string): Promise<DomainOutput> {
  try {
    const ns = await dns.promises.resolveNs(ascii);
    return { domain: ascii, status: ns.length > 0 ? 'registered' : 'unknown', source: 'dns' };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOTFOUND' || code === 'ENODATA') return { domain: ascii, status: 'available', source: 'dns' };
    return { domain: ascii, status: 'unknown', source: 'dns' };
  }
}

export async function checkDomain(ctx: RunContext, raw: string): Promise<DomainOutput> {
  const ascii = normaliseDomain(raw);
  const tld = ascii.split('.').at(-1) as string;
  for (const base of rdapBases(await bootstrap(ctx), tld)) {
    const answer = await viaRdap(ctx, ascii, base);
    if (answer) return answer;
  }
  return viaDns(ascii);
}

export const checkDomainSkill: SkillModule<'check_domain'> = {
  id: 'check_domain',
  available: () => true,
  create: (ctx) =>
    skillTool(ctx, {
      id: 'check_domain',
      label: 'domain registry',
      description:
        'Check whether a domain name is registered, using the registry (RDAP). "available" from source "rdap" means not registered per the registry (premium or reserved names may still not be for sale); source "dns" means the registry could not be asked, so the answer is unverified.',
      run: async ({ domain }, run) => checkDomain(run, domain),
    }),
};
