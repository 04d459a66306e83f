import * as streams from 'node:stream/web';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { queryClient } from '../api/query-client';
import { loadMarkdown } from '../ui/lazy-markdown';

// Browsers have the Compression Streams API; jsdom has not, and a VM context (the web project's
// pool, vitest.config.ts) does not get Node's global: Node's, as a browser's would be there.
globalThis.CompressionStream ??= streams.CompressionStream as unknown as typeof CompressionStream;
globalThis.DecompressionStream ??= streams.DecompressionStream as unknown as typeof DecompressionStream;

// findBy*/waitFor wait up to 5 s, not Testing Library's 1 s: a lazy page's first render behind
// the other worker's tests on a busy 2-core machine took longer than 1 s (a passing wait ends as
// soon as its element is there, so this costs nothing when nothing is wrong).
configure({ asyncUtilTimeout: 5000 });

// The routes that show markdown load its renderer before their first render (app/pages.tsx):
// components rendered on their own in tests get the same.
beforeAll(async () => {
  await loadMarkdown();
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  // Server data cached by one test must not answer the next one's.
  queryClient.clear();
});
