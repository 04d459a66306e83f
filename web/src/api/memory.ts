import type { CreateMemoryItem, Memory, MemoryItem, UpdateMemory, UpdateMemoryItem } from '@neura/contract';
import { api } from './http';

/** The signed-in user's memory (issue #44): settings, items, and the undo of a chat's note. */
const ITEMS = '/users/me/memory/items';
const item = (id: string) => `${ITEMS}/${encodeURIComponent(id)}`;

export const fetchMemory = () => api<Memory>('/users/me/memory');
export const updateMemory = (body: UpdateMemory) => api<Memory>('/users/me/memory', { method: 'PUT', body });
export const addMemoryItem = (body: CreateMemoryItem) => api<MemoryItem>(ITEMS, { method: 'POST', body });
export const editMemoryItem = (id: string, body: UpdateMemoryItem) =>
  api<MemoryItem>(item(id), { method: 'PATCH', body });
export const deleteMemoryItem = (id: string) => api<{ success: true }>(item(id), { method: 'DELETE' });
export const forgetEverything = () => api<{ success: true }>(ITEMS, { method: 'DELETE' });
