import { type FakeServer, sendJson, startFakeServer } from './http.js';

/** YouTube Data API v3 `GET /search?part=snippet&type=video&q=&key=` (YOUTUBE_API_URL = url). */
export async function startFakeYouTube(key = 'yt-key'): Promise<FakeServer> {
  return startFakeServer((req, res) => {
    if (req.url.pathname !== '/search') return sendJson(res, 404, { error: { code: 404, message: 'Not Found' } });
    if (req.url.searchParams.get('key') !== key)
      return sendJson(res, 400, { error: { code: 400, message: 'API key not valid. Please pass a valid API key.' } });
    const q = req.url.searchParams.get('q') ?? '';
    sendJson(res, 200, {
      kind: 'youtube#searchListResponse',
      nextPageToken: 'CAUQAA',
      pageInfo: { totalResults: 2, resultsPerPage: 2 },
      items: ['abcDEF12345', 'xyz_-987654'].map((videoId, i) => ({
        kind: 'youtube#searchResult',
        id: { kind: 'youtube#video', videoId },
        snippet: {
          publishedAt: '2026-01-01T00:00:00Z',
          channelId: 'UC1',
          title: `${q} video ${i + 1}`,
          description: 'desc',
          thumbnails: {
            default: { url: `https://i.ytimg.com/vi/${videoId}/default.jpg`, width: 120, height: 90 },
            medium: { url: `https://i.ytimg.com/vi/${videoId}/mqdefault.jpg`, width: 320, height: 180 },
          },
          channelTitle: 'Channel',
          liveBroadcastContent: 'none',
        },
      })),
    });
  });
}

export const youtubeQuotaError = {
  status: 403,
  body: {
    error: {
      code: 403,
      message: 'The request cannot be completed because you have exceeded your quota.',
      errors: [{ message: 'quota', domain: 'youtube.quota', reason: 'quotaExceeded' }],
    },
  },
};
