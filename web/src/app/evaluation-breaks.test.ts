import type { Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import { EVALUATION_BREAK, evaluationBreaks } from '../../pwa/vite-plugin-evaluation-breaks';

/** The plugin's hooks called as the build calls them, with `this.error` throwing. */
function build(plugin: Plugin = evaluationBreaks()) {
  const context = {
    error: (message: string) => {
      throw new Error(message);
    },
  };
  const call = (hook: unknown, ...args: unknown[]) =>
    (hook as (...a: unknown[]) => unknown).call(context, ...args) as { code: string } | null | undefined;
  call(plugin.buildStart);
  return {
    transform: (code: string, id: string) => call(plugin.transform, code, id),
    renderChunk: (code: string, chunk: { isEntry: boolean; fileName: string }) => call(plugin.renderChunk, code, chunk),
    generateBundle: () => call(plugin.generateBundle),
  };
}
const marker = (id: string, b: ReturnType<typeof build>) => b.transform('export {};\n', id)?.code ?? '';

describe('evaluationBreaks (vite plugin)', () => {
  it('should leave modules other than the marks as they are', () => {
    const b = build();
    expect(b.transform('export const a = 1;\n', '/repo/web/src/app/router.tsx')).toBeNull();
    expect(b.renderChunk('const a = 1;\n', { isEntry: true, fileName: 'index.js' })).toBeNull();
    expect(() => b.generateBundle()).not.toThrow();
  });

  it('should put a top-level await of a task where each mark is in the entry chunk', () => {
    const b = build();
    const first = marker('/repo/web/src/app/evaluation-break-before-react-dom.ts', b);
    const second = marker('/repo/web/src/app/evaluation-break-after-react-dom.ts', b);
    const chunk = `var a = 1;\n${first}var b = 2;\n${second}var c = 3;\n`;
    const out = b.renderChunk(chunk, { isEntry: true, fileName: 'index.js' });
    expect(out?.code).toBe(`var a = 1;\n${EVALUATION_BREAK};\nvar b = 2;\n${EVALUATION_BREAK};\nvar c = 3;\n`);
    // The chunk's lines stay where they were (its source map is kept).
    expect(out?.code.split('\n')).toHaveLength(chunk.split('\n').length);
    expect(() => b.generateBundle()).not.toThrow();
  });

  it('should fail the build when a mark lands in another chunk than the entry', () => {
    const b = build();
    const code = marker('/repo/web/src/app/evaluation-break-before-react-dom.ts', b);
    expect(() => b.renderChunk(code, { isEntry: false, fileName: 'chat-page.js' })).toThrow(/chat-page\.js/);
  });

  it('should fail the build when a mark was dropped from the bundle', () => {
    const b = build();
    const first = marker('/repo/web/src/app/evaluation-break-before-react-dom.ts', b);
    marker('/repo/web/src/app/evaluation-break-after-react-dom.ts', b);
    b.renderChunk(first, { isEntry: true, fileName: 'index.js' });
    expect(() => b.generateBundle()).toThrow(/2 evaluation breaks marked, 1 placed/);
  });
});

describe('the evaluation break', () => {
  it('should resume in a later task, not in a microtask', async () => {
    const order: string[] = [];
    const pending = new Function(`return (async () => { ${EVALUATION_BREAK}; })();`)() as Promise<void>;
    void pending.then(() => order.push('break'));
    await Promise.resolve();
    await Promise.resolve();
    order.push('microtasks');
    await pending;
    expect(order).toEqual(['microtasks', 'break']);
  });
});
