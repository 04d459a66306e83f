import { type FakeServer, sendJson, startFakeServer } from './http.js';

/**
 * SearXNG's JSON API (`GET /search?q=&format=json&categories=general|videos`), answering in the
 * real envelope; a missing `format=json` gets the 403 a real instance sends when json is off.
 */
export async function startFakeSearxng(): Promise<FakeServer> {
  return startFakeServer((req, res) => {
    if (req.url.pathname !== '/search') return sendJson(res, 404, { error: 'not found' });
    if (req.url.searchParams.get('format') !== 'json') {
      res.writeHead(403, { 'content-type': 'text/html' });
      res.end('<h1>403 Forbidden</h1>');
      return;
    }
    const q = req.url.searchParams.get('q') ?? '';
    const videos = req.url.searchParams.get('categories') === 'videos';
    const results = videos
      ? [
          {
            url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
            title: `${q} — the YouTube video`,
            content: 'A video',
            thumbnail: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
            iframe_src: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
            engine: 'youtube',
            template: 'videos.html',
            category: 'videos',
          },
          {
            url: 'https://vimeo.com/76979871',
            title: `${q} on Vimeo`,
            content: '',
            engine: 'vimeo',
            category: 'videos',
          },
          { url: 'https://www.twitch.tv/videos/123456789', title: `${q} on Twitch`, content: '', category: 'videos' },
          { url: 'https://cdn.example.org/clips/demo.mp4', title: `${q} file`, content: '', category: 'videos' },
          { url: 'https://example.org/not-a-video', title: 'Not a video', content: '', category: 'videos' },
        ]
      : Array.from({ length: 12 }, (_, i) => ({
          url: `https://example.org/${encodeURIComponent(q)}/${i + 1}`,
          title: `Result <b>${i + 1}</b> for ${q}`,
          content: `Snippet ${i + 1} about ${q} &amp; more`,
          engine: 'bing',
          engines: ['bing', 'brave'],
          score: 12 - i,
          category: 'general',
          publishedDate: null,
          thumbnail: null,
        }));
    sendJson(res, 200, {
      query: q,
      number_of_results: results.length,
      results,
      answers: [],
      corrections: [],
      infoboxes: [],
      suggestions: [],
      unresponsive_engines: [],
    });
  });
}
