import type { WebSearchResult } from '@neura/contract';
import type { Config } from '../config.js';
import { SkillError } from './skill-error.js';
import { type RunContext, type SkillModule, skillTool } from './skill-tool.js';
import { joinUrl, plainText, webUrl } from './text.js';

/** Results handed to the model (and the card): enough to choose from, few enough to save tokens. */
export const MAX_RESULTS = 8;
const LABEL = 'search service';

type Engine = 'searxng' | 'brave' | 'tavily';

/** The first configured engine wins: SearXNG (no key), then Brave, then Tavily. */
export function searchEngine(config: Config): Engine | undefined {
  if (config.SEARXNG_URL) return 'searxng';
  if (config.BRAVE_API_KEY) return 'brave';
  if (config.TAVILY_API_KEY) return 'tavily';
  return undefined;
}

interface SearxngAnswer {
  results?: Array<{ url?: string; title?: string; content?: string }>;
  unresponsive_engines?: Array<[string, string]>;
}
interface BraveAnswer {
  web?: { results?: Array<{ url?: string; title?: string; description?: string }> };
}
interface TavilyAnswer {
  results?: Array<{ url?: string; title?: string; content?: string }>;
}

function toResults(items: Array<{ url?: string; title?: string; snippet?: string }>): WebSearchResult[] {
  const results: WebSearchResult[] = [];
  for (const item of items) {
    const url = webUrl(item.url);
    if (!url) continue;
    results.push({ title: plainText(item.title, 200) || url, url, snippet: plainText(item.snippet) });
    if (results.length === MAX_RESULTS) break;
  }
  return results;
}

/** SearXNG's JSON API; also used by video_search with `categories=videos`. */
export async function searxng(ctx: RunContext, query: string, category: 'general' | 'videos'): Promise<SearxngAnswer> {
  const base = ctx.config.SEARXNG_URL as string;
  const url = new URL(joinUrl(base, 'search'));
  url.search = new URLSearchParams({
    q: query,
    format: 'json',
    categories: category,
    safesearch: '1',
    pageno: '1',
  }).toString();
  const { data } = await ctx.http.provider.json<SearxngAnswer>(url, { provider: LABEL, signal: ctx.signal });
  if ((data?.results ?? []).length === 0 && (data?.unresponsive_engines ?? []).length > 0) {
    const engines = (data.unresponsive_engines ?? []).map(([name, why]) => `${name}: ${why}`).join(', ');
    throw new SkillError(`The search engines behind the search service did not answer (${engines}).`);
  }
  return data ?? {};
}

async function search(ctx: RunContext, query: string): Promise<WebSearchResult[]> {
  const { config, http, signal } = ctx;
  switch (searchEngine(config)) {
    case 'searxng': {
      const data = await searxng(ctx, query, 'general');
      return toResults((data.results ?? []).map((r) => ({ url: r.url, title: r.title, snippet: r.content })));
    }
    case 'brave': {
      const url = new URL(joinUrl(config.BRAVE_API_URL, 'web/search'));
      url.search = new URLSearchParams({ q: query, count: String(MAX_RESULTS), safesearch: 'moderate' }).toString();
      const { data } = await http.provider.json<BraveAnswer>(url, {
        provider: LABEL,
        headers: { 'X-Subscription-Token': config.BRAVE_API_KEY as string },
        signal,
      });
      return toResults((data?.web?.results ?? []).map((r) => ({ url: r.url, title: r.title, snippet: r.description })));
    }
    case 'tavily': {
      const { data } = await http.provider.json<TavilyAnswer>(joinUrl(config.TAVILY_API_URL, 'search'), {
        provider: LABEL,
        headers: { Authorization: `Bearer ${config.TAVILY_API_KEY}` },
        json: { query, search_depth: 'basic', max_results: MAX_RESULTS, include_answer: false, topic: 'general' },
        signal,
      });
      return toResults((data?.results ?? []).map((r) => ({ url: r.url, title: r.title, snippet: r.content })));
    }
    default:
      throw new SkillError('Web search is not configured on this server.');
  }
}

export const webSearchSkill: SkillModule<'web_search'> = {
  id: 'web_search',
  available: (config) => searchEngine(config) !== undefined,
  create: (ctx) =>
    skillTool(ctx, {
      id: 'web_search',
      label: LABEL,
      description:
        'Search the web. Returns up to 8 results with title, url and snippet. Use read_url on a result to read the page itself.',
      run: async ({ query }, run) => ({ results: await search(run, query) }),
    }),
};
