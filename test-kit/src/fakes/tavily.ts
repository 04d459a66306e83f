import { type FakeServer, sendJson, startFakeServer } from './http.js';

/** Tavily: `POST /search` with `Authorization: Bearer tvly-…` and a JSON body (TAVILY_API_URL = url). */
export async function startFakeTavily(key = 'tvly-key'): Promise<FakeServer> {
  return startFakeServer((req, res) => {
    if (req.method !== 'POST' || req.url.pathname !== '/search')
      return sendJson(res, 404, { detail: { error: 'Not Found' } });
    if (req.headers.authorization !== `Bearer ${key}`) return sendJson(res, 401, { detail: { error: 'Unauthorized' } });
    const query = String(req.body?.query ?? '');
    const max = Number(req.body?.max_results ?? 5);
    sendJson(res, 200, {
      query,
      answer: null,
      images: [],
      results: Array.from({ length: max }, (_, i) => ({
        title: `Tavily ${i + 1}: ${query}`,
        url: `https://tavily.example.net/${i + 1}`,
        content: `About ${query}`,
        score: 0.9 - i / 100,
        raw_content: null,
      })),
      response_time: 0.5,
    });
  });
}
