import { useAppStore } from '../store/app-store';
import { loadAuthModal } from './app-layout';
import { nextTask } from './next-task';
import { firstPageLoads } from './pages';
import { routeFor } from './routes';

/**
 * Before the first render: the lazy chunks the first page shows (Explore's or a chat's page; the
 * auth modal when it is open from the start) are asked for, each in a task of its own. Vite's
 * preload helper inserts a `<link rel="modulepreload">` per dependency of a chunk (15–35 of them,
 * each a request the main thread issues); asked for here, they are not inserted inside one of
 * React's render slices, which they made long tasks (issue #50). Resolves once the requests are
 * under way (not loaded): the render does not wait for the network.
 */
export async function startFirstChunks(pathname: string): Promise<void> {
  for (const load of firstPageLoads[routeFor(pathname).name] ?? []) {
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
