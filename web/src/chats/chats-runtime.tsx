import { ShareDialog } from '../conversation-io/share-dialog';
import { ChatMenu } from './chat-menu';
import { DeleteChatDialog } from './delete-chat-dialog';
import { NewChatModal } from './new-chat-modal';
import { useChatSync } from './use-chat-sync';

/** Mounted once for the whole app: cross-session chat sync, the New Chat modal, chat menu, delete and share dialogs. */
export function ChatsRuntime() {
  useChatSync();
  return (
    <>
      <NewChatModal />
      <ChatMenu />
      <DeleteChatDialog />
      <ShareDialog />
    </>
  );
}
