import type { Message } from '@neura/contract';
import {
  type ComponentProps,
  startTransition,
  useCallback,
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useMessages } from '../store/messages';
import { MessageList } from './message-list';

const NO_MESSAGES: Message[] = [];

type Props = { chatId: string | null } & Omit<ComponentProps<typeof MessageList>, 'messages'>;

/**
 * The chat's messages as the list shows them: each change of the store's array is rendered as a
 * transition, in slices of a few milliseconds that React interrupts for input and paint (a page of
 * 50 messages arriving, a frame of a reply), and the next change is handed over only once the
 * previous one is on screen.
 *
 * With the store read through `useSyncExternalStore` and `useDeferredValue`, a streaming reply
 * re-rendered the list synchronously at every frame, which threw away the deferred render in
 * progress: at 4× CPU it never finished within a frame, so the reply on screen fell behind until
 * React forced the render after 5 s, one task of 300–600 ms parsing 5 s of text at once (issue #50
 * item 3). Handed over in turn, each render finishes, and the reply shows as fast as the device
 * renders it.
 */
export function useMessagesInTurn(chatId: string | null): { messages: Message[]; behind: () => boolean } {
  const read = useCallback(
    () => (chatId === null ? undefined : useMessages.getState().threads[chatId]?.messages) ?? NO_MESSAGES,
    [chatId],
  );
  const [shown, setShown] = useState(read);
  /** The array last handed to React, and whether it is still on its way to the screen. */
  const handed = useRef(shown);
  const rendering = useRef(false);
  const handOver = useCallback(() => {
    if (rendering.current) return;
    const next = read();
    if (next === handed.current) return;
    handed.current = next;
    rendering.current = true;
    startTransition(() => setShown(next));
  }, [read]);
  // On screen: hand over what changed meanwhile (and, for another chat, its messages).
  useEffect(() => {
    if (shown === handed.current) rendering.current = false;
    handOver();
  }, [shown, handOver]);
  useEffect(() => useMessages.subscribe(handOver), [handOver]);
  const onScreen = useRef(shown);
  // In the commit that puts them on screen, not after it: a scroll event can come before the
  // commit's passive effects (at the top of the list, the only one the user's pull sends).
  useLayoutEffect(() => {
    onScreen.current = shown;
  }, [shown]);
  /** Whether the store holds messages not on screen yet (a page received, still being rendered). */
  const behind = useCallback(() => read() !== onScreen.current, [read]);
  return { messages: shown, behind };
}

/**
 * The message list of a chat (none for a draft), reading the chat's messages from the store itself:
 * a frame of a streaming reply renders the list, not the whole chat page (issue #50 item 3).
 */
export function ThreadMessageList({ chatId, empty, onLoadOlder, ...props }: Props) {
  const { messages, behind } = useMessagesInTurn(chatId);
  // No older page is asked for while the last one received is still on its way to the screen: a
  // slow device at the top of the list would otherwise page back again and again.
  const loadOlder = useCallback(() => {
    if (!behind()) onLoadOlder();
  }, [behind, onLoadOlder]);
  // What shows without messages is deferred like them: the loading note stays until the history
  // shows, with no flash of the chat's intro in between.
  return <MessageList messages={messages} empty={useDeferredValue(empty)} onLoadOlder={loadOlder} {...props} />;
}
