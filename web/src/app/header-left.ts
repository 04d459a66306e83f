import { type RouteName, routeFor } from './routes';

export type HeaderLeftAction = 'to-chats' | 'new-chat' | 'back';

const NEW_CHAT_ROUTES: ReadonlySet<RouteName> = new Set(['home', 'chats', 'create', 'settings']);

/**
 * The header's left button (SPEC.md §2): on a chat page it goes to /chats; on home, chats, create
 * and settings it opens the New Chat modal; elsewhere it goes back one step.
 */
export function headerLeftAction(pathname: string): HeaderLeftAction {
  const route = routeFor(pathname);
  if (route.name === 'chat') return 'to-chats';
  if (NEW_CHAT_ROUTES.has(route.name)) return 'new-chat';
  return 'back';
}
