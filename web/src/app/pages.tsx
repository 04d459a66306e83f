import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { texts } from '../texts/texts';
import { withMarkdown } from '../ui/lazy-markdown';
import type { RouteName } from './routes';

/**
 * A lazy page whose chunk loads once: React's `lazy` and the start-up (`loadPage`, before the first
 * render) share the same promise, so the preload links of its chunk's dependencies are inserted in
 * the start-up's task instead of inside a render slice (issue #50: 15–35 links, each a request
 * issued on the main thread).
 */
function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  let pending: Promise<{ default: ComponentType }> | undefined;
  const once = () => {
    pending ??= load();
    return pending;
  };
  return { Page: lazy(once), load: once };
}

const explore = lazyPage(() => import('../explore/explore-page').then((m) => ({ default: m.ExplorePage })));
/** The texts of folders and temporary chats (issue #49), which the chat pages show. */
const organiseReady = () => import('../chats/organise-ready').then((m) => m.organiseTextsReady);
const chats = lazyPage(() =>
  Promise.all([import('../chats/chats-page'), organiseReady()]).then(([m]) => ({ default: m.ChatsPage })),
);
/** The texts of documents and persona knowledge (issue #45): the chat page and the builder show them. */
const documentsReady = () => import('../chat/documents-ready').then((m) => m.documentTextsReady);
const chat = lazyPage(() =>
  Promise.all([withMarkdown(import('../chat/chat-page')), organiseReady(), documentsReady()]).then(([m]) => ({
    default: m.ChatPage,
  })),
);
const notFound = lazyPage(() => import('../pages/not-found-page').then((m) => ({ default: m.NotFoundPage })));
const create = lazyPage(() =>
  Promise.all([withMarkdown(import('../creator/create-page')), documentsReady()]).then(([m]) => m),
);
const personaLink = lazyPage(() => import('../creator/persona-link-page'));
const terms = lazyPage(() => withMarkdown(import('../pages/terms-page')));
const changelog = lazyPage(() => withMarkdown(import('../pages/changelog-page')));
const uiTest = lazyPage(() => import('../pages/ui-test-page'));
const settings = lazyPage(() => import('../settings/settings-page'));
const changePassword = lazyPage(() => import('../settings/change-password-page'));
const deleteAccount = lazyPage(() => import('../settings/delete-account-page'));
const yourData = lazyPage(() => import('../conversation-io/your-data-page'));
const memory = lazyPage(() => import('../settings/memory-page'));
// Pages whose texts are a part (i18n/parts.ts): each renders once they are in the active locale.
const oidc = lazyPage(() => import('../auth/oidc-page').then((m) => m.ready.then(() => m)));
const security = lazyPage(() => import('../settings/security-page').then((m) => m.ready.then(() => m)));
const notifications = lazyPage(() => import('../settings/notifications-page').then((m) => m.ready.then(() => m)));
const pro = lazyPage(() => import('../billing/pro-page'));
const buyCredits = lazyPage(() => import('../billing/buy-credits-page'));
const orderStatus = lazyPage(() => import('../billing/order-status-page'));
const proSubscription = lazyPage(() => import('../billing/pro-subscription-page'));
/** The operator's console: its own chunk (charts and all), fetched only when /admin opens. */
const admin = lazyPage(() =>
  import('../i18n/runtime').then((m) => m.loadAdminCatalog()).then(() => import('../admin/admin-page')),
);

/** The lazy page of each route. */
const pages: Record<RouteName, { Page: ComponentType; load: () => Promise<unknown> }> = {
  home: explore,
  chats,
  chat,
  create,
  pro,
  settings,
  password: changePassword,
  delete: deleteAccount,
  data: yourData,
  memory,
  oidc,
  security,
  notifications,
  credits: buyCredits,
  'purchase-complete': orderStatus,
  'pro-subscription': proSubscription,
  changelog,
  'ui-test': uiTest,
  'ui-test-ionic': uiTest,
  terms,
  admin,
  persona: personaLink,
  'not-found': notFound,
};

/** Starts loading a route's page (once; the promise React's lazy waits on). */
export function loadPage(name: RouteName): Promise<unknown> {
  return pages[name].load();
}

function PageFallback() {
  return (
    <div
      className="mx-auto max-w-3xl animate-pulse p-4"
      role="status"
      aria-busy="true"
      aria-label={texts.a11y.loadingPage}
    >
      <div className="mb-3 h-7 w-48 rounded bg-surface-3" />
      <div className="h-4 w-72 rounded bg-surface-3" />
    </div>
  );
}

const page = (node: ReactNode) => <Suspense fallback={<PageFallback />}>{node}</Suspense>;

/**
 * The page of each route, each feature's page loaded lazily.
 */
export const pageElements = Object.fromEntries(
  Object.entries(pages).map(([name, { Page }]) => [name, page(<Page />)]),
) as Record<RouteName, ReactNode>;
