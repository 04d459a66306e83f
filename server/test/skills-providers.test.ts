import type { Skill } from '@neura/contract';
import { startFakeBrave } from '@neura/test-kit/fakes/brave';
import { type FakeServer, startFakeServer } from '@neura/test-kit/fakes/http';
import { startFakeSearxng } from '@neura/test-kit/fakes/searxng';
import { startFakeTavily } from '@neura/test-kit/fakes/tavily';
import { startFakeYouTube, youtubeQuotaError } from '@neura/test-kit/fakes/youtube';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import type { Realtime } from '../src/realtime/realtime.js';
import { SkillRegistry } from '../src/skills/registry.js';

/**
 * The skills' provider code against local fakes of each provider's wire format, one engine at a
 * time (which engine a skill uses is configuration). Tools are executed directly as the SDK would.
 */
describe('skill providers', () => {
  let brave: FakeServer;
  let tavily: FakeServer;
  let youtube: FakeServer;
  let searxng: FakeServer;
  let pages: FakeServer;
  const registries: SkillRegistry[] = [];

  const ARTICLE = `<!doctype html><html><head><title>Fallback title</title><script>window.secret = "do not read"</script></head>
<body><nav><a href="/home">Home</a> | <a href="/about">About</a></nav>
<article><h1>How Neura reads pages</h1>
<p>Neura fetches the page through a safe client and keeps only the readable article. This paragraph is long enough for
Readability to consider it content, with several sentences about the topic at hand and <a href="/more">a relative link</a>.</p>
<p>A second paragraph adds more words so the article clearly wins over navigation, footers and scripts on the page.
It talks about markdown output and caps.</p></article><footer>Copyright footer</footer></body></html>`;

  beforeAll(async () => {
    [brave, tavily, youtube, searxng] = await Promise.all([
      startFakeBrave(),
      startFakeTavily(),
      startFakeYouTube(),
      startFakeSearxng(),
    ]);
    pages = await startFakeServer((req, res) => {
      if (req.url.pathname === '/article') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(ARTICLE);
      } else if (req.url.pathname === '/notes.txt') {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end('plain notes');
      } else if (req.url.pathname === '/image.png') {
        res.writeHead(200, { 'content-type': 'image/png' });
        res.end(Buffer.from([0x89, 0x50]));
      } else {
        res.writeHead(404, { 'content-type': 'text/html' });
        res.end('<h1>missing</h1>');
      }
    });
  });
  afterAll(async () => {
    await Promise.all(registries.map((r) => r.close()));
    await Promise.all([brave, tavily, youtube, searxng, pages].map((f) => f.close()));
  });

  /** Runs one skill's tool as the AI SDK would, with a registry built from this env. */
  async function run(env: Record<string, string>, skill: Skill, input: Record<string, unknown>) {
    const registry = new SkillRegistry(loadConfig({ NODE_ENV: 'test', ...env }), {} as Realtime);
    registries.push(registry);
    const tools = registry.toolsFor([skill], {
      user: { id: 'u' },
      chat: { id: 'c' },
      persona: { id: 'p' },
      messageId: 'm',
      signal: new AbortController().signal,
    });
    const execute = tools?.[skill]?.execute;
    if (!execute) throw new Error(`${skill} is not available with this env`);
    return execute(input as never, { toolCallId: 'call', messages: [] });
  }

  it('should say which skills each configuration makes available', () => {
    const none = new SkillRegistry(loadConfig({ NODE_ENV: 'test' }), {} as Realtime);
    registries.push(none);
    const available = none
      .list()
      .filter((s) => s.available)
      .map((s) => s.id);
    // Keyless: the local image operations (sharp) and the keyless providers.
    expect(available).toEqual([
      'repair_image',
      'rotate_image',
      'resize_image',
      'read_url',
      'forecast_weather',
      'check_domain',
    ]);
    const costed = new SkillRegistry(
      loadConfig({ NODE_ENV: 'test', BRAVE_API_KEY: 'k', SKILL_COSTS: '{"web_search":3}' }),
      {} as Realtime,
    );
    registries.push(costed);
    expect(costed.list().find((s) => s.id === 'web_search')).toEqual({ id: 'web_search', available: true, cost: 3 });
    expect(() => loadConfig({ SKILL_COSTS: '{"web_search":-1}' })).toThrow(/SKILL_COSTS/);
  });

  it('should search with Brave and with Tavily, capped at 8 results', async () => {
    const b = await run({ BRAVE_API_KEY: 'brave-key', BRAVE_API_URL: brave.url }, 'web_search', { query: 'cats' });
    expect(b.results).toHaveLength(8);
    expect(b.results[0]).toEqual({
      title: 'Brave 1: cats',
      url: 'https://brave.example.com/1',
      snippet: 'cats described',
    });
    expect(brave.requests.at(-1)?.headers['x-subscription-token']).toBe('brave-key');

    const t = await run({ TAVILY_API_KEY: 'tvly-key', TAVILY_API_URL: tavily.url }, 'web_search', { query: 'dogs' });
    expect(t.results).toHaveLength(8);
    expect(t.results[0]).toEqual({
      title: 'Tavily 1: dogs',
      url: 'https://tavily.example.net/1',
      snippet: 'About dogs',
    });
    expect(tavily.requests.at(-1)?.body).toMatchObject({ query: 'dogs', max_results: 8 });

    await expect(
      run({ BRAVE_API_KEY: 'wrong', BRAVE_API_URL: brave.url }, 'web_search', { query: 'x' }),
    ).rejects.toThrow(/refused the request \(HTTP 401\)/);
  });

  it('should build a video gallery from SearXNG and from YouTube', async () => {
    const s = await run({ SEARXNG_URL: searxng.url }, 'video_search', { query: 'jazz' });
    expect(s.videos.map((v: { provider: string }) => v.provider)).toEqual(['youtube', 'vimeo', 'twitch', 'file']);
    expect(s.videos[0]).toEqual({
      title: 'jazz — the YouTube video',
      url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      provider: 'youtube',
      embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      thumbnail: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
    });
    expect(s.videos[1].embedUrl).toBe('https://player.vimeo.com/video/76979871');
    expect(s.videos[2].embedUrl).toBe('https://player.twitch.tv/?video=123456789');
    expect(searxng.requests.at(-1)?.url.searchParams.get('categories')).toBe('videos');

    const env = { YOUTUBE_API_KEY: 'yt-key', YOUTUBE_API_URL: youtube.url };
    const y = await run(env, 'video_search', { query: 'piano' });
    expect(y.videos).toHaveLength(2);
    expect(y.videos[0]).toMatchObject({
      provider: 'youtube',
      embedUrl: 'https://www.youtube-nocookie.com/embed/abcDEF12345',
      thumbnail: 'https://i.ytimg.com/vi/abcDEF12345/mqdefault.jpg',
    });
    youtube.fail(youtubeQuotaError);
    await expect(run(env, 'video_search', { query: 'piano' })).rejects.toThrow(/HTTP 403.*exceeded your quota/);
    youtube.fail(undefined);
  });

  it('should read an article as markdown without scripts or navigation', async () => {
    const env = { OUTBOUND_ALLOW: pages.hostPort };
    const page = await run(env, 'read_url', { url: `${pages.url}/article` });
    expect(page.url).toBe(`${pages.url}/article`);
    expect(page.title).toBe('Fallback title');
    expect(page.content).toContain('Neura fetches the page through a safe client');
    expect(page.content).toContain(`[a relative link](${pages.url}/more)`);
    expect(page.content).not.toContain('do not read');
    expect(page.content).not.toContain('About');
    expect((await run(env, 'read_url', { url: `${pages.url}/notes.txt` })).content).toBe('plain notes');
    await expect(run(env, 'read_url', { url: `${pages.url}/image.png` })).rejects.toThrow(/not a readable page/);
    await expect(run(env, 'read_url', { url: `${pages.url}/gone` })).rejects.toThrow(/HTTP 404/);
    // Without the exemption the same loopback page is refused.
    await expect(run({}, 'read_url', { url: `${pages.url}/article` })).rejects.toThrow('That address is not allowed.');
  });
});
