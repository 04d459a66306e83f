import { VIDEO_FRAME_HOSTS, type Video, videoFromUrl } from '@neura/contract';
import { useState } from 'react';
import { skillTexts } from '../../texts/app-texts';
import { Button } from '../../ui/button';
import { ProxiedImg } from '../../ui/outside-image';

/** Twitch refuses to play without `parent` = the embedding page's host (localhost in the native app). */
function embedSrc(video: Video): string | undefined {
  // Rebuilt from the page URL: a stored embed address is never framed as is.
  const embed = videoFromUrl(video.url)?.embedUrl;
  if (!embed || !VIDEO_FRAME_HOSTS.some((host) => embed.startsWith(`${host}/`))) return undefined;
  const url = new URL(embed);
  if (video.provider === 'twitch') url.searchParams.set('parent', globalThis.location?.hostname || 'localhost');
  else url.searchParams.set('autoplay', '1');
  return url.toString();
}

/** One video: a thumbnail button first; the player (iframe or <video>) loads only when clicked. */
export function VideoTile({ video }: { video: Video }) {
  const [playing, setPlaying] = useState(false);
  const src = video.provider === 'file' ? undefined : embedSrc(video);
  if (playing && video.provider === 'file') {
    return (
      <figure className="min-w-0">
        {/* biome-ignore lint/a11y/useMediaCaption: third-party videos come without captions. */}
        <video controls preload="metadata" src={video.url} className="aspect-video w-full rounded-lg bg-black" autoPlay>
          {skillTexts.videoUnsupported}
        </video>
        <figcaption className="mt-1 flex justify-between gap-2 text-xs">
          <span className="truncate">{video.title}</span>
          <a href={video.url} download className="shrink-0 text-accent-text hover:underline">
            {skillTexts.download}
          </a>
        </figcaption>
      </figure>
    );
  }
  if (playing && src) {
    return (
      <figure className="min-w-0">
        <iframe
          src={src}
          title={video.title}
          className="aspect-video w-full rounded-lg bg-black"
          loading="lazy"
          allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          data-testid="video-embed"
        />
        <figcaption className="mt-1 truncate text-xs">{video.title}</figcaption>
      </figure>
    );
  }
  const playable = video.provider === 'file' || src !== undefined;
  return (
    <figure className="min-w-0">
      {playable ? (
        <Button
          onClick={() => setPlaying(true)}
          aria-label={skillTexts.play(video.title)}
          className="group relative block aspect-video w-full overflow-hidden rounded-lg bg-surface-3"
          data-testid="video-play"
        >
          {video.thumbnail ? (
            <ProxiedImg
              src={video.thumbnail}
              alt=""
              loading="lazy"
              referrerPolicy="no-referrer"
              className="h-full w-full object-cover"
            />
          ) : null}
          <span
            aria-hidden="true"
            className="absolute inset-0 m-auto flex h-12 w-12 items-center justify-center rounded-full bg-black/70 text-xl text-white group-hover:bg-accent"
          >
            ▶
          </span>
        </Button>
      ) : null}
      <figcaption className="mt-1 flex justify-between gap-2 text-xs">
        <span className="truncate">{video.title}</span>
        <a
          href={video.url}
          target="_blank"
          rel="noopener noreferrer nofollow"
          className="shrink-0 text-accent-text hover:underline"
        >
          {skillTexts.openVideo}
        </a>
      </figcaption>
    </figure>
  );
}
