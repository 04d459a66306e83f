/// <reference types="node" />
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));
const PUBLIC_PRECACHE = [
  '/index.html',
  '/manifest.webmanifest',
  '/favicon.svg',
  '/icons/icon.svg',
  '/icons/icon-192.png',
  '/icons/icon-512.png',
  '/icons/apple-touch-icon-180.png',
];

/**
 * Emits dist/sw.js from pwa/sw-template.js with the build's own files in its precache list and a
 * version derived from their names, so each deploy installs a new worker (and the update prompt).
 */
export function serviceWorker(): Plugin {
  return {
    name: 'neura-service-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      const built = Object.keys(bundle)
        .filter((f) => /\.(js|css|woff2?|svg|png)$/.test(f) && !f.endsWith('.map'))
        .map((f) => `/${f}`)
        .sort();
      const precache = [...PUBLIC_PRECACHE, ...built];
      const version = createHash('sha256').update(precache.join('\n')).digest('hex').slice(0, 12);
      const source = fs
        .readFileSync(path.join(here, 'sw-template.js'), 'utf8')
        .replace('__VERSION__', version)
        .replace('__PRECACHE__', JSON.stringify(precache, null, 2));
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}
