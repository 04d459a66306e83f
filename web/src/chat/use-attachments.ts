import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../api/app-error';
import { useSessionEvent } from '../api/use-session-event';
import { rememberDocument } from '../files/document-status';
import { isDocumentName, MAX_ATTACHMENTS, refuseFile, type UploadedFile } from '../files/types';
import { uploadFile } from '../files/upload';
import { mediaTexts } from '../texts/app-texts';
import { showToast } from '../ui/toast-store';

export interface PendingAttachment {
  key: number;
  name: string;
  /** A local object URL for the thumbnail while (and after) it uploads; '' for a document. */
  preview: string;
  document: boolean;
  /** 0..1 */
  progress: number;
  uploaded?: UploadedFile;
}

let nextKey = 1;
const revoke = (url: string) => {
  if (url) URL.revokeObjectURL(url);
};

/**
 * The composer's images: each picked, dropped or pasted file is checked (type, 20 MB), uploaded
 * at once with progress, and refused with a toast that names it and says why.
 */
export function useAttachments() {
  const [items, setItems] = useState<PendingAttachment[]>([]);
  const live = useRef(new Map<number, AbortController>());
  const count = useRef(0);
  count.current = items.length;

  const patch = useCallback((key: number, change: Partial<PendingAttachment>) => {
    setItems((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  const drop = useCallback((key: number) => {
    live.current.get(key)?.abort();
    live.current.delete(key);
    setItems((list) => {
      const gone = list.find((item) => item.key === key);
      if (gone) revoke(gone.preview);
      return list.filter((item) => item.key !== key);
    });
  }, []);

  const add = useCallback(
    (files: Iterable<File>) => {
      let room = MAX_ATTACHMENTS - count.current;
      for (const file of files) {
        const refused = refuseFile(file);
        if (refused) {
          showToast({
            severity: 'error',
            message: refused === 'size' ? mediaTexts.tooBig(file.name) : mediaTexts.documents.unsupported(file.name),
          });
          continue;
        }
        if (room <= 0) {
          showToast({ severity: 'warning', message: mediaTexts.tooMany(MAX_ATTACHMENTS) });
          break;
        }
        room -= 1;
        const key = nextKey++;
        const controller = new AbortController();
        live.current.set(key, controller);
        const document = !file.type.startsWith('image/') && isDocumentName(file.name);
        const preview = document ? '' : URL.createObjectURL(file);
        const item: PendingAttachment = { key, name: file.name, preview, document, progress: 0 };
        count.current += 1;
        setItems((list) => [...list, item]);
        uploadFile(file, {
          signal: controller.signal,
          onProgress: (progress) => patch(key, { progress }),
        })
          .then((uploaded) => {
            live.current.delete(key);
            rememberDocument(uploaded);
            patch(key, { uploaded, progress: 1 });
          })
          .catch((error: unknown) => {
            if ((error as Error).name === 'AbortError') return;
            showToast({ severity: 'error', message: mediaTexts.uploadFailed(file.name, errorMessage(error)) });
            drop(key);
          });
      }
    },
    [drop, patch],
  );

  // A document read later (big files, scans): its chip follows `file.updated` (ready or failed).
  useSessionEvent('file.updated', ({ file }) => {
    rememberDocument(file); // for the chip of a message already sent with it
    setItems((list) => list.map((item) => (item.uploaded?.id === file.id ? { ...item, uploaded: file } : item)));
  });

  const clear = useCallback(() => {
    for (const controller of live.current.values()) controller.abort();
    live.current.clear();
    setItems((list) => {
      for (const item of list) revoke(item.preview);
      return [];
    });
  }, []);

  // Leaving the chat aborts what is still uploading and frees the previews.
  const latest = useRef(items);
  latest.current = items;
  useEffect(
    () => () => {
      for (const controller of live.current.values()) controller.abort();
      for (const item of latest.current) revoke(item.preview);
    },
    [],
  );

  const uploading = items.some((item) => !item.uploaded);
  const ids = items.flatMap((item) => (item.uploaded ? [item.uploaded.id] : []));
  return { items, add, remove: drop, clear, uploading, ids };
}
