import { useNavigate } from 'react-router';
import { dateFormat } from '../texts/format';
import { ioTexts } from '../texts/io';
import { Button } from '../ui/button';
import { HighlightedSnippet } from './highlighted-snippet';
import { shownSnippet } from './snippet-text';
import { MIN_QUERY, useMessageSearch } from './use-message-search';

const t = ioTexts.search;
const day = (iso: string) => dateFormat({ month: 'short', day: 'numeric', year: 'numeric' }).format(new Date(iso));

/**
 * The sidebar's message results for what is typed in its search box: the chat, who wrote it, the
 * matching words highlighted in plain text; a result opens the chat at that message. `alone`: no
 * chat name matched, so these results take the whole list's place (and say when nothing matched).
 */
export function MessageSearchResults({
  query,
  onOpen,
  alone = false,
}: {
  query: string;
  onOpen?: () => void;
  alone?: boolean;
}) {
  const search = useMessageSearch(query);
  const navigate = useNavigate();
  if (query.trim().length < MIN_QUERY) return null;
  return (
    <section
      aria-label={t.messages}
      className={`flex min-h-0 flex-col pt-2 ${alone ? 'flex-1' : 'max-h-[55%] shrink-0 border-t border-border'}`}
      data-testid="message-search"
    >
      <h3 className="px-2 pb-1 text-xs font-semibold tracking-wide text-muted uppercase">{t.messages}</h3>
      <div className="min-h-0 overflow-y-auto overscroll-contain">
        {search.items.length > 0 ? (
          <ul className="flex flex-col">
            {search.items.map((hit) => {
              const snippet = shownSnippet(hit);
              return (
                <li key={hit.messageId}>
                  <Button
                    data-testid="search-hit"
                    onClick={() => {
                      onOpen?.();
                      navigate(`/chats/${hit.chatId}?message=${encodeURIComponent(hit.messageId)}`);
                    }}
                    className="flex w-full flex-col gap-0.5 rounded-lg px-2 py-2 text-start hover:bg-surface-3"
                  >
                    <span className="flex items-center gap-2 text-xs text-muted">
                      <span className="truncate font-medium text-fg">{hit.chatName}</span>
                      {hit.archived ? (
                        <span className="shrink-0 rounded bg-surface-3 px-1.5 py-0.5 text-[10px] uppercase">
                          {t.archived}
                        </span>
                      ) : null}
                      <span className="ms-auto shrink-0">{day(hit.createdAt)}</span>
                    </span>
                    <span className="line-clamp-2 text-sm" data-testid="search-snippet">
                      <span className="text-muted">{hit.role === 'user' ? t.you : t.reply}: </span>
                      <HighlightedSnippet text={snippet.text} ranges={snippet.highlights} />
                    </span>
                    {hit.superseded ? <span className="text-[11px] text-muted">{t.olderVersion}</span> : null}
                  </Button>
                </li>
              );
            })}
          </ul>
        ) : null}
        {search.loading ? (
          <p className="px-2 py-2 text-sm text-muted" role="status">
            {t.searching}
          </p>
        ) : search.error ? (
          <p className="px-2 py-2 text-sm text-danger">{search.error}</p>
        ) : search.items.length === 0 ? (
          <p className="px-2 py-2 text-sm text-muted">{alone ? t.nothing : t.none}</p>
        ) : search.hasMore ? (
          <Button onClick={search.loadMore} className="w-full px-2 py-2 text-start text-sm text-accent hover:underline">
            {t.more}
          </Button>
        ) : null}
      </div>
    </section>
  );
}
