/// <reference types="node" />
import path from 'node:path';
import type { Plugin, Rollup } from 'vite';
import { FIRST_CHUNKS_META } from '../src/app/first-chunks-meta';

type Bundle = Rollup.OutputBundle;

/** A chunk's file and the files of every chunk it imports statically, as Vite's preload helper links them. */
function chunkFiles(bundle: Bundle, fileName: string, into: Set<string>) {
  if (into.has(fileName)) return;
  const chunk = bundle[fileName];
  if (chunk?.type !== 'chunk') return;
  into.add(fileName);
  for (const imported of chunk.imports) chunkFiles(bundle, imported, into);
}

/** Modules (from the web package's root) by route name (app/routes.ts). */
export type ModulesByRoute = Record<string, string[]>;

/**
 * The JS files each first page's lazy loads bring (the chunks of `modules`), space-separated, less those index.html
 * already loads (the entry and its imports), by route. Throws when a listed module is in no chunk
 * (renamed or gone): the list and the pages must agree.
 */
export function firstChunkFiles(bundle: Bundle, root: string, modules: ModulesByRoute): Record<string, string> {
  const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
  const upFront = new Set<string>();
  for (const entry of chunks.filter((c) => c.isEntry)) chunkFiles(bundle, entry.fileName, upFront);
  const byRoute: Record<string, string> = {};
  for (const [route, list] of Object.entries(modules)) {
    const files = new Set<string>();
    for (const module of list) {
      const id = path.resolve(root, module);
      const chunk = chunks.find((c) => c.moduleIds.includes(id));
      if (!chunk) throw new Error(`first chunks: ${module} is in no chunk (web/vite.config.ts)`);
      chunkFiles(bundle, chunk.fileName, files);
    }
    byRoute[route] = [...files]
      .filter((f) => !upFront.has(f))
      .map((f) => `/${f}`)
      .join(' ');
  }
  return byRoute;
}

/**
 * Writes into index.html (a `<meta>`, no script: the page's CSP is untouched) the JS files each
 * first page's lazy chunks need, so start-up can link them a few per task (`app/first-chunks.ts`)
 * before Vite's preload helper would link all of them in one task (issue #50: 27 links for a
 * chat, one task of 22–103 ms of thread time at 4× CPU). The helper skips a file already linked. `modules`: the
 * modules each first page loads lazily (`firstPageLoads` in app/pages.tsx).
 */
export function firstChunks(modules: ModulesByRoute): Plugin {
  let root = process.cwd();
  return {
    name: 'neura-first-chunks',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return html;
        const content = JSON.stringify(firstChunkFiles(ctx.bundle, root, modules));
        return {
          html,
          tags: [{ tag: 'meta', attrs: { name: FIRST_CHUNKS_META, content }, injectTo: 'head' }],
        };
      },
    },
  };
}
