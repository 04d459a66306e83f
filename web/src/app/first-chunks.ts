import { useAppStore } from '../store/app-store';
import { loadAuthModal } from './app-layout';
import { nextTask } from './next-task';
import { loadPage } from './pages';
import { redirectFor, routeFor } from './routes';

/**
 * Before the first render: the lazy chunks the first page shows (its page; the auth modal when it is
 * open from the start) are asked for, each in a task of its own. Vite's preload helper inserts a
 * `<link rel="modulepreload">` per dependency of a chunk (15–35 of them, each a request the main
 * thread issues); asked for here, they are not inserted inside one of React's render slices, which
 * they made long tasks (issue #50). React's `lazy` waits on the same promises. Resolves once the
 * requests are under way (not loaded): the render does not wait for the network.
 */
export async function startFirstChunks(pathname: string): Promise<void> {
  // A shared chat and the redirects render no page of the layout's routes.
  if (pathname.startsWith('/share/') || redirectFor(pathname) !== undefined) return;
  await nextTask();
  // A failure is React's to show (the same promise, in the page's error boundary).
  loadPage(routeFor(pathname).name).catch(() => undefined);
  if (useAppStore.getState().activeModal === 'auth') {
    await nextTask();
    loadAuthModal().catch(() => undefined);
  }
  await nextTask();
}
