/// <reference types="node" />
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const DEFAULT_PLAY = 'https://play.google.com/store/apps/details?id=ai.neura.app';
const DEFAULT_APP_STORE = 'https://apps.apple.com/';

/**
 * /outdated.html is a plain static page (web/public) with default store links; when the build has
 * VITE_PLAY_STORE_URL / VITE_APP_STORE_URL, the copy in dist gets those addresses instead.
 */
export function storeLinksInOutdatedPage(env: Record<string, string | undefined>): Plugin {
  let outDir = 'dist';
  return {
    name: 'neura-store-links',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const file = path.join(outDir, 'outdated.html');
      if (!fs.existsSync(file)) return;
      const attr = (url: string) => url.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
      let html = fs.readFileSync(file, 'utf8');
      if (env.VITE_PLAY_STORE_URL)
        html = html.replace(`href="${DEFAULT_PLAY}"`, `href="${attr(env.VITE_PLAY_STORE_URL)}"`);
      if (env.VITE_APP_STORE_URL) {
        html = html.replace(`href="${DEFAULT_APP_STORE}"`, `href="${attr(env.VITE_APP_STORE_URL)}"`);
      }
      fs.writeFileSync(file, html);
    },
  };
}
