import { MAX_GROUP_PERSONAS } from '@neura/contract';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { errorMessage } from '../api/app-error';
import { downloadExport } from '../conversation-io/io-api';
import { useShareDialog } from '../conversation-io/io-ui-store';
import { useChats } from '../store/chats';
import { appTexts } from '../texts/app-texts';
import { ioTexts } from '../texts/io';
import { organiseTexts } from '../texts/organise';
import { Button } from '../ui/button';
import { ModalFrame } from '../ui/modal-frame';
import { showToast } from '../ui/toast-store';
import { openChatId, regenerateName, reloadChat, setArchived, setPinned } from './chat-actions';
import { useChatUiStore } from './chat-ui-store';
import { useFolderDialog } from './folder-dialog';
import { ArchiveIcon, DownloadIcon, PinIcon, ReloadIcon, ShareIcon, SparkIcon, TrashIcon } from './icons';
import { FolderIcon } from './organise-icons';

function MenuItem({
  onClick,
  icon,
  children,
  danger = false,
}: {
  onClick: () => void;
  icon: ReactNode;
  children: ReactNode;
  danger?: boolean;
}) {
  return (
    <li>
      <Button
        onClick={onClick}
        className={`flex w-full items-center gap-3 rounded-lg px-3 py-3 text-start hover:bg-surface-3 ${danger ? 'text-danger' : ''}`}
      >
        {icon}
        {children}
      </Button>
    </li>
  );
}

async function exportChat(chatId: string, format: 'md' | 'json') {
  try {
    await downloadExport(chatId, format);
    showToast({ severity: 'success', message: ioTexts.menu.exported });
  } catch (error) {
    showToast({ severity: 'error', message: errorMessage(error) });
  }
}

/** The chat menu: pin, archive, Regenerate Name, Reload Chat, Share, Export, Delete Chat and Cancel. */
export function ChatMenu() {
  const chatId = useChatUiStore((s) => s.menuChatId);
  const openMenu = useChatUiStore((s) => s.openMenu);
  const confirmDelete = useChatUiStore((s) => s.confirmDelete);
  const chat = useChats((s) => s.chats.find((c) => c.id === chatId));
  const navigate = useNavigate();
  const { pathname } = useLocation();
  if (!chatId || !chat) return null;

  const close = () => openMenu(null);
  const run = (action: () => void) => () => {
    close();
    action();
  };

  return (
    <ModalFrame titleId="chat-menu-title" onClose={close} className="sm:max-w-sm">
      <div className="p-3">
        <h2 id="chat-menu-title" className="truncate px-3 pt-1 pb-2 text-sm font-semibold text-muted">
          {chat.name}
        </h2>
        <ul className="flex flex-col">
          <MenuItem onClick={run(() => void setPinned(chat.id, !chat.isPinned))} icon={<PinIcon />}>
            {chat.isPinned ? appTexts.chats.unpin : appTexts.chats.pin}
          </MenuItem>
          <MenuItem onClick={run(() => void setArchived(chat.id, !chat.isArchived))} icon={<ArchiveIcon />}>
            {chat.isArchived ? appTexts.chats.unarchive : appTexts.chats.archive}
          </MenuItem>
          {chat.temporary ? null : (
            <MenuItem
              onClick={run(() => useFolderDialog.getState().open({ kind: 'file', chatId: chat.id }))}
              icon={<FolderIcon />}
            >
              {organiseTexts.folders.moveTo}
            </MenuItem>
          )}
          <MenuItem onClick={run(() => void regenerateName(chat.id))} icon={<SparkIcon />}>
            {appTexts.chats.regenerateName}
          </MenuItem>
          <MenuItem
            onClick={run(() => {
              if (openChatId(pathname) !== chat.id) navigate(`/chats/${chat.id}`);
              void reloadChat(chat.id);
            })}
            icon={<ReloadIcon />}
          >
            {appTexts.chats.reloadChat}
          </MenuItem>
          {(chat.personas?.length ?? 1) < MAX_GROUP_PERSONAS ? (
            <MenuItem
              onClick={run(() => {
                if (openChatId(pathname) !== chat.id) navigate(`/chats/${chat.id}`);
                useChatUiStore.getState().setAddingPersona(chat.id);
              })}
              icon={<SparkIcon />}
            >
              {appTexts.group.add}
            </MenuItem>
          ) : null}
          {/* A temporary chat is never shared or exported (issue #49). */}
          {chat.temporary ? null : (
            <>
              <MenuItem onClick={run(() => useShareDialog.getState().open(chat.id))} icon={<ShareIcon />}>
                {ioTexts.menu.share}
              </MenuItem>
              <MenuItem onClick={run(() => void exportChat(chat.id, 'md'))} icon={<DownloadIcon />}>
                {ioTexts.menu.exportMarkdown}
              </MenuItem>
              <MenuItem onClick={run(() => void exportChat(chat.id, 'json'))} icon={<DownloadIcon />}>
                {ioTexts.menu.exportJson}
              </MenuItem>
            </>
          )}
          <MenuItem onClick={run(() => confirmDelete(chat.id))} icon={<TrashIcon />} danger>
            {appTexts.chats.deleteChat}
          </MenuItem>
        </ul>
        <Button onClick={close} className="mt-2 w-full rounded-lg bg-surface-3 px-3 py-3 font-medium hover:bg-border">
          {appTexts.chats.cancel}
        </Button>
      </div>
    </ModalFrame>
  );
}
