import { useAppStore } from '../store/app-store';
import { nextTask } from '../ui/next-task';
import { loadAuthModal } from './app-layout';
import { FIRST_CHUNKS_META } from './first-chunks-meta';
import { firstPageLoads } from './pages';
import { routeFor } from './routes';

/** Links inserted per task: each is a request the main thread issues (1–5 ms at 4× CPU, more for the first). */
const LINKS_PER_TASK = 4;

/** The first page's chunk files as the build listed them in index.html (none in development). */
function listedFiles(route: string): string[] {
  const content = document.querySelector(`meta[name="${FIRST_CHUNKS_META}"]`)?.getAttribute('content');
  if (!content) return [];
  try {
    const files = (JSON.parse(content) as Record<string, unknown>)[route];
    return typeof files === 'string' ? files.split(' ').filter(Boolean) : [];
  } catch {
    return [];
  }
}

/** `<link rel="modulepreload">` for each file, a few per task; Vite's preload helper skips a linked file. */
async function linkInTurn(files: string[]): Promise<void> {
  for (let i = 0; i < files.length; i += LINKS_PER_TASK) {
    await nextTask();
    for (const file of files.slice(i, i + LINKS_PER_TASK)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = file;
      document.head.appendChild(link);
    }
  }
}

/**
 * Before the first render: the lazy chunks the first page shows (Explore's or a chat's page; the
 * auth modal when it is open from the start) are asked for. Vite's preload helper inserts a
 * `<link rel="modulepreload">` per dependency of a chunk in the task that imports it (27 for a
 * chat: one task of 22–103 ms of thread time at 4× CPU). The files the build listed for this page are linked
 * first, a few per task, then each load runs in a task of its own and links nothing more; none of
 * it happens inside one of React's render slices (issue #50). Resolves once the requests are under
 * way (not loaded): the render does not wait for the network.
 */
export async function startFirstChunks(pathname: string): Promise<void> {
  const route = routeFor(pathname).name;
  await linkInTurn(listedFiles(route));
  for (const load of firstPageLoads[route] ?? []) {
    await nextTask();
    // A failure is React's to show (its own call of the import fails the same way, in the page).
    load().catch(() => undefined);
  }
  if (useAppStore.getState().activeModal === 'auth') {
    await nextTask();
    loadAuthModal().catch(() => undefined);
  }
  await nextTask();
}
