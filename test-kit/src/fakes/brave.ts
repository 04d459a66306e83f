import { type FakeServer, sendJson, startFakeServer } from './http.js';

/** Brave Search API: `GET /web/search?q=&count=` with `X-Subscription-Token` (BRAVE_API_URL = url). */
export async function startFakeBrave(key = 'brave-key'): Promise<FakeServer> {
  return startFakeServer((req, res) => {
    if (req.url.pathname !== '/web/search') return sendJson(res, 404, { type: 'ErrorResponse' });
    if (req.headers['x-subscription-token'] !== key)
      return sendJson(res, 401, { type: 'ErrorResponse', error: { code: 'SUBSCRIPTION_TOKEN_INVALID', status: 401 } });
    const q = req.url.searchParams.get('q') ?? '';
    const count = Number(req.url.searchParams.get('count') ?? 20);
    sendJson(res, 200, {
      type: 'search',
      query: { original: q },
      web: {
        type: 'search',
        results: Array.from({ length: Math.min(count, 10) }, (_, i) => ({
          title: `Brave ${i + 1}: ${q}`,
          url: `https://brave.example.com/${i + 1}`,
          description: `<strong>${q}</strong> described`,
          age: '1 day ago',
          profile: { name: 'Example' },
          meta_url: { hostname: 'brave.example.com' },
          extra_snippets: [],
        })),
      },
    });
  });
}
