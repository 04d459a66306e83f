import type { ReactNode } from 'react';
import { hastToReact } from './hast-to-react';
import type { HighlightAnswer, HighlightRequest } from './highlight-worker';
import { inLaterTask } from './later';

/** Highlights a fenced block's code: React children, undefined where it stays plain. */
export type Highlight = (language: string, code: string) => Promise<ReactNode | undefined>;

/**
 * On the main thread (where there is no worker, or it failed): in later tasks, a language's first
 * block compiling its grammar in one task and highlighted in the next (`ui/highlight.ts`).
 */
function inThisThread(): Highlight {
  const highlighter = import('./highlight');
  return async (language, code) => {
    const { highlightCode, prepareGrammar } = await highlighter;
    return new Promise((resolve) => {
      inLaterTask(() => {
        if (prepareGrammar(language)) inLaterTask(() => resolve(highlightCode(language, code)));
        else resolve(highlightCode(language, code));
      });
    });
  };
}

/**
 * The code highlighter of markdown (`ui/markdown.tsx`): highlight.js in a Web Worker, so loading
 * it, compiling a language's grammar (the TypeScript one was a task of ~60 ms at 4× CPU) and
 * highlighting a long block never take the page's main thread; only the spans are made here. The
 * same nodes as on the main thread (`ui/highlight-worker.ts` runs `highlightTree`). Where there is no
 * Worker, or the worker fails (refused, crashed), the blocks are highlighted on the main thread.
 */
export function createHighlighter(start: () => Worker | undefined = startWorker): Highlight {
  let highlight: Highlight | undefined;
  // Started with the first block to highlight, not with the renderer: the worker's script loads and
  // is evaluated once a block needs it, not while a chat's page and messages load.
  return (language, code) => {
    highlight ??= inWorker(start);
    return highlight(language, code);
  };
}

function inWorker(start: () => Worker | undefined): Highlight {
  let fallback: Highlight | undefined;
  const onMainThread = (): Highlight => {
    fallback ??= inThisThread();
    return fallback;
  };
  let worker: Worker | undefined;
  try {
    worker = start();
  } catch {
    worker = undefined;
  }
  if (!worker) return onMainThread();
  const pending = new Map<number, { request: HighlightRequest; resolve: (nodes: ReactNode | undefined) => void }>();
  let next = 0;
  let failed = false;
  const fail = () => {
    failed = true;
    worker?.terminate();
    // What was asked of the worker is highlighted here instead.
    for (const { request, resolve } of pending.values())
      void onMainThread()(request.language, request.code).then(resolve);
    pending.clear();
  };
  worker.addEventListener('error', fail);
  worker.addEventListener('messageerror', fail);
  // The answers to the blocks asked for together come in one message (one render for all of them).
  worker.addEventListener('message', (event: MessageEvent<HighlightAnswer[]>) => {
    for (const { id, nodes } of event.data) {
      const asked = pending.get(id);
      if (!asked) continue;
      pending.delete(id);
      asked.resolve(nodes ? hastToReact(nodes) : undefined);
    }
  });
  return (language, code) => {
    if (failed) return onMainThread()(language, code);
    return new Promise((resolve) => {
      const request = { id: next++, language, code };
      pending.set(request.id, { request, resolve });
      worker?.postMessage(request);
    });
  };
}

function startWorker(): Worker | undefined {
  if (typeof Worker === 'undefined') return undefined;
  return new Worker(new URL('./highlight-worker.ts', import.meta.url), { type: 'module', name: 'highlight' });
}
