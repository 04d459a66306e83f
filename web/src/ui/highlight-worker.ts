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

// In the worker (`ui/code-highlighter.ts` starts it): highlight.js's grammars are registered,
// compiled and run here, off the page's main thread.
if (typeof window === 'undefined' && typeof self !== 'undefined') {
  self.onmessage = (event: MessageEvent<HighlightRequest>) => self.postMessage(answer(event.data));
}
