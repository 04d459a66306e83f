import type { Chat } from '@neura/contract';
import { CHAT_ROW_HEIGHT_PX } from '@neura/contract';
import { memo } from 'react';
import { Link } from 'react-router';
import { PersonaIcon } from '../personas/persona-icon';
import { usePersonaProfile } from '../personas/queries/profiles';
import { appTexts } from '../texts/app-texts';
import { Button } from '../ui/button';
import { useChatUiStore } from './chat-ui-store';
import { CHAT_DRAG_TYPE } from './folder-heading';
import { PinIcon } from './icons';
import { previewText } from './preview-text';
import { useTypedText } from './use-typed-text';

/** One 72 px row: icon, name (typed out after a rename), preview or "No messages yet", persona name. */
export const ChatRow = memo(function ChatRow({ chat, active }: { chat: Chat; active: boolean }) {
  // The catalog, the user's own personas, or a shared persona's profile (SPEC's "Unknown / Custom"
  // only when none of them knows it: deleted, or private to someone else).
  const profile = usePersonaProfile(chat.persona);
  const persona = profile.persona;
  const renaming = useChatUiStore((s) => s.renaming[chat.id] === true);
  const typingKey = useChatUiStore((s) => s.typing[chat.id]);
  const openMenu = useChatUiStore((s) => s.openMenu);
  const clearTyping = useChatUiStore((s) => s.clearTyping);
  const name = useTypedText(chat.name, typingKey, () => clearTyping(chat.id));
  const personaName =
    persona?.name ?? (profile.status === 'missing' || profile.status === 'error' ? appTexts.chats.unknownPersona : '');

  return (
    <div
      className={`group flex items-center gap-3 rounded-lg px-2 ${active ? 'bg-surface-3' : 'hover:bg-surface-3/60'}`}
      style={{ height: CHAT_ROW_HEIGHT_PX }}
      data-testid="chat-row"
      data-chat-id={chat.id}
    >
      <Link
        to={`/chats/${chat.id}`}
        className="flex min-w-0 flex-1 items-center gap-3 self-stretch"
        aria-current={active ? 'page' : undefined}
        // Desktop: drag a chat onto a folder (issue #49); the menu's "Move to folder" is the keyboard way.
        draggable
        onDragStart={(event) => {
          event.dataTransfer.setData(CHAT_DRAG_TYPE, chat.id);
          event.dataTransfer.effectAllowed = 'move';
        }}
      >
        <PersonaIcon id={chat.persona} avatarUrl={persona?.avatarUrl} size={40} />
        <span className="flex min-w-0 flex-1 flex-col">
          <span className="flex items-center gap-1">
            {chat.isPinned ? (
              <span className="text-accent-text" title={appTexts.chats.pinnedLabel} data-testid="chat-row-pinned">
                <PinIcon size={14} />
                <span className="sr-only">{appTexts.chats.pinnedLabel}</span>
              </span>
            ) : null}
            <span className="truncate font-medium" data-testid="chat-row-name">
              {renaming ? <span className="text-muted italic">{appTexts.chats.renaming}</span> : name}
              {typingKey !== undefined ? (
                <span aria-hidden="true" className="ms-px animate-pulse text-accent-text">
                  |
                </span>
              ) : null}
            </span>
          </span>
          <span className="truncate text-sm text-muted" data-testid="chat-row-preview">
            {previewText(chat.preview) || appTexts.chats.noMessages}
          </span>
          <span className="truncate text-xs text-muted" data-testid="chat-row-persona">
            {personaName}
          </span>
        </span>
      </Link>
      <Button
        onClick={() => openMenu(chat.id)}
        aria-label={appTexts.chats.options(chat.name)}
        aria-haspopup="dialog"
        className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full text-xl text-muted hover:bg-surface-2 hover:text-fg"
      >
        <span aria-hidden="true">⋯</span>
      </Button>
    </div>
  );
});
