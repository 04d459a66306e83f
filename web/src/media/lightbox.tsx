import { useId, useState } from 'react';
import { mediaTexts } from '../texts/app-texts';
import { Button } from '../ui/button';
import { downloadName, fileSrc } from '../ui/file-url';
import { ModalShell } from '../ui/modal';
import type { ChatImage } from './types';

const ZOOMS = [1, 1.5, 2, 3, 4] as const;

/** One image large: zoom in and out (buttons, + and - keys), download, and "Edit this image". */
export default function Lightbox({
  image,
  alt,
  onClose,
  onEdit,
}: {
  image: ChatImage;
  alt: string;
  onClose: () => void;
  onEdit?: () => void;
}) {
  const titleId = useId();
  const [step, setStep] = useState(0);
  const zoom = ZOOMS[step] ?? 1;
  const zoomIn = () => setStep((s) => Math.min(ZOOMS.length - 1, s + 1));
  const zoomOut = () => setStep((s) => Math.max(0, s - 1));
  const src = fileSrc(image.url);
  const button =
    'flex h-10 min-w-10 items-center justify-center rounded-lg border border-border bg-surface-3 px-3 text-sm font-medium disabled:opacity-40';
  return (
    <ModalShell
      open
      onClose={onClose}
      labelledBy={titleId}
      modalId="lightbox"
      className="flex h-[90dvh] flex-col sm:h-[85dvh] sm:max-w-5xl"
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: + and - zoom, as the buttons do. */}
      <div
        className="flex min-h-0 flex-1 flex-col"
        onKeyDown={(e) => {
          if (e.key === '+' || e.key === '=') zoomIn();
          else if (e.key === '-') zoomOut();
        }}
      >
        <header className="flex items-center gap-2 border-b border-border px-4 py-2">
          <h2 id={titleId} className="min-w-0 flex-1 truncate font-semibold">
            {mediaTexts.lightbox.title}
            {image.width && image.height ? (
              <span className="ms-2 text-sm font-normal text-muted">
                {image.width} × {image.height}
              </span>
            ) : null}
          </h2>
          <Button onClick={onClose} aria-label={mediaTexts.lightbox.close} className={button} data-autofocus>
            <span aria-hidden="true">×</span>
          </Button>
        </header>
        <div className="min-h-0 flex-1 overflow-auto bg-black/40" data-testid="lightbox-stage">
          <div
            className="flex min-h-full min-w-full items-center justify-center p-2"
            style={{ width: `${zoom * 100}%`, height: zoom === 1 ? '100%' : undefined }}
          >
            <img
              src={src}
              alt={alt}
              className={zoom === 1 ? 'max-h-full max-w-full object-contain' : 'max-w-none'}
              style={zoom === 1 ? undefined : { width: '100%' }}
              data-testid="lightbox-image"
              data-zoom={zoom}
            />
          </div>
        </div>
        <footer className="flex flex-wrap items-center gap-2 border-t border-border px-4 py-2">
          <Button onClick={zoomOut} disabled={step === 0} aria-label={mediaTexts.lightbox.zoomOut} className={button}>
            <span aria-hidden="true">−</span>
          </Button>
          <span className="w-12 text-center text-sm tabular-nums" aria-live="polite">
            {mediaTexts.lightbox.zoom(Math.round(zoom * 100))}
          </span>
          <Button
            onClick={zoomIn}
            disabled={step === ZOOMS.length - 1}
            aria-label={mediaTexts.lightbox.zoomIn}
            className={button}
          >
            <span aria-hidden="true">+</span>
          </Button>
          <Button onClick={() => setStep(0)} disabled={step === 0} className={button}>
            {mediaTexts.lightbox.zoomReset}
          </Button>
          <span className="flex-1" />
          <a href={src} download={downloadName(image.id, image.mimeType)} className={button}>
            {mediaTexts.lightbox.download}
          </a>
          {onEdit ? (
            <Button onClick={onEdit} variant="primary" size="sm" className="h-10">
              {mediaTexts.lightbox.edit}
            </Button>
          ) : null}
        </footer>
      </div>
    </ModalShell>
  );
}
