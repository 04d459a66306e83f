import { lazy, type ReactNode, Suspense } from 'react';
import { texts } from '../texts/texts';
import { loadMarkdown, withMarkdown } from '../ui/lazy-markdown';
import type { RouteName } from './routes';

const loadExplore = () => import('../explore/explore-page').then((m) => ({ default: m.ExplorePage }));
const ExplorePage = lazy(loadExplore);
/** The texts of folders and temporary chats (issue #49), which the chat pages show. */
const organiseReady = () => import('../chats/organise-ready').then((m) => m.organiseTextsReady);
const ChatsPage = lazy(() =>
  Promise.all([import('../chats/chats-page'), organiseReady()]).then(([m]) => ({ default: m.ChatsPage })),
);
/** The texts of documents and persona knowledge (issue #45): the chat page and the builder show them. */
const documentsReady = () => import('../chat/documents-ready').then((m) => m.documentTextsReady);
const loadChat = () =>
  Promise.all([withMarkdown(import('../chat/chat-page')), organiseReady(), documentsReady()]).then(([m]) => ({
    default: m.ChatPage,
  }));
const ChatPage = lazy(loadChat);
/**
 * The pages start-up asks for before the first render (`app/first-chunks.ts`), each part in a task
 * of its own: Explore and a chat, the first pages issue #50 measures. Vite's preload helper links
 * each dependency once, so React's own call of the same imports later inserts no links inside a
 * render slice.
 */
export const firstPageLoads: Partial<Record<RouteName, Array<() => Promise<unknown>>>> = {
  home: [loadExplore],
  chat: [loadMarkdown, organiseReady, documentsReady, loadChat],
};
const NotFoundPage = lazy(() => import('../pages/not-found-page').then((m) => ({ default: m.NotFoundPage })));
const CreatePage = lazy(() =>
  Promise.all([withMarkdown(import('../creator/create-page')), documentsReady()]).then(([m]) => m),
);
const PersonaLinkPage = lazy(() => import('../creator/persona-link-page'));
const TermsPage = lazy(() => withMarkdown(import('../pages/terms-page')));
const ChangelogPage = lazy(() => withMarkdown(import('../pages/changelog-page')));
const UiTestPage = lazy(() => import('../pages/ui-test-page'));
const SettingsPage = lazy(() => import('../settings/settings-page'));
const ChangePasswordPage = lazy(() => import('../settings/change-password-page'));
const DeleteAccountPage = lazy(() => import('../settings/delete-account-page'));
const YourDataPage = lazy(() => import('../conversation-io/your-data-page'));
const MemoryPage = lazy(() => import('../settings/memory-page'));
// Pages whose texts are a part (i18n/parts.ts): each renders once they are in the active locale.
const OidcPage = lazy(() => import('../auth/oidc-page').then((m) => m.ready.then(() => m)));
const SecurityPage = lazy(() => import('../settings/security-page').then((m) => m.ready.then(() => m)));
const NotificationsPage = lazy(() => import('../settings/notifications-page').then((m) => m.ready.then(() => m)));
const ProPage = lazy(() => import('../billing/pro-page'));
const BuyCreditsPage = lazy(() => import('../billing/buy-credits-page'));
const OrderStatusPage = lazy(() => import('../billing/order-status-page'));
const ProSubscriptionPage = lazy(() => import('../billing/pro-subscription-page'));
/** The operator's console: its own chunk (charts and all), fetched only when /admin opens. */
const AdminPage = lazy(() =>
  import('../i18n/runtime').then((m) => m.loadAdminCatalog()).then(() => import('../admin/admin-page')),
);

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
export const pageElements: Record<RouteName, ReactNode> = {
  home: page(<ExplorePage />),
  chats: page(<ChatsPage />),
  chat: page(<ChatPage />),
  create: page(<CreatePage />),
  pro: page(<ProPage />),
  settings: page(<SettingsPage />),
  password: page(<ChangePasswordPage />),
  delete: page(<DeleteAccountPage />),
  data: page(<YourDataPage />),
  memory: page(<MemoryPage />),
  oidc: page(<OidcPage />),
  security: page(<SecurityPage />),
  notifications: page(<NotificationsPage />),
  credits: page(<BuyCreditsPage />),
  'purchase-complete': page(<OrderStatusPage />),
  'pro-subscription': page(<ProSubscriptionPage />),
  changelog: page(<ChangelogPage />),
  'ui-test': page(<UiTestPage />),
  'ui-test-ionic': page(<UiTestPage />),
  terms: page(<TermsPage />),
  admin: page(<AdminPage />),
  persona: page(<PersonaLinkPage />),
  'not-found': page(<NotFoundPage />),
};
