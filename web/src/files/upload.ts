import { CLIENT_VERSION, CLIENT_VERSION_HEADER } from '@neura/contract';
import { AppError } from '../api/app-error';
import { apiBase } from '../api/base-url';
import { useAppStore } from '../store/app-store';
import type { FilePurpose, UploadedFile } from './types';

export interface UploadOptions {
  purpose?: FilePurpose;
  /** The name the multipart part carries (a Blob has none of its own). */
  filename?: string;
  /** Sent bytes as a fraction 0..1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * `POST /files` as multipart (field `file`, optional `purpose`) with the bearer token. XHR rather
 * than fetch: only XHR reports upload progress. Rejects with an AppError (the server's 4xx body).
 */
export function uploadFile(file: Blob, options: UploadOptions = {}): Promise<UploadedFile> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    if (options.purpose) form.append('purpose', options.purpose);
    const name = options.filename ?? (file instanceof File ? file.name : 'upload');
    form.append('file', file, name);

    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${apiBase()}/files`);
    xhr.setRequestHeader(CLIENT_VERSION_HEADER, CLIENT_VERSION);
    const token = useAppStore.getState().token;
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300 && body && typeof body === 'object' && 'id' in body) {
        options.onProgress?.(1);
        resolve(body as UploadedFile);
      } else reject(AppError.fromBody(body, xhr.status));
    };
    xhr.onerror = () => reject(AppError.client('network'));
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    if (options.signal) {
      if (options.signal.aborted) {
        reject(new DOMException('Upload aborted', 'AbortError'));
        return;
      }
      options.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(form);
  });
}
