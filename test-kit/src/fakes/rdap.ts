import { type FakeServer, sendJson, startFakeServer } from './http.js';

/**
 * The IANA RDAP bootstrap (`GET /rdap/dns.json`, RFC 9224) and a registry's RDAP server
 * (`GET /rdap/<tld>/domain/<name>`) on one server: `registered` names answer 200 with registrar and
 * expiry, `ratelimited.*` answers 429, anything else 404 (not registered).
 */
export async function startFakeRdap(registered: string[] = ['taken.test', 'xn--bcher-kva.test']): Promise<FakeServer> {
  const fake: FakeServer = await startFakeServer((req, res) => {
    if (req.url.pathname === '/rdap/dns.json') {
      return sendJson(res, 200, {
        version: '1.0',
        publication: '2026-11-21T20:00:02Z',
        description: 'RDAP bootstrap file for Domain Name System registrations',
        services: [[['test', 'example'], [`${fake.url}/rdap/test/`]]],
      });
    }
    const match = /^\/rdap\/test\/domain\/([^/]+)$/.exec(req.url.pathname);
    if (!match?.[1]) return sendJson(res, 400, { errorCode: 400, title: 'Bad request' });
    const name = decodeURIComponent(match[1]).toLowerCase();
    if (name.startsWith('ratelimited.')) return sendJson(res, 429, { errorCode: 429, title: 'Too Many Requests' });
    if (!registered.includes(name))
      return sendJson(res, 404, { errorCode: 404, title: 'Not Found' }, { 'content-type': 'application/rdap+json' });
    sendJson(
      res,
      200,
      {
        objectClassName: 'domain',
        ldhName: name.toUpperCase(),
        status: ['client transfer prohibited'],
        events: [
          { eventAction: 'registration', eventDate: '2001-02-03T04:05:06Z' },
          { eventAction: 'expiration', eventDate: '2030-02-03T04:05:06Z' },
        ],
        entities: [
          {
            objectClassName: 'entity',
            roles: ['registrar'],
            vcardArray: [
              'vcard',
              [
                ['version', {}, 'text', '4.0'],
                ['fn', {}, 'text', 'Example Registrar, Inc.'],
              ],
            ],
          },
        ],
        nameservers: [{ objectClassName: 'nameserver', ldhName: 'NS1.EXAMPLE.NET' }],
      },
      { 'content-type': 'application/rdap+json' },
    );
  });
  return fake;
}
