import type { Message } from '@neura/contract';
import { useRef } from 'react';
import { showSendError } from '../../chats/send-error';
import { messageActionTexts as t } from '../../texts/app-texts';
import { Button } from '../../ui/button';
import { SpeakButton } from '../../voice/speak-button';
import { regenerateMessage, retryMessage } from '../chat-api';
import { actionButton } from './classes';
import { CopyMenu } from './copy-menu';
import { formatTime, Receipt } from './receipt';
import { useRovingTabindex } from './use-roving-tabindex';
import { VersionSwitcher } from './version-switcher';

export interface MessageActionsProps {
  message: Message;
  /** The message as the reader sees it (for "Copy as text"). */
  plainText: () => string;
  /** The newest reply of the chat (retry / regenerate apply) or the newest user message (edit). */
  isLast: boolean;
  /** A reply is being written in the chat: nothing new can start. */
  busy: boolean;
  version?: { index: number; count: number };
  onVersion?: (delta: -1 | 1) => void;
  onEdit?: () => void;
}

const run = (action: () => Promise<unknown>) => {
  action().catch(showSendError);
};

/**
 * The actions under a message: time, cost with its receipt, read aloud, copy, versions, and on the
 * newest exchange retry / regenerate / edit. Always in the layout (no jump); on devices that hover
 * they show on hover or keyboard focus, on touch they stay visible. One tab stop: the arrow keys
 * (and Home / End) move between the actions.
 */
export function MessageActions({ message, plainText, isLast, busy, version, onVersion, onEdit }: MessageActionsProps) {
  const { chatId, id, role, status } = message;
  const streaming = status === 'streaming';
  const failed = status === 'failed';
  // Hidden only where the device hovers, while the message is neither hovered nor focused.
  const reveal = failed && isLast ? '' : '[@media(hover:hover)]:[.group:not(:hover):not(:focus-within)_&]:opacity-0';
  const toolbar = useRef<HTMLDivElement>(null);
  const roving = useRovingTabindex(toolbar);
  return (
    <div
      ref={toolbar}
      role="toolbar"
      aria-label={t.toolbar}
      onFocus={roving.onFocus}
      onKeyDown={roving.onKeyDown}
      data-testid="message-actions"
      className={`mt-1 flex flex-wrap items-center gap-0.5 transition-opacity ${role === 'user' ? 'justify-end' : ''} ${reveal}`}
    >
      <time dateTime={message.createdAt} className="px-1 text-xs text-muted" title={message.createdAt}>
        {formatTime(message.createdAt)}
        {message.editedAt ? ` · ${t.edited}` : ''}
      </time>
      {role === 'assistant' && !streaming ? <Receipt message={message} /> : null}
      {version && version.count > 1 && onVersion ? (
        <VersionSwitcher index={version.index} count={version.count} onMove={onVersion} />
      ) : null}
      {role === 'assistant' && !streaming && message.content.trim() !== '' ? (
        <SpeakButton messageId={id} text={message.content} className={actionButton} />
      ) : null}
      {!streaming ? (
        <CopyMenu markdown={message.content} plainText={plainText} fork={{ chatId, messageId: id }} />
      ) : null}
      {role === 'assistant' && isLast && failed ? (
        <Button
          className={`${actionButton} font-medium text-accent-text`}
          disabled={busy}
          onClick={() => run(() => retryMessage(chatId, id))}
        >
          {t.retry}
        </Button>
      ) : null}
      {role === 'assistant' && isLast && !failed && !streaming ? (
        <Button className={actionButton} disabled={busy} onClick={() => run(() => regenerateMessage(chatId, id))}>
          {t.regenerate}
        </Button>
      ) : null}
      {role === 'user' && isLast && onEdit ? (
        <Button className={actionButton} disabled={busy} onClick={onEdit}>
          {t.edit}
        </Button>
      ) : null}
    </div>
  );
}
