import type { Folder } from '@neura/contract';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../api/app-error';
import { api } from '../../api/http';
import { queryClient } from '../../api/query-client';
import { dispatchChats, useChats } from '../../store/chats';
import { organiseTexts } from '../../texts/organise';
import { showToast } from '../../ui/toast-store';
import { patchChatRequest } from '../chats-api';

/**
 * The user's folders (issue #49): `GET /users/me/folders`, kept current by `folders.changed` (every
 * device, use-chat-sync.ts) and by the answers of this device's own changes.
 */
export const folderKeys = { all: ['folders'] as const };

const byPosition = (folders: Folder[]) => [...folders].sort((a, b) => a.position - b.position);

export const useFolders = (enabled = true) =>
  useQuery(
    {
      queryKey: folderKeys.all,
      queryFn: async () => byPosition(await api<Folder[]>('/users/me/folders')),
      enabled,
      staleTime: Number.POSITIVE_INFINITY,
    },
    queryClient,
  );

/** The whole list as the server announced it. */
export const setFolders = (folders: Folder[]) => queryClient.setQueryData(folderKeys.all, byPosition(folders));

/** Reads the list again (after this device's change, or a reconnect that may have missed news). */
export const refetchFolders = () => queryClient.invalidateQueries({ queryKey: folderKeys.all });
const refetch = refetchFolders;

async function attempt<T>(work: () => Promise<T>): Promise<T | undefined> {
  try {
    const result = await work();
    await refetch();
    return result;
  } catch (error) {
    showToast({ severity: 'error', message: errorMessage(error, organiseTexts.folders.failed) });
    return undefined;
  }
}

export const createFolder = (name: string) =>
  attempt(() => api<Folder>('/users/me/folders', { method: 'POST', body: { name } }));

export const renameFolder = (id: string, name: string) =>
  attempt(() => api<Folder>(`/users/me/folders/${encodeURIComponent(id)}`, { method: 'PATCH', body: { name } }));

export const moveFolder = (id: string, position: number) =>
  attempt(() => api<Folder>(`/users/me/folders/${encodeURIComponent(id)}`, { method: 'PATCH', body: { position } }));

/** Deletes the folder; its chats stay, unfiled (here at once, on other devices by chat.updated). */
export async function deleteFolder(id: string): Promise<void> {
  const done = await attempt(() => api(`/users/me/folders/${encodeURIComponent(id)}`, { method: 'DELETE' }));
  if (done === undefined) return;
  for (const chat of useChats.getState().chats) {
    if (chat.folderId === id) dispatchChats({ type: 'patched', chatId: chat.id, fields: { folderId: null } });
  }
}

/** Files a chat in a folder (null: out of its folder); optimistic, rolled back on failure. */
export async function fileChat(chatId: string, folderId: string | null): Promise<void> {
  const before = useChats.getState().chats.find((c) => c.id === chatId)?.folderId ?? null;
  if (before === folderId) return;
  dispatchChats({ type: 'patched', chatId, fields: { folderId } });
  try {
    await patchChatRequest(chatId, { folderId });
    const folder = queryClient.getQueryData<Folder[]>(folderKeys.all)?.find((f) => f.id === folderId);
    showToast({
      severity: 'success',
      message: folder ? organiseTexts.folders.filed(folder.name) : organiseTexts.folders.unfiled,
    });
  } catch (error) {
    dispatchChats({ type: 'patched', chatId, fields: { folderId: before } });
    showToast({ severity: 'error', message: errorMessage(error, organiseTexts.folders.failed) });
  }
}
