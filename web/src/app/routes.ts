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

export const ROUTES: readonly RouteMeta[] = [
  {
    name: 'home',
    path: '/',
    get title() {
      return texts.titles.home;
    },
    auth: false,
    entry: true,
    depth: 0,
  },
  {
    name: 'chats',
    path: '/chats',
    get title() {
      return texts.titles.chats;
    },
    auth: true,
    depth: 0,
  },
  {
    name: 'chat',
    path: '/chats/:chatId',
    get title() {
      return texts.titles.chatFallback;
    },
    auth: true,
    depth: 1,
  },
  {
    name: 'create',
    path: '/create',
    get title() {
      return texts.titles.create;
    },
    auth: true,
    depth: 0,
  },
  {
    name: 'pro',
    path: '/pro',
    get title() {
      return texts.titles.pro;
    },
    auth: true,
    depth: 1,
  },
  {
    name: 'settings',
    path: '/settings',
    get title() {
      return texts.titles.settings;
    },
    auth: true,
    depth: 0,
  },
  {
    name: 'password',
    path: '/settings/password',
    get title() {
      return texts.titles.password;
    },
    auth: true,
    depth: 1,
  },
  {
    name: 'delete',
    path: '/settings/delete',
    get title() {
      return texts.titles.delete;
    },
    auth: true,
    depth: 1,
  },
  {
    name: 'data',
    path: '/settings/data',
    get title() {
      return texts.titles.data;
    },
    auth: true,
    depth: 1,
  },
  {
    name: 'memory',
    path: '/settings/memory',
    get title() {
      return texts.titles.memory;
    },
    auth: true,
    depth: 1,
  },
  {
    name: 'oidc',
    path: '/auth/oidc',
    get title() {
      return texts.titles.oidc;
    },
    auth: false,
    depth: 1,
  },
  {
    name: 'security',
    path: '/settings/security',
    get title() {
      return texts.settings.security;
    },
    auth: true,
    depth: 1,
  },
  {
    name: 'notifications',
    path: '/settings/notifications',
    get title() {
      return texts.titles.notifications;
    },
    auth: true,
    depth: 1,
  },
  {
    name: 'credits',
    path: '/settings/credits',
    get title() {
      return texts.titles.credits;
    },
    auth: true,
    depth: 1,
  },
  {
    name: 'purchase-complete',
    path: '/settings/credits/complete',
    get title() {
      return texts.titles.purchaseComplete;
    },
    auth: true,
    depth: 2,
  },
  {
    name: 'pro-subscription',
    path: '/settings/pro',
    get title() {
      return texts.titles.proSubscription;
    },
    auth: true,
    depth: 1,
  },
  {
    name: 'changelog',
    path: '/changelog',
    get title() {
      return texts.titles.changelog;
    },
    auth: false,
    depth: 1,
  },
  {
    name: 'ui-test',
    path: '/ui-test',
    get title() {
      return texts.titles.uiTest;
    },
    auth: true,
    depth: 1,
  },
  {
    name: 'ui-test-ionic',
    path: '/ui-test-ionic',
    get title() {
      return texts.titles.uiTestIonic;
    },
    auth: true,
    depth: 1,
  },
  {
    name: 'terms',
    path: '/terms',
    get title() {
      return texts.titles.terms;
    },
    auth: false,
    depth: 1,
  },
  {
    name: 'admin',
    path: '/admin',
    get title() {
      return texts.titles.admin;
    },
    auth: true,
    depth: 1,
  },
  /** A persona's page (issue #29; catalog personas too): anyone may read it, starting a chat signs in. */
  {
    name: 'persona',
    path: '/p/:id',
    get title() {
      return texts.titles.persona;
    },
    auth: false,
    depth: 1,
  },
];

const NOT_FOUND: RouteMeta = {
  name: 'not-found',
  path: '*',
  get title() {
    return texts.titles.notFound;
  },
  auth: false,
  depth: 1,
};

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
