import { type CSSProperties, lazy, Suspense, useState } from 'react';
import { createPortal } from 'react-dom';
import { mediaTexts } from '../texts/app-texts';
import { Button } from '../ui/button';
import { fileSrc } from '../ui/file-url';
import { useSendInChat } from './chat-send-context';
import type { ChatImage } from './types';

const Lightbox = lazy(() => import('./lightbox'));
const CanvasEditor = lazy(() => import('./canvas-editor'));

/** Never wider than its own pixels (a small picture is not blown up), once its size is known. */
export function naturalSizeStyle(image: ChatImage): CSSProperties | undefined {
  if (!image.width || !image.height) return undefined;
  return { aspectRatio: `${image.width} / ${image.height}`, maxWidth: `${image.width}px` };
}

/**
 * Images as a grid of thumbnails, each at most at its natural size; each opens the lightbox (zoom,
 * download, "Edit this image", which opens the canvas editor). The lightbox and the editor load on
 * first use, in their own chunks. `showSize`: the pixel size ("800 × 600") under each picture.
 */
export function ImageGrid({
  images,
  alt,
  compact = false,
  showSize = false,
}: {
  images: ChatImage[];
  alt: (image: ChatImage, index: number) => string;
  compact?: boolean;
  showSize?: boolean;
}) {
  const [open, setOpen] = useState<number | null>(null);
  const [editing, setEditing] = useState<ChatImage | null>(null);
  const send = useSendInChat();
  const single = images.length === 1;
  const current = open === null ? undefined : images[open];
  return (
    <>
      <ul
        className={`grid gap-2 ${single ? 'grid-cols-1' : 'grid-cols-2'} ${compact ? 'max-w-60' : 'max-w-md'}`}
        data-testid="image-grid"
      >
        {images.map((image, i) => (
          <li key={image.id}>
            <Button
              onClick={() => setOpen(i)}
              aria-label={mediaTexts.open(i + 1)}
              className="block w-full overflow-hidden rounded-lg border border-border bg-surface-3"
              style={naturalSizeStyle(image)}
            >
              <img
                src={fileSrc(image.url)}
                alt={alt(image, i)}
                width={image.width ?? undefined}
                height={image.height ?? undefined}
                loading="lazy"
                decoding="async"
                className="h-full w-full object-cover"
                data-testid="image-result"
                data-file-id={image.id}
              />
            </Button>
            {showSize && image.width && image.height ? (
              <p className="mt-1 text-xs text-muted tabular-nums" data-testid="image-size" aria-hidden="true">
                {mediaTexts.pixelSize(image.width, image.height)}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
      {/* Portals: a message row is transformed (virtual list), which would trap position: fixed. */}
      {current
        ? createPortal(
            <Suspense fallback={null}>
              <Lightbox
                image={current}
                alt={alt(current, open ?? 0)}
                onClose={() => setOpen(null)}
                onEdit={
                  send
                    ? () => {
                        setOpen(null);
                        setEditing(current);
                      }
                    : undefined
                }
              />
            </Suspense>,
            document.body,
          )
        : null}
      {editing && send
        ? createPortal(
            <Suspense fallback={null}>
              <CanvasEditor image={editing} onSend={send} onClose={() => setEditing(null)} />
            </Suspense>,
            document.body,
          )
        : null}
    </>
  );
}
