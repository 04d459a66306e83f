import { useCallback, useSyncExternalStore } from 'react';
import { useSessionEvent } from '../api/use-session-event';
import type { UploadedFile } from '../files/types';

/** What the server last said of each document this tab has heard of (its upload, then `file.updated`). */
const known = new Map<string, UploadedFile>();
const listeners = new Set<() => void>();

/** Remembers a document's latest state (a picture is ignored) and tells the chips showing it. */
export function rememberDocument(file: UploadedFile): void {
  if (file.kind !== 'document') return;
  known.set(file.id, file);
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/**
 * A document's latest state as this tab knows it (undefined before any news), kept live by
 * `file.updated`: a sent message's chip follows its document from "Reading…" (with the pages an
 * OCR job has read) to ready or failed (issue #45).
 */
export function useDocumentState(id: string): UploadedFile | undefined {
  useSessionEvent('file.updated', ({ file }) => {
    if (file.id === id) rememberDocument(file);
  });
  return useSyncExternalStore(
    subscribe,
    useCallback(() => known.get(id), [id]),
  );
}
