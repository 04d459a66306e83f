import { texts } from '../texts/texts';

/** The route table of SPEC.md §2. */
export type RouteName =
  | 'home'
  | 'chats'
  | 'chat'
  | 'create'
  | 'pro'
  | 'settings'
  | 'password'
  | 'delete'
  | 'data'
  | 'memory'
  | 'oidc'
  | 'security'
  | 'notifications'
  | 'credits'
  | 'purchase-complete'
  | 'pro-subscription'
  | 'changelog'
  | 'ui-test'
  | 'ui-test-ionic'
  | 'terms'
  | 'admin'
  | 'persona'
  | 'not-found';

export interface RouteMeta {
  name: RouteName;
  path: string;
  title: string;
  /** Only for signed-in users: a visitor gets the sign-in modal (and can browse elsewhere instead). */
  auth: boolean;
  /**
   * The sign-in entry point (home): a visitor arriving is offered sign-in, and may close it to
   * browse the page (issue #41: visitors browse Explore and persona pages).
   */
  entry?: boolean;
  /** Depth for transitions: lower depth slides back. */
  depth: number;
}

/**
 * A route: its name, path, title (read from the texts when shown: they follow the active locale),
 * whether it is for signed-in users only (`auth`), its depth, and whether it is the sign-in entry.
 */
function route(
  name: RouteName,
  path: string,
  title: () => string,
  auth: boolean,
  depth: number,
  entry = false,
): RouteMeta {
  return {
    name,
    path,
    get title() {
      return title();
    },
    auth,
    entry,
    depth,
  };
}

export const ROUTES: readonly RouteMeta[] = [
  route('home', '/', () => texts.titles.home, false, 0, true),
  route('chats', '/chats', () => texts.titles.chats, true, 0),
  route('chat', '/chats/:chatId', () => texts.titles.chatFallback, true, 1),
  route('create', '/create', () => texts.titles.create, true, 0),
  route('pro', '/pro', () => texts.titles.pro, true, 1),
  route('settings', '/settings', () => texts.titles.settings, true, 0),
  route('password', '/settings/password', () => texts.titles.password, true, 1),
  route('delete', '/settings/delete', () => texts.titles.delete, true, 1),
  route('data', '/settings/data', () => texts.titles.data, true, 1),
  route('memory', '/settings/memory', () => texts.titles.memory, true, 1),
  route('oidc', '/auth/oidc', () => texts.titles.oidc, false, 1),
  route('security', '/settings/security', () => texts.settings.security, true, 1),
  route('notifications', '/settings/notifications', () => texts.titles.notifications, true, 1),
  route('credits', '/settings/credits', () => texts.titles.credits, true, 1),
  route('purchase-complete', '/settings/credits/complete', () => texts.titles.purchaseComplete, true, 2),
  route('pro-subscription', '/settings/pro', () => texts.titles.proSubscription, true, 1),
  route('changelog', '/changelog', () => texts.titles.changelog, false, 1),
  route('ui-test', '/ui-test', () => texts.titles.uiTest, true, 1),
  route('ui-test-ionic', '/ui-test-ionic', () => texts.titles.uiTestIonic, true, 1),
  route('terms', '/terms', () => texts.titles.terms, false, 1),
  route('admin', '/admin', () => texts.titles.admin, true, 1),
  /** A persona's page (issue #29; catalog personas too): anyone may read it, starting a chat signs in. */
  route('persona', '/p/:id', () => texts.titles.persona, false, 1),
];

const NOT_FOUND = route('not-found', '*', () => texts.titles.notFound, false, 1);

function matches(pattern: string, pathname: string): boolean {
  const a = pattern.split('/').filter(Boolean);
  const b = pathname.split('/').filter(Boolean);
  if (a.length !== b.length) return false;
  return a.every((seg, i) => seg.startsWith(':') || seg === b[i]);
}

/** The route a pathname lands on (after redirects), or Not Found. */
export function routeFor(pathname: string): RouteMeta {
  const clean = pathname.replace(/\/+$/, '') || '/';
  return ROUTES.find((r) => matches(r.path, clean)) ?? NOT_FOUND;
}

/** The two redirects of SPEC.md §2; undefined when the path is not redirected. */
export function redirectFor(pathname: string): string | undefined {
  if (pathname === '/privacy' || pathname === '/privacy/') return '/terms';
  const account = /^\/account(?:\/(.*))?$/.exec(pathname);
  if (account) {
    const rest = (account[1] ?? '').replace(/\/+$/, '');
    return rest ? `/settings/${rest}` : '/settings';
  }
  return undefined;
}
