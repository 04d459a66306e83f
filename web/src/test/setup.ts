import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { queryClient } from '../api/query-client';
import { loadMarkdown } from '../ui/lazy-markdown';

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
