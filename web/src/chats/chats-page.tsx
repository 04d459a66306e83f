import { useNavigate } from 'react-router';
import { errorMessage } from '../api/app-error';
import { texts } from '../texts/texts';
import { showToast } from '../ui/toast-store';
import { startChat } from './chat-actions';
import { ChatList } from './chat-list';
import { reloadChatList } from './chats-api';
import { NewChatButton } from './new-chat-button';
import { PullToRefresh } from './pull-to-refresh';

/** The Chats page (mobile list; also works on desktop): New Chat, search and the list with pull-to-refresh. */
export function ChatsPage() {
  const navigate = useNavigate();
  const refresh = async () => {
    try {
      await reloadChatList();
    } catch (error) {
      showToast({ severity: 'error', message: errorMessage(error) });
    }
  };
  return (
    <section
      aria-labelledby="chats-heading"
      className="mx-auto flex min-h-0 w-full max-w-3xl flex-1 flex-col gap-3 p-3"
    >
      <h2 id="chats-heading" className="sr-only">
        {texts.titles.chats}
      </h2>
      <NewChatButton onClick={() => void startChat(null, navigate)} />
      <ChatList
        className="flex-1"
        renderScroller={(scroller, scrollRef) => (
          <PullToRefresh scrollRef={scrollRef} onRefresh={refresh}>
            {scroller}
          </PullToRefresh>
        )}
      />
    </section>
  );
}
