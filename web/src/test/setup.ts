import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { loadMarkdown } from '../ui/lazy-markdown';

// The routes that show markdown load its renderer before their first render (app/pages.tsx):
// components rendered on their own in tests get the same.
beforeAll(async () => {
  await loadMarkdown();
});

afterEach(() => {
  cleanup();
  localStorage.clear();
});
