import { useEffect, useRef, useState } from 'react';
import { useChats } from '../store/chats';
import { appTexts } from '../texts/app-texts';
import { Button } from '../ui/button';
import { renameChat } from './chat-actions';
import { useChatUiStore } from './chat-ui-store';

/**
 * The chat's name as an editable title (SPEC.md §4 Rename): click to edit; clicking outside or
 * Enter saves; an empty or unchanged name restores the old one; Escape cancels; a failed rename
 * restores the name and shows "Couldn't rename chat".
 */
export function ChatTitle({ chatId, className = '' }: { chatId: string; className?: string }) {
  const chat = useChats((s) => s.chats.find((c) => c.id === chatId));
  const renaming = useChatUiStore((s) => s.renaming[chatId] === true);
  const [draft, setDraft] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const editing = draft !== null;

  useEffect(() => {
    if (editing) input.current?.select();
  }, [editing]);

  if (!chat) return null;

  const finish = (save: boolean) => {
    if (draft === null) return;
    const name = draft.trim();
    setDraft(null);
    if (!save || name === '' || name === chat.name) return;
    void renameChat(chatId, name);
  };

  if (editing) {
    return (
      <input
        ref={input}
        value={draft}
        maxLength={120}
        aria-label={appTexts.chats.renameLabel}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={() => finish(true)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            finish(true);
          } else if (e.key === 'Escape') {
            e.preventDefault();
            e.stopPropagation();
            finish(false);
          }
        }}
        className={`w-full min-w-0 rounded-md border border-accent bg-surface px-2 py-1 text-center font-semibold ${className}`}
        data-testid="chat-title-input"
      />
    );
  }

  return (
    <Button
      onClick={() => setDraft(chat.name)}
      aria-label={appTexts.chats.editTitle(chat.name)}
      title={appTexts.chats.editTitle(chat.name)}
      className={`max-w-full truncate rounded-md px-2 py-1 font-semibold hover:bg-surface-3 ${className}`}
      data-testid="chat-title"
    >
      {renaming ? <span className="text-muted italic">{appTexts.chats.renaming}</span> : chat.name}
    </Button>
  );
}
