import { apiBase } from '../api/base-url';

/**
 * A file's signed url as the browser can load it: absolute urls as they are; a path that already
 * carries the API's prefix against the API's origin; any other path under the API base.
 */
export function fileSrc(url: string, base = apiBase()): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(url)) return url;
  const api = new URL(base, 'http://localhost');
  const prefix = api.pathname.replace(/\/+$/, '');
  if (!url.startsWith('/')) return `${base}/${url}`;
  if (prefix === '' || url === prefix || url.startsWith(`${prefix}/`)) return `${api.origin}${url}`;
  return `${base}${url}`;
}

/** A file name for a download: the skill and the id, with the type's extension. */
export function downloadName(id: string, mimeType: string): string {
  const ext = mimeType.split('/')[1]?.replace('jpeg', 'jpg').replace('mpeg', 'mp3').split(/[;+]/)[0] ?? 'bin';
  return `neura-${id}.${ext}`;
}
