import path from 'node:path';
import type { Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { firstChunkFiles } from './vite-plugin-first-chunks';

const firstChunkModules = {
  home: ['src/explore/explore-page.tsx'],
  chat: ['src/ui/markdown.tsx', 'src/chat/documents-ready.ts', 'src/chat/chat-page.tsx'],
};

const root = '/app/web';
const chunk = (fileName: string, moduleIds: string[], imports: string[], isEntry = false) =>
  ({
    type: 'chunk',
    fileName,
    moduleIds: moduleIds.map((m) => path.join(root, m)),
    imports,
    isEntry,
  }) as Rollup.OutputChunk;

/** A bundle shaped like the build's: every listed module in a chunk, sharing chunks with the entry and each other. */
function bundle(): Rollup.OutputBundle {
  const lazy = Object.values(firstChunkModules)
    .flat()
    .map((m, i) => chunk(`assets/lazy-${i}.js`, [m], ['assets/core.js', 'assets/shared.js']));
  const chunks = [
    chunk('assets/index.js', ['index.html', 'src/main.tsx'], ['assets/core.js'], true),
    chunk('assets/core.js', ['src/store/app-store.ts'], []),
    chunk('assets/shared.js', ['src/texts/app-texts.ts'], ['assets/deep.js', 'assets/core.js']),
    chunk('assets/deep.js', ['src/api/chats-api.ts'], []),
    ...lazy,
  ];
  const css = { type: 'asset', fileName: 'assets/index.css' } as Rollup.OutputAsset;
  return Object.fromEntries([...chunks.map((c) => [c.fileName, c]), [css.fileName, css]]);
}

describe('firstChunkFiles (issue #50)', () => {
  it("should list each first page's chunks and what they import, without what index.html already loads", () => {
    const files = firstChunkFiles(bundle(), root, firstChunkModules);
    expect(Object.keys(files)).toEqual(Object.keys(firstChunkModules));
    const home = files.home?.split(' ');
    expect(home).toEqual(['/assets/lazy-0.js', '/assets/shared.js', '/assets/deep.js']);
    const chat = files.chat?.split(' ') ?? [];
    expect(chat).toHaveLength(firstChunkModules.chat.length + 2);
    expect(new Set(chat).size).toBe(chat.length);
    expect(chat).not.toContain('/assets/core.js');
    expect(chat).not.toContain('/assets/index.js');
  });

  it('should fail the build when a listed module is in no chunk', () => {
    const partial = bundle();
    delete partial['assets/lazy-1.js'];
    expect(() => firstChunkFiles(partial, root, firstChunkModules)).toThrow(/is in no chunk/);
  });
});
