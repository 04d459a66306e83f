import type { ToolCall } from '@neura/contract';
import { lazy, Suspense } from 'react';
import { ImageGrid } from '../../media/image-grid';
import { mediaTexts } from '../../texts/app-texts';
import { texts } from '../../texts/texts';

const AudioPlayer = lazy(() => import('../../media/audio-player'));

export const IMAGE_SKILLS: ReadonlySet<string> = new Set([
  'generate_image',
  'edit_image',
  'edit_image_canvas',
  'repair_image',
  'rotate_image',
  'resize_image',
]);
export const MEDIA_SKILLS: ReadonlySet<string> = new Set([...IMAGE_SKILLS, 'generate_music']);

/** "1024x1536" → its aspect ratio; anything else → square. */
function aspectOf(call: ToolCall): string {
  const size = call.skill === 'generate_image' ? call.input.size : undefined;
  const match = size ? /^(\d+)\s*[x×]\s*(\d+)$/i.exec(size) : null;
  return match ? `${match[1]} / ${match[2]}` : '1 / 1';
}

/** While an image or a track is being made: a placeholder of the expected shape and the usual wait. */
export function MediaPlaceholder({ call }: { call: ToolCall }) {
  const wait = mediaTexts.expectedWait[call.skill];
  if (call.skill === 'generate_music') {
    return (
      <div className="flex flex-col gap-2" data-testid="media-placeholder">
        <div className="flex items-center gap-3">
          <span className="h-11 w-11 shrink-0 animate-pulse rounded-full bg-surface-3" />
          <span className="h-2 flex-1 animate-pulse rounded-full bg-surface-3" />
        </div>
        {wait ? <p className="text-xs text-muted">{wait}</p> : null}
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-2" data-testid="media-placeholder">
      <div
        className="flex w-full max-w-60 animate-pulse items-center justify-center rounded-lg bg-surface-3 text-muted"
        style={{ aspectRatio: aspectOf(call) }}
      >
        <svg
          width="32"
          height="32"
          viewBox="0 0 24 24"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
        >
          <rect x="3" y="4" width="18" height="16" rx="2" />
          <circle cx="9" cy="10" r="2" />
          <path d="M21 16l-5-5-9 9" />
        </svg>
      </div>
      {wait ? <p className="text-xs text-muted">{wait}</p> : null}
    </div>
  );
}

/** A finished image or music call: the picture (grid + lightbox) or the player. */
export function MediaResult({ call }: { call: ToolCall }) {
  const output = call.output;
  if (!output || 'error' in output || !('fileId' in output)) return null;
  if (call.skill === 'generate_music') {
    return (
      <Suspense fallback={<MediaPlaceholder call={call} />}>
        <AudioPlayer id={output.fileId} url={output.url} mimeType={output.mimeType} />
      </Suspense>
    );
  }
  if (!('width' in output)) return null;
  const label = texts.explore.skills[call.skill] ?? call.skill;
  return (
    <ImageGrid
      images={[
        { id: output.fileId, url: output.url, mimeType: output.mimeType, width: output.width, height: output.height },
      ]}
      alt={(image) => mediaTexts.imageAlt(label, image.width ?? 0, image.height ?? 0)}
      showSize
    />
  );
}
