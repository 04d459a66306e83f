import { type Video, videoFromUrl } from '@neura/contract';
import type { Config } from '../config.js';
import { SkillError } from './skill-error.js';
import { type RunContext, type SkillModule, skillTool } from './skill-tool.js';
import { joinUrl, plainText, webUrl } from './text.js';
import { searxng } from './web-search.js';

export const MAX_VIDEOS = 8;

/** SearXNG (no key) first, then the YouTube Data API. */
export function videoEngine(config: Config): 'searxng' | 'youtube' | undefined {
  if (config.SEARXNG_URL) return 'searxng';
  if (config.YOUTUBE_API_KEY) return 'youtube';
  return undefined;
}

interface YouTubeAnswer {
  items?: Array<{
    id?: { kind?: string; videoId?: string };
    snippet?: { title?: string; thumbnails?: Record<string, { url?: string } | undefined> };
  }>;
}

function toVideo(url: string | undefined, title: string | undefined, thumbnail: unknown): Video | undefined {
  const found = url ? videoFromUrl(url) : undefined;
  if (!found) return undefined;
  const thumb = webUrl(thumbnail);
  return {
    title: plainText(title, 200) || found.url,
    ...found,
    ...(thumb?.startsWith('https:') ? { thumbnail: thumb } : {}),
  };
}

async function findVideos(ctx: RunContext, query: string): Promise<Video[]> {
  const videos: Video[] = [];
  const add = (video: Video | undefined) => {
    if (video && videos.length < MAX_VIDEOS && !videos.some((v) => v.url === video.url)) videos.push(video);
  };
  if (videoEngine(ctx.config) === 'searxng') {
    const data = await searxng(ctx, query, 'videos');
    for (const r of (data.results ?? []) as Array<{ url?: string; title?: string; thumbnail?: string }>)
      add(toVideo(r.url, r.title, r.thumbnail));
    return videos;
  }
  if (videoEngine(ctx.config) === 'youtube') {
    const url = new URL(joinUrl(ctx.config.YOUTUBE_API_URL, 'search'));
    url.search = new URLSearchParams({
      part: 'snippet',
      type: 'video',
      q: query,
      maxResults: String(MAX_VIDEOS),
      safeSearch: 'moderate',
      key: ctx.config.YOUTUBE_API_KEY as string,
    }).toString();
    const { data } = await ctx.http.provider.json<YouTubeAnswer>(url, {
      provider: 'video service',
      signal: ctx.signal,
    });
    for (const item of data?.items ?? []) {
      const id = item.id?.videoId;
      if (!id) continue;
      const thumbs = item.snippet?.thumbnails ?? {};
      const thumbnail = thumbs.medium?.url ?? thumbs.high?.url ?? thumbs.default?.url;
      add(toVideo(`https://www.youtube.com/watch?v=${encodeURIComponent(id)}`, item.snippet?.title, thumbnail));
    }
    return videos;
  }
  throw new SkillError('Video search is not configured on this server.');
}

export const videoSearchSkill: SkillModule<'video_search'> = {
  id: 'video_search',
  available: (config) => videoEngine(config) !== undefined,
  create: (ctx) =>
    skillTool(ctx, {
      id: 'video_search',
      label: 'video service',
      description:
        'Search for videos (YouTube, Vimeo, Twitch and video files). The user sees them as a playable gallery; mention the best ones briefly.',
      run: async ({ query }, run) => ({ videos: await findVideos(run, query) }),
    }),
};
