import type { ArchiveJob, SearchResponse, ShareCreated, SharedChat, ShareSummary } from '@neura/contract';
import { api, apiFetch } from '../api/http';

/** Search, share, export and archive calls (issue #30). Answers are the server's own types. */

export function searchMessages(q: string, offset = 0, signal?: AbortSignal): Promise<SearchResponse> {
  const params = new URLSearchParams({ q, offset: String(offset) });
  return api(`/users/me/search?${params}`, { ...(signal ? { signal } : {}) });
}

export const createShare = (chatId: string) =>
  api<ShareCreated>(`/users/me/chats/${encodeURIComponent(chatId)}/share`, { method: 'POST' });
export const listShares = () => api<ShareSummary[]>('/users/me/shares');
export const revokeShare = (id: string) =>
  api<{ success: true }>(`/users/me/shares/${encodeURIComponent(id)}`, { method: 'DELETE' });
export const fetchShared = (id: string) => api<SharedChat>(`/share/${encodeURIComponent(id)}`);

export const startArchive = () => api<ArchiveJob>('/users/me/archive', { method: 'POST' });
export const archiveStatus = (id: string) => api<ArchiveJob>(`/users/me/archive/${encodeURIComponent(id)}`);

/** The file name of a Content-Disposition header. */
function fileNameOf(response: Response, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '');
  return match?.[1] ?? fallback;
}

/** Saves a response's bytes as a download (the API needs the bearer header, so no plain link). */
async function saveResponse(response: Response, fallback: string): Promise<string> {
  const name = fileNameOf(response, fallback);
  const url = URL.createObjectURL(await response.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return name;
}

export async function downloadExport(chatId: string, format: 'md' | 'json'): Promise<string> {
  const response = await apiFetch(`/users/me/chats/${encodeURIComponent(chatId)}/export?format=${format}`);
  return saveResponse(response, `chat.${format}`);
}

export async function downloadArchive(id: string): Promise<string> {
  const response = await apiFetch(`/users/me/archive/${encodeURIComponent(id)}/download`);
  return saveResponse(response, 'neura-data.tar.gz');
}

/** A link the server answered as a path, made absolute on this page's origin. */
export const absoluteLink = (url: string) => (url.startsWith('/') ? `${window.location.origin}${url}` : url);
