import { lazy, type ReactNode, Suspense } from 'react';
import { PlaceholderPage } from '../pages/placeholder-page';
import type { RouteName } from './routes';

const ExplorePage = lazy(() => import('../explore/explore-page').then((m) => ({ default: m.ExplorePage })));
const ChatsPage = lazy(() => import('../chats/chats-page').then((m) => ({ default: m.ChatsPage })));
const ChatPage = lazy(() => import('../chat/chat-page').then((m) => ({ default: m.ChatPage })));
const NotFoundPage = lazy(() => import('../pages/not-found-page').then((m) => ({ default: m.NotFoundPage })));

function PageFallback() {
  return (
    <div className="mx-auto max-w-3xl animate-pulse p-4" role="status" aria-busy="true" aria-label="Loading...">
      <div className="mb-3 h-7 w-48 rounded bg-surface-3" />
      <div className="h-4 w-72 rounded bg-surface-3" />
    </div>
  );
}

const page = (node: ReactNode) => <Suspense fallback={<PageFallback />}>{node}</Suspense>;

/**
 * The page of each route. Pages whose issue comes later render a placeholder with their title;
 * each feature replaces its entries with its lazily loaded page.
 */
export const pageElements: Record<RouteName, ReactNode> = {
  home: page(<ExplorePage />),
  chats: page(<ChatsPage />),
  chat: page(<ChatPage />),
  create: page(<PlaceholderPage />),
  pro: page(<PlaceholderPage />),
  settings: page(<PlaceholderPage />),
  password: page(<PlaceholderPage />),
  delete: page(<PlaceholderPage />),
  credits: page(<PlaceholderPage />),
  'purchase-complete': page(<PlaceholderPage />),
  'pro-subscription': page(<PlaceholderPage />),
  changelog: page(<PlaceholderPage />),
  'ui-test': page(<PlaceholderPage />),
  'ui-test-ionic': page(<PlaceholderPage />),
  terms: page(<PlaceholderPage />),
  'not-found': page(<NotFoundPage />),
};
