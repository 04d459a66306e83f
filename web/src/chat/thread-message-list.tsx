import type { Message } from '@neura/contract';
import { type ComponentProps, useDeferredValue } from 'react';
import { useMessages } from '../store/messages';
import { MessageList } from './message-list';

const NO_MESSAGES: Message[] = [];

type Props = { chatId: string | null } & Omit<ComponentProps<typeof MessageList>, 'messages'>;

/**
 * The message list of a chat (none for a draft), reading the chat's messages from the store itself:
 * a frame of a streaming reply renders the list, not the whole chat page (issue #50 item 3).
 *
 * The store's updates render synchronously (useSyncExternalStore), in one task however long: the
 * list takes new messages as a deferred value instead, rendered in slices of a few milliseconds
 * that React interrupts for input and paint (a page of 50 messages arriving, a frame of a reply).
 */
export function ThreadMessageList({ chatId, empty, ...props }: Props) {
  const messages = useMessages((s) => (chatId === null ? undefined : s.threads[chatId]?.messages) ?? NO_MESSAGES);
  // What shows without messages is deferred with them: the loading note stays until the history
  // shows, with no flash of the chat's intro in between.
  return <MessageList messages={useDeferredValue(messages)} empty={useDeferredValue(empty)} {...props} />;
}
