import {
  CLIENT_VERSION,
  CLIENT_VERSION_HEADER,
  type CreatorOptions,
  type CustomPersona,
  type CustomPersonaInput,
  type CustomPersonaList,
  type CustomPersonaPatch,
  type Persona,
} from '@neura/contract';
import { AppError } from '../api/app-error';
import { apiBase } from '../api/base-url';
import { api } from '../api/http';
import { useAppStore } from '../store/app-store';

/** People's own personas (contract/src/creator.ts): the calls of the builder, My personas and the link page. */

const mine = '/users/me/personas';
const one = (id: string) => `${mine}/${encodeURIComponent(id)}`;

export const customPersonasApi = {
  list: () => api<CustomPersonaList>(mine),
  options: () => api<CreatorOptions>(`${mine}/options`),
  create: (input: CustomPersonaInput) => api<CustomPersona>(mine, { method: 'POST', body: input }),
  update: (id: string, patch: CustomPersonaPatch) => api<CustomPersona>(one(id), { method: 'PATCH', body: patch }),
  remove: (id: string) => api<void>(one(id), { method: 'DELETE' }),
  generateAvatar: (id: string, prompt?: string) =>
    api<CustomPersona>(`${one(id)}/avatar/generate`, { method: 'POST', body: prompt ? { prompt } : {} }),
  uploadAvatar: (id: string, file: Blob) => postImage(`${one(id)}/avatar`, file),
  /** A character card (PNG or JSON, issue #49) as a new private persona. */
  importCard: (file: Blob) => postImage(`${mine}/import`, file),
  /** The persona as a character card file (`png`: a V3 card with a V2 chunk; `json`). */
  cardFile: (id: string, format: 'png' | 'json') => fetchFile(`${one(id)}/card?format=${format}`),
  /** What anyone allowed to chat with a persona sees of it (never the instructions); 404 otherwise. */
  profile: (id: string) => api<Persona>(`/personas/${encodeURIComponent(id)}/profile`),
  report: (id: string, reason: string) =>
    api<void>(`/personas/${encodeURIComponent(id)}/report`, { method: 'POST', body: { reason } }),
};

/** Multipart upload (field `file`) with the app's headers; the answer is the updated persona. */
async function postImage(path: string, file: Blob): Promise<CustomPersona> {
  const form = new FormData();
  form.append('file', file, file instanceof File ? file.name : 'avatar');
  const headers: Record<string, string> = { [CLIENT_VERSION_HEADER]: CLIENT_VERSION };
  const token = useAppStore.getState().token;
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(`${apiBase()}${path}`, { method: 'POST', headers, body: form });
  } catch {
    throw AppError.client('network');
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw AppError.fromBody(body, response.status);
  return body as CustomPersona;
}

/** A file the API answers (with the app's headers), as a Blob; an AppError when refused. */
async function fetchFile(path: string): Promise<Blob> {
  const headers: Record<string, string> = { [CLIENT_VERSION_HEADER]: CLIENT_VERSION };
  const token = useAppStore.getState().token;
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(`${apiBase()}${path}`, { headers });
  } catch {
    throw AppError.client('network');
  }
  if (!response.ok) throw AppError.fromBody(await response.json().catch(() => undefined), response.status);
  return response.blob();
}
