import type { ViewTransition } from '../store/app-store';
import { type RouteMeta, routeFor } from './routes';

/**
 * The transition of SPEC.md §2 for a navigation from one pathname to another: slide-next into
 * credits; slide-prev out of credits or purchase-complete; none from chat to chat; slide-child-next
 * into a chat; slide-child-prev out of a chat; otherwise by route depth (lower depth slides back).
 */
export function chooseTransition(from: string, to: string): ViewTransition {
  const a: RouteMeta = routeFor(from);
  const b: RouteMeta = routeFor(to);
  if (b.name === 'credits' && a.name !== 'credits') return 'slide-next';
  if (a.name === 'credits' || a.name === 'purchase-complete') return 'slide-prev';
  if (a.name === 'chat' && b.name === 'chat') return 'none';
  if (b.name === 'chat') return 'slide-child-next';
  if (a.name === 'chat') return 'slide-child-prev';
  if (b.depth < a.depth) return 'slide-prev';
  if (b.depth > a.depth) return 'slide-next';
  return 'none';
}
