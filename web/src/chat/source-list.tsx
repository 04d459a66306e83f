import type { Message, SourceItem, SourcesPart } from '@neura/contract';
import { errorMessage } from '../api/app-error';
import { apiFetch } from '../api/http';
import { mediaTexts } from '../texts/app-texts';
import { documentTexts } from '../texts/documents';
import { Button } from '../ui/button';
import { showToast } from '../ui/toast-store';

const t = mediaTexts.documents;

/**
 * Opens the owner's document at the cited page: its bytes fetched with the session (documents are
 * never behind a public link), shown in a new tab (`#page=N`, which browsers' PDF viewers follow).
 */
async function openSource(item: SourceItem): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const blob = await (await apiFetch(`/files/${encodeURIComponent(item.fileId)}`)).blob();
    const url = `${URL.createObjectURL(blob)}${item.page ? `#page=${item.page}` : ''}`;
    if (tab) tab.location.href = url;
    else window.location.assign(url);
  } catch (error) {
    tab?.close();
    showToast({ severity: 'error', message: errorMessage(error) });
  }
}

/**
 * A reply's citations (issue #45): file, page and the quoted passage, each opening the document there;
 * or, when the documents were left out for their price, a line saying so.
 */
export function SourceList({ message }: { message: Message }) {
  const sources = message.parts?.find((p): p is SourcesPart => p.type === 'sources');
  if (sources?.unpaid && !sources.items.length)
    return (
      <p className="mt-2 border-t border-border pt-2 text-xs text-muted" data-testid="sources-left-out">
        {documentTexts.leftOut(sources.unpaid)}
      </p>
    );
  if (!sources?.items.length) return null;
  return (
    <section className="mt-2 border-t border-border pt-2" data-testid="sources" aria-label={t.sources}>
      <h3 className="mb-1 text-xs font-semibold text-muted">{t.sources}</h3>
      <ol className="flex flex-col gap-1">
        {sources.items.map((item) => (
          <li key={`${item.fileId}-${item.page ?? 0}`}>
            <Button
              onClick={() => void openSource(item)}
              aria-label={t.open(item.name)}
              className="w-full rounded-lg px-2 py-1 text-start text-xs hover:bg-surface"
              data-testid="source"
            >
              <span className="font-medium text-fg">
                {item.name}
                {item.page ? ` · ${t.page(item.page)}` : ''}
              </span>
              <q className="mt-0.5 block text-muted">{item.snippet}</q>
            </Button>
          </li>
        ))}
      </ol>
    </section>
  );
}
