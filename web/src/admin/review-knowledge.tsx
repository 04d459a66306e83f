import type { ReviewKnowledge } from '@neura/contract';
import { adminTexts } from '../texts/admin';
import { formatNumber } from '../texts/format';

const t = adminTexts.documents;

/**
 * A public persona's knowledge files in the review queue (issue #45: reviewed like its texts):
 * each file's name and pages, and the text replies are grounded on (or why there is none).
 */
export function ReviewKnowledgeList({ items }: { items: readonly ReviewKnowledge[] }) {
  return (
    <details open data-testid="review-knowledge">
      <summary className="cursor-pointer text-sm font-medium">{t.reviewKnowledge}</summary>
      <ul className="mt-1 flex flex-col gap-2">
        {items.map((doc) => (
          <li key={doc.id} data-testid="review-knowledge-file">
            <p className="text-sm">
              <span className="font-medium">{doc.name}</span>
              {doc.pages ? <span className="text-muted"> · {t.reviewPages(formatNumber(doc.pages))}</span> : null}
            </p>
            {doc.status === 'ready' ? (
              <pre className="mt-1 max-h-64 overflow-auto whitespace-pre-wrap rounded-lg bg-surface-3 p-2 text-xs">
                {doc.text}
              </pre>
            ) : (
              <p className="text-xs text-muted">{doc.status === 'failed' ? t.reviewFailed : t.reviewProcessing}</p>
            )}
            {doc.truncated ? (
              <p className="text-xs text-muted">{t.reviewTruncated(formatNumber(doc.text.length))}</p>
            ) : null}
          </li>
        ))}
      </ul>
    </details>
  );
}
