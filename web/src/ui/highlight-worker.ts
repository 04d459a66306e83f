import type { ElementContent } from 'hast';
import { highlightTree } from './highlight';

/** A block to highlight, and its highlight.js nodes (none where its language stays plain). */
export interface HighlightRequest {
  id: number;
  language: string;
  code: string;
}
export interface HighlightAnswer {
  id: number;
  nodes: ElementContent[] | undefined;
}

/** The worker's answer to a request: what `highlightTree` gives on the main thread. */
export function answer({ id, language, code }: HighlightRequest): HighlightAnswer {
  return { id, nodes: highlightTree(language, code) };
}

/**
 * In the worker (`ui/code-highlighter.ts` starts it): highlight.js's grammars are registered,
 * compiled and run here, off the page's main thread. The blocks asked for together are answered in
 * one message: the page applies them in one render, not one render (and layout) per block.
 */
export function serve(scope: { onmessage: unknown; postMessage: (answers: HighlightAnswer[]) => void }): void {
  let queue: HighlightRequest[] = [];
  const flush = () => {
    const requests = queue;
    queue = [];
    scope.postMessage(requests.map(answer));
  };
  scope.onmessage = (event: MessageEvent<HighlightRequest>) => {
    if (queue.push(event.data) === 1) setTimeout(flush, 0);
  };
}
if (typeof window === 'undefined' && typeof self !== 'undefined') serve(self as unknown as Parameters<typeof serve>[0]);
