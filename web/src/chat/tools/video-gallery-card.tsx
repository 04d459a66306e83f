import type { Video } from '@neura/contract';
import { skillTexts } from '../../texts/app-texts';
import { VideoTile } from './video-tile';

/** video_search: a gallery of YouTube / Vimeo / Twitch embeds and video files, each lazy (click to play). */
export function VideoGalleryCard({ videos }: { videos: Video[] }) {
  if (videos.length === 0) return <p className="text-muted">{skillTexts.noResults}</p>;
  return (
    <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2" data-testid="video-gallery">
      {videos.map((video) => (
        <li key={video.url}>
          <VideoTile video={video} />
        </li>
      ))}
    </ul>
  );
}
