import { StoreModal } from './modal';
import { texts } from './texts';

/**
 * The New Chat modal's frame (id "newchat", title New Chat). Its persona list and detail view come
 * with the personas-and-chats issue, which replaces this file's body; until then it says so.
 */
export function NewChatModalFrame() {
  return (
    <StoreModal id="newchat" title={texts.newChat.title}>
      <p className="text-muted">{texts.newChat.pending}</p>
    </StoreModal>
  );
}
