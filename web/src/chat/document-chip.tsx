import { useDocumentState } from '../files/document-status';
import type { MessageAttachment, UploadedFile } from '../files/types';
import { mediaTexts } from '../texts/app-texts';
import { documentTexts } from '../texts/documents';

const t = mediaTexts.documents;
type ChipFile = Pick<UploadedFile, 'status' | 'pages' | 'error' | 'progress'>;

/** A document's status as the chip says it: reading (with the pages read so far), ready (with its pages) or failed. */
function statusText(file: ChipFile | undefined): string | null {
  if (!file) return null;
  if (file.status === 'processing')
    return file.progress ? documentTexts.chip.progress(file.progress.done, file.progress.total) : t.processing;
  if (file.status === 'failed') return file.error ?? t.failed;
  return file.pages ? t.pages(file.pages) : t.ready;
}

/** A document as a chip: a page icon, its name, its pages and status (issue #45). */
export function DocumentChip({ name, file }: { name: string; file?: ChipFile | Pick<MessageAttachment, 'pages'> }) {
  const status = file && 'status' in file ? statusText(file) : file?.pages ? t.pages(file.pages) : null;
  const progress = file && 'progress' in file && file.status === 'processing' ? file.progress : undefined;
  const percent = progress ? Math.round((100 * progress.done) / Math.max(1, progress.total)) : 0;
  return (
    <div
      className="flex h-full min-w-0 items-center gap-2 px-2 pe-7 text-start"
      data-testid="document-chip"
      data-status={file && 'status' in file ? file.status : undefined}
    >
      <svg
        width="22"
        height="22"
        viewBox="0 0 24 24"
        aria-hidden="true"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        className="shrink-0 text-muted"
      >
        <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
        <path d="M14 3v5h5" />
      </svg>
      <span className="min-w-0">
        <span className="block truncate text-sm text-fg">{name}</span>
        {status ? <span className="block truncate text-xs text-muted">{status}</span> : null}
        {progress ? (
          <span
            className="mt-0.5 block h-1 w-full overflow-hidden rounded-full bg-surface-3"
            role="progressbar"
            aria-label={status ?? ''}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
          >
            <span className="block h-full bg-accent transition-[width]" style={{ width: `${percent}%` }} />
          </span>
        ) : null}
      </span>
    </div>
  );
}

/** The documents a user message carries, as chips above its text. */
export function DocumentChips({ documents }: { documents: MessageAttachment[] }) {
  if (documents.length === 0) return null;
  return (
    <ul className="flex max-w-[85%] flex-wrap justify-end gap-2" data-testid="message-documents">
      {documents.map((d) => (
        <li key={d.id} className="h-12 w-56 rounded-lg border border-border bg-surface-2">
          <SentDocumentChip attachment={d} />
        </li>
      ))}
    </ul>
  );
}

/** A sent document's chip: what this tab last heard of it (`file.updated`), else what the message says. */
function SentDocumentChip({ attachment }: { attachment: MessageAttachment }) {
  const live = useDocumentState(attachment.id);
  return <DocumentChip name={attachment.name ?? live?.name ?? ''} file={live ?? attachment} />;
}
