/**
 * The shipped RDAP bootstrap (RFC 9224, the shape of https://data.iana.org/rdap/dns.json) used
 * until the live file is fetched from RDAP_BOOTSTRAP_URL, or when that fetch fails (offline boot).
 * A partial copy covering the most asked-for TLDs; the live file (refreshed daily) covers the rest.
 */
export const RDAP_BOOTSTRAP_SNAPSHOT: RdapBootstrap = {
  version: '1.0',
  publication: '2026-11-01T00:00:00Z',
  description: 'Partial snapshot shipped with Neura; replaced at run time by the IANA file.',
  services: [
    [['com'], ['https://rdap.verisign.com/com/v1/']],
    [['net'], ['https://rdap.verisign.com/net/v1/']],
    [['cc'], ['https://tld-rdap.verisign.com/cc/v1/']],
    [['name'], ['https://tld-rdap.verisign.com/name/v1/']],
    [['org'], ['https://rdap.publicinterestregistry.org/rdap/']],
    [['info', 'pro'], ['https://rdap.identitydigital.services/rdap/']],
    [['app', 'dev', 'page', 'how', 'new'], ['https://pubapi.registry.google/rdap/']],
  ],
};

export interface RdapBootstrap {
  version?: string;
  publication?: string;
  description?: string;
  services: Array<[string[], string[]]>;
}
