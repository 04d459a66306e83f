import { VIDEO_FORMATS } from './constants.js';
import type { Video } from './skills.js';

/**
 * A video result's provider and embed address (SPEC.md §9: YouTube, Vimeo, Twitch, and direct
 * files mp4/ogg/webm/mov/flv/wmv/mkv). Anything else is not a video the gallery can show.
 * Twitch embeds still need `&parent=<page host>`, which only the page knows.
 */
export function videoFromUrl(raw: string): Pick<Video, 'provider' | 'embedUrl' | 'url'> | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  const host = url.hostname.replace(/^(www\.|m\.)/, '');
  const id = (value: string | null | undefined) => (value && /^[\w-]{1,64}$/.test(value) ? value : undefined);

  if (host === 'youtube.com' || host === 'youtube-nocookie.com' || host === 'youtu.be') {
    const parts = url.pathname.split('/').filter(Boolean);
    const videoId =
      host === 'youtu.be'
        ? id(parts[0])
        : parts[0] === 'watch'
          ? id(url.searchParams.get('v'))
          : ['shorts', 'embed', 'live', 'v'].includes(parts[0] ?? '')
            ? id(parts[1])
            : undefined;
    if (!videoId) return undefined;
    return {
      provider: 'youtube',
      url: `https://www.youtube.com/watch?v=${videoId}`,
      embedUrl: `https://www.youtube-nocookie.com/embed/${videoId}`,
    };
  }
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const videoId = url.pathname.split('/').filter((p) => /^\d+$/.test(p))[0];
    if (!videoId) return undefined;
    return {
      provider: 'vimeo',
      url: `https://vimeo.com/${videoId}`,
      embedUrl: `https://player.vimeo.com/video/${videoId}`,
    };
  }
  if (host === 'twitch.tv' || host === 'clips.twitch.tv') {
    const parts = url.pathname.split('/').filter(Boolean);
    if (host === 'clips.twitch.tv' || parts[1] === 'clip') {
      const clip = id(host === 'clips.twitch.tv' ? parts[0] : parts[2]);
      return clip
        ? { provider: 'twitch', url: url.toString(), embedUrl: `https://clips.twitch.tv/embed?clip=${clip}` }
        : undefined;
    }
    if (parts[0] === 'videos' && parts[1] && /^\d+$/.test(parts[1]))
      return { provider: 'twitch', url: url.toString(), embedUrl: `https://player.twitch.tv/?video=${parts[1]}` };
    const channel = id(parts[0]);
    return channel && parts.length === 1
      ? { provider: 'twitch', url: url.toString(), embedUrl: `https://player.twitch.tv/?channel=${channel}` }
      : undefined;
  }
  const extension = url.pathname.split('.').pop()?.toLowerCase() ?? '';
  if ((VIDEO_FORMATS as readonly string[]).includes(extension)) return { provider: 'file', url: url.toString() };
  return undefined;
}
