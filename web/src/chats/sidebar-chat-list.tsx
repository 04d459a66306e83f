import { useState, useSyncExternalStore } from 'react';
import { ChatList } from './chat-list';

/** The sidebar shows from Tailwind's `lg` (64rem); below it is `display: none`. */
const WIDE = '(min-width: 64rem)';
const wideQuery = () => (typeof window.matchMedia === 'function' ? window.matchMedia(WIDE) : null);
const subscribeWide = (onChange: () => void) => {
  const query = wideQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
};
const isWide = () => wideQuery()?.matches ?? true;

/**
 * The desktop sidebar's chat list. A phone never sees the sidebar, so there the list (a virtualizer
 * measuring a hidden box, a folders query, a render with every chat event) is not mounted; the
 * Chats tab has the phone's list. Once shown it stays mounted, so a window narrowed and widened
 * again keeps its search and folds.
 */
export function SidebarChatList() {
  const wide = useSyncExternalStore(subscribeWide, isWide);
  const [shown, setShown] = useState(wide);
  if (wide && !shown) setShown(true);
  return shown ? <ChatList className="flex-1" /> : <div className="flex-1" />;
}
