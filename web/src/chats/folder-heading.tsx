import type { Folder } from '@neura/contract';
import { type DragEvent, useState } from 'react';
import { organiseTexts } from '../texts/organise';
import { Button } from '../ui/button';
import { useFolderDialog } from './folder-dialog';
import { FolderIcon } from './organise-icons';
import { fileChat } from './queries/folders';

/** The drag data of a chat row (desktop drag and drop; the chat menu's "Move to folder" is the keyboard way). */
export const CHAT_DRAG_TYPE = 'application/x-neura-chat';

/** Drop handlers that file the dragged chat in `folderId` (null: out of its folder); `over` while a chat hovers. */
export function useChatDrop(folderId: string | null) {
  const [over, setOver] = useState(false);
  const accepts = (event: DragEvent) => event.dataTransfer.types.includes(CHAT_DRAG_TYPE);
  return {
    over,
    handlers: {
      onDragOver: (event: DragEvent) => {
        if (!accepts(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
        setOver(true);
      },
      onDragLeave: () => setOver(false),
      onDrop: (event: DragEvent) => {
        setOver(false);
        const chatId = event.dataTransfer.getData(CHAT_DRAG_TYPE);
        if (!chatId) return;
        event.preventDefault();
        void fileChat(chatId, folderId);
      },
    },
  };
}

/** A folder's heading in the list: collapse toggle with its count, options; a drop target for chats. */
export function FolderHeading({
  folder,
  count,
  collapsed,
  onToggle,
}: {
  folder: Folder;
  count: number;
  collapsed: boolean;
  onToggle: () => void;
}) {
  const open = useFolderDialog((s) => s.open);
  const { over, handlers } = useChatDrop(folder.id);
  const t = organiseTexts.folders;
  return (
    <div
      {...handlers}
      className={`flex h-full items-center gap-1 rounded-lg px-1 ${over ? 'bg-accent/20 outline-2 outline-accent' : ''}`}
      data-testid="folder-heading"
      data-folder-id={folder.id}
    >
      <Button
        onClick={onToggle}
        aria-expanded={!collapsed}
        aria-label={collapsed ? t.expand(folder.name) : t.collapse(folder.name)}
        className="flex min-w-0 flex-1 items-center gap-2 rounded-md px-2 py-1 text-start text-sm font-semibold hover:bg-surface-3"
      >
        <span aria-hidden="true" className={`inline-block transition-transform ${collapsed ? '' : 'rotate-90'}`}>
          ›
        </span>
        <FolderIcon size={16} />
        <span className="truncate" data-testid="folder-name-label">
          {folder.name}
        </span>
        <span className="text-xs font-normal text-muted">{count}</span>
      </Button>
      <Button
        onClick={() => open({ kind: 'options', folder })}
        aria-label={t.options(folder.name)}
        aria-haspopup="dialog"
        className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full text-lg text-muted hover:bg-surface-2 hover:text-fg"
      >
        <span aria-hidden="true">⋯</span>
      </Button>
    </div>
  );
}
