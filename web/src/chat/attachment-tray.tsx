import { mediaTexts } from '../texts/app-texts';
import { Button } from '../ui/button';
import { DocumentChip } from './document-chip';
import type { PendingAttachment } from './use-attachments';

/** Thumbnails of the composer's images, each with its upload progress and a remove button. */
export function AttachmentTray({ items, onRemove }: { items: PendingAttachment[]; onRemove: (key: number) => void }) {
  if (items.length === 0) return null;
  return (
    <ul className="mx-auto mb-2 flex w-full max-w-3xl gap-2 overflow-x-auto" aria-label={mediaTexts.attachments}>
      {items.map((item, i) => {
        const percent = Math.round(item.progress * 100);
        return (
          <li
            key={item.key}
            className={`relative h-16 shrink-0 overflow-hidden rounded-lg border border-border bg-surface-2 ${item.document ? 'w-48' : 'w-16'}`}
            data-testid="attachment"
            data-state={item.uploaded ? 'uploaded' : 'uploading'}
          >
            {item.document ? (
              <DocumentChip name={item.name} file={item.uploaded} />
            ) : (
              <img src={item.preview} alt={mediaTexts.attachment(i + 1)} className="h-full w-full object-cover" />
            )}
            {item.uploaded ? null : (
              <div
                className="absolute inset-x-1 bottom-1 h-1.5 overflow-hidden rounded-full bg-black/40"
                role="progressbar"
                aria-label={mediaTexts.uploading(percent)}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={percent}
              >
                <div className="h-full bg-accent transition-[width]" style={{ width: `${percent}%` }} />
              </div>
            )}
            <Button
              onClick={() => onRemove(item.key)}
              aria-label={item.document ? mediaTexts.documents.remove(item.name) : mediaTexts.remove(i + 1)}
              className="absolute top-0.5 end-0.5 flex h-6 w-6 items-center justify-center rounded-full bg-black/70 text-white"
            >
              <svg
                width="12"
                height="12"
                viewBox="0 0 24 24"
                aria-hidden="true"
                fill="none"
                stroke="currentColor"
                strokeWidth="3"
              >
                <path d="M6 6l12 12M18 6L6 18" />
              </svg>
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
