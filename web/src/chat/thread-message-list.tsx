import type { Message } from '@neura/contract';
import type { ComponentProps } from 'react';
import { useMessages } from '../store/messages';
import { MessageList } from './message-list';

const NO_MESSAGES: Message[] = [];

type Props = { chatId: string | null } & Omit<ComponentProps<typeof MessageList>, 'messages'>;

/**
 * The message list of a chat (none for a draft), reading the chat's messages from the store itself:
 * a frame of a streaming reply renders the list, not the whole chat page (issue #50 item 3).
 */
export function ThreadMessageList({ chatId, ...props }: Props) {
  const messages = useMessages((s) => (chatId === null ? undefined : s.threads[chatId]?.messages) ?? NO_MESSAGES);
  return <MessageList messages={messages} {...props} />;
}
