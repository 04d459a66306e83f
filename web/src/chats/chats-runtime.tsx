import { ShareDialog } from '../conversation-io/share-dialog';
import { ChatMenu } from './chat-menu';
import { DeleteChatDialog } from './delete-chat-dialog';
import { FolderDialogs } from './folder-dialog';
import { NewChatModal } from './new-chat-modal';
import { useChatSync } from './use-chat-sync';
import { useLeaveTemporary } from './use-leave-temporary';

/** Mounted once for the whole app: cross-session chat sync, the New Chat modal, chat menu, delete and share dialogs. */
export function ChatsRuntime() {
  useChatSync();
  useLeaveTemporary();
  return (
    <>
      <NewChatModal />
      <ChatMenu />
      <DeleteChatDialog />
      <ShareDialog />
      <FolderDialogs />
    </>
  );
}
