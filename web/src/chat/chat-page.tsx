import { type DragEvent, useCallback, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { useChats } from '../store/chats';
import { isStreaming } from '../store/messages';
import { usePersonas } from '../store/personas';
import { texts } from '../texts/texts';
import { sendMessage, stopMessage } from './chat-api';
import { ChatSendContext } from './chat-send-context';
import { Composer, type ComposerHandle, filesOf } from './composer';
import { MessageList } from './message-list';
import { showSendError } from './send-error';
import { useChatThread } from './use-chat-thread';
import { useChatTitle } from './use-chat-title';

/** /chats/{chatId}: the conversation with a persona. */
export function ChatPage() {
  const { chatId = '' } = useParams();
  useChatTitle(chatId);
  const { thread, loadOlder } = useChatThread(chatId);
  const personaId = useChats((s) => s.chats.find((c) => c.id === chatId)?.persona);
  const personaName = usePersonas((s) => s.personas.find((p) => p.id === personaId)?.name);
  const streaming = isStreaming(thread);

  const composer = useRef<ComposerHandle>(null);
  const onSend = useCallback(
    async (text: string, attachments: string[]) => {
      try {
        await sendMessage(chatId, text, attachments);
        return true;
      } catch (error) {
        showSendError(error);
        return false;
      }
    },
    [chatId],
  );

  // Images dropped anywhere on the conversation go to the composer (not to a browser tab).
  const onDragOver = (event: DragEvent) => {
    if (event.dataTransfer.types.includes('Files')) event.preventDefault();
  };
  const onDrop = (event: DragEvent) => {
    const files = filesOf(event.dataTransfer);
    if (files.length === 0) return;
    event.preventDefault();
    composer.current?.addFiles(files);
  };

  if (thread?.missing) {
    return (
      <section className="mx-auto flex max-w-md flex-col items-center gap-4 p-8 text-center">
        <h2 className="text-2xl font-semibold">{texts.chat.missingTitle}</h2>
        <p className="text-muted">{texts.chat.missingBody}</p>
        <Link to="/chats" className="rounded-lg bg-accent px-4 py-2 font-medium text-accent-fg">
          {texts.chat.missingAction}
        </Link>
      </section>
    );
  }

  return (
    <ChatSendContext value={onSend}>
      <section
        className="flex h-[calc(100dvh-3.5rem)] flex-col"
        aria-label={texts.chat.region}
        onDragOver={onDragOver}
        onDrop={onDrop}
      >
        <h2 className="sr-only">{texts.chat.region}</h2>
        <MessageList
          messages={thread?.messages ?? []}
          hasMore={thread?.hasMore ?? false}
          loadingOlder={thread?.loadingOlder ?? false}
          onLoadOlder={() => void loadOlder()}
          empty={
            thread?.loaded ? (
              <p className="py-10 text-center text-muted">{texts.chat.empty(personaName)}</p>
            ) : (
              <p className="py-10 text-center text-muted" role="status">
                {texts.common.loading}
              </p>
            )
          }
        />
        <Composer ref={composer} streaming={streaming} onSend={onSend} onStop={() => stopMessage(chatId)} />
      </section>
    </ChatSendContext>
  );
}
