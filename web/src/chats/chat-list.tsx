import { CHAT_ROW_HEIGHT_PX } from '@neura/contract';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { MessageSearchResults } from '../conversation-io/message-search-results';
import { MIN_QUERY } from '../conversation-io/use-message-search';
import { useChats } from '../store/chats';
import { appTexts } from '../texts/app-texts';
import { organiseTexts } from '../texts/organise';
import { Button } from '../ui/button';
import { Field } from '../ui/field';
import { openChatId } from './chat-actions';
import { type ChatListRow, groupByFolder, groupChats, visibleChats } from './chat-list-state';
import { ChatRow } from './chat-row';
import { useChatUiStore } from './chat-ui-store';
import { useFolderDialog } from './folder-dialog';
import { FolderHeading, useChatDrop } from './folder-heading';
import { ArchiveIcon, SearchIcon } from './icons';
import { FolderPlusIcon } from './organise-icons';
import { useFolders } from './queries/folders';

/** The height of a date heading (Today, Yesterday, ...) among the 72 px rows. */
const GROUP_HEADING_PX = 32;
/** The height of a folder's heading, and of the note of an empty folder. */
const FOLDER_HEADING_PX = 44;

const rowHeight = (row: ChatListRow | undefined) =>
  row?.kind === 'group' ? GROUP_HEADING_PX : row?.kind === 'chat' ? CHAT_ROW_HEIGHT_PX : FOLDER_HEADING_PX;
const rowKey = (row: ChatListRow) =>
  row.kind === 'group'
    ? `group:${row.group}`
    : row.kind === 'folder'
      ? `folder:${row.folder.id}`
      : row.kind === 'folder-empty'
        ? `empty:${row.folderId}`
        : row.chat.id;

/** A date heading; with folders, also where a dragged chat is dropped to leave its folder. */
function DateHeading({ label, droppable }: { label: string; droppable: boolean }) {
  const { over, handlers } = useChatDrop(null);
  return (
    <div
      {...(droppable ? handlers : {})}
      title={droppable ? organiseTexts.folders.dropHint : undefined}
      className={`flex h-full w-full items-end rounded-lg px-3 pb-1 ${over ? 'bg-accent/20 outline-2 outline-accent' : ''}`}
    >
      <h3 className="text-xs font-semibold tracking-wide text-muted uppercase">{label}</h3>
    </div>
  );
}

const NO_FOLDERS: never[] = [];

/**
 * Search box (chat names here, message text in MessageSearchResults below), archived toggle and the virtualized list of 72 px rows under date headings (thousands of chats scroll
 * smoothly: only the visible rows are in the DOM). `wrapScroller` lets the mobile page add
 * pull-to-refresh around the scroll container.
 */
export function ChatList({
  className = '',
  renderScroller,
}: {
  className?: string;
  renderScroller?: (scroller: ReactNode, scrollRef: React.RefObject<HTMLDivElement | null>) => ReactNode;
}) {
  const all = useChats((s) => s.chats);
  const pending = useChatUiStore((s) => s.pending);
  // A chat being made with its first message shows once that message is accepted; a temporary
  // chat is never listed (issue #49).
  const chats = useMemo(() => all.filter((c) => !pending[c.id] && !c.temporary), [all, pending]);
  const folders = useFolders().data ?? NO_FOLDERS;
  const [collapsed, setCollapsed] = useState<Record<string, boolean>>({});
  const openFolderDialog = useFolderDialog((s) => s.open);
  const [query, setQuery] = useState('');
  const [showArchived, setShowArchived] = useState(false);
  const { pathname } = useLocation();
  const activeId = openChatId(pathname);
  const shown = useMemo(() => visibleChats(chats, query, showArchived), [chats, query, showArchived]);
  // Folders first, then under date headings (pinned on top); search results are one list.
  const rows = useMemo<ChatListRow[]>(
    () =>
      query.trim()
        ? shown.map((chat) => ({ kind: 'chat', chat }))
        : showArchived
          ? groupChats(shown, new Date())
          : groupByFolder(shown, folders, collapsed, new Date()),
    [shown, query, showArchived, folders, collapsed],
  );
  const archivedCount = useMemo(() => chats.filter((c) => c.isArchived).length, [chats]);
  const scrollRef = useRef<HTMLDivElement | null>(null);

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => rowHeight(rows[index]),
    overscan: 8,
    getItemKey: (index) => {
      const row = rows[index];
      return row ? rowKey(row) : index;
    },
    initialRect: { width: 288, height: 600 },
  });

  // A search long enough for message results, with no chat name matching: the message results
  // take the list's place ("No chats match" above message hits read as "nothing found").
  const messagesAlone = rows.length === 0 && query.trim().length >= MIN_QUERY;
  const scroller = (
    <div ref={scrollRef} className="min-h-0 flex-1 overflow-y-auto overscroll-contain" data-testid="chat-list-scroller">
      {rows.length === 0 ? (
        !query.trim() && !showArchived && archivedCount > 0 ? (
          <p className="px-3 py-6 text-center text-sm text-muted" data-testid="all-archived">
            {appTexts.chats.allArchived(archivedCount)}{' '}
            <Button onClick={() => setShowArchived(true)} className="font-medium text-fg underline underline-offset-2">
              {appTexts.chats.showArchivedAction}
            </Button>
          </p>
        ) : (
          <p className="px-3 py-6 text-center text-sm text-muted">
            {query.trim() ? appTexts.chats.noMatches : appTexts.chats.empty}
          </p>
        )
      ) : (
        <ul aria-label={appTexts.chats.list} className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            if (row.kind === 'group') {
              return (
                <li
                  key={item.key}
                  className="absolute top-0 start-0 w-full"
                  style={{ height: GROUP_HEADING_PX, transform: `translateY(${item.start}px)` }}
                  data-testid="chat-group"
                  data-group={row.group}
                >
                  <DateHeading label={appTexts.chats.groups[row.group]} droppable={folders.length > 0} />
                </li>
              );
            }
            if (row.kind === 'folder' || row.kind === 'folder-empty') {
              return (
                <li
                  key={item.key}
                  className="absolute top-0 start-0 w-full py-0.5"
                  style={{ height: FOLDER_HEADING_PX, transform: `translateY(${item.start}px)` }}
                >
                  {row.kind === 'folder' ? (
                    <FolderHeading
                      folder={row.folder}
                      count={row.count}
                      collapsed={row.collapsed}
                      onToggle={() => setCollapsed((c) => ({ ...c, [row.folder.id]: !row.collapsed }))}
                    />
                  ) : (
                    <p className="truncate px-9 py-2 text-xs text-muted" title={organiseTexts.folders.empty}>
                      {organiseTexts.folders.empty}
                    </p>
                  )}
                </li>
              );
            }
            const { chat } = row;
            return (
              <li
                key={item.key}
                className="absolute top-0 start-0 w-full"
                style={{ height: CHAT_ROW_HEIGHT_PX, transform: `translateY(${item.start}px)` }}
              >
                <ChatRow chat={chat} active={chat.id === activeId} />
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );

  return (
    <div className={`flex min-h-0 flex-col gap-2 ${className}`}>
      <div className="flex items-center gap-2 px-1">
        <Field label={appTexts.chats.search} hideLabel className="flex-1">
          {(control) => (
            <div className="relative">
              <span className="pointer-events-none absolute top-1/2 start-2.5 -translate-y-1/2 text-muted">
                <SearchIcon />
              </span>
              <input
                {...control}
                type="search"
                value={query}
                onChange={(e) => setQuery(e.target.value)}
                placeholder={appTexts.chats.searchPlaceholder}
                className="w-full rounded-lg border border-border bg-surface py-2 pe-2 ps-9 text-sm placeholder:text-muted"
              />
            </div>
          )}
        </Field>
        <Button
          onClick={() => openFolderDialog({ kind: 'create' })}
          aria-label={organiseTexts.folders.newFolder}
          title={organiseTexts.folders.newFolder}
          data-testid="new-folder"
          className="flex h-9 items-center rounded-lg border border-border px-2 text-sm text-muted hover:text-fg"
        >
          <FolderPlusIcon />
        </Button>
        {archivedCount > 0 || showArchived ? (
          <Button
            onClick={() => setShowArchived((v) => !v)}
            aria-pressed={showArchived}
            aria-label={showArchived ? appTexts.chats.hideArchived : appTexts.chats.showArchived}
            title={showArchived ? appTexts.chats.hideArchived : appTexts.chats.showArchived}
            className={`flex h-9 items-center gap-1 rounded-lg border border-border px-2 text-xs ${showArchived ? 'bg-accent text-accent-fg' : 'text-muted hover:text-fg'}`}
          >
            <ArchiveIcon />
            <span aria-hidden="true">{archivedCount}</span>
          </Button>
        ) : null}
      </div>
      {showArchived ? (
        <p className="px-2 text-xs tracking-wide text-muted uppercase">{appTexts.chats.archivedLabel}</p>
      ) : null}
      {messagesAlone ? null : renderScroller ? renderScroller(scroller, scrollRef) : scroller}
      <MessageSearchResults query={query} alone={messagesAlone} />
    </div>
  );
}
