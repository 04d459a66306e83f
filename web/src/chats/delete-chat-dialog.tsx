import { useLocation, useNavigate } from 'react-router';
import { appTexts } from '../texts/app-texts';
import { Button } from '../ui/button';
import { ModalFrame } from '../ui/modal-frame';
import { deleteChat } from './chat-actions';
import { useChatUiStore } from './chat-ui-store';

/** "Are you sure you want to delete this chat? ..." with Delete and Cancel (SPEC.md §5). */
export function DeleteChatDialog() {
  const chatId = useChatUiStore((s) => s.confirmDeleteId);
  const confirmDelete = useChatUiStore((s) => s.confirmDelete);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  if (!chatId) return null;
  const close = () => confirmDelete(null);

  return (
    <ModalFrame titleId="delete-chat-title" onClose={close} role="alertdialog" className="sm:max-w-sm">
      <div className="p-5">
        <h2 id="delete-chat-title" className="mb-2 text-lg font-semibold">
          {appTexts.chats.deleteChat}
        </h2>
        <p className="mb-5 text-muted">{appTexts.chats.deleteConfirm}</p>
        <div className="flex justify-end gap-2">
          <Button onClick={close} className="rounded-lg px-4 py-2 hover:bg-surface-3" data-autofocus>
            {appTexts.chats.cancel}
          </Button>
          <Button
            onClick={() => {
              close();
              void deleteChat(chatId, navigate, pathname);
            }}
            className="rounded-lg bg-danger px-4 py-2 font-medium text-black"
          >
            {appTexts.chats.deleteButton}
          </Button>
        </div>
      </div>
    </ModalFrame>
  );
}
