import type { ErrorBody } from '@neura/contract';
import { useAppStore } from '../store/app-store';
import { appTexts } from '../texts/app-texts';
import { Button } from '../ui/button';

/** In place of the composer in a chat that takes no more messages: why, and a way to go on. */
export function ReadOnlyNote({ reason }: { reason: ErrorBody }) {
  const openNewChat = () => useAppStore.getState().setActiveModal('newchat');
  return (
    <div
      role="status"
      data-testid="chat-read-only"
      className="mx-auto flex w-full max-w-3xl flex-col gap-2 border-t border-border px-4 py-3 text-sm sm:flex-row sm:items-center sm:justify-between"
    >
      <p>
        <strong className="block font-semibold">{appTexts.chat.readOnlyTitle}</strong>
        <span className="text-muted">{reason.message || appTexts.chat.readOnlyFallback}</span>
      </p>
      <Button onClick={openNewChat} variant="primary" size="pill" className="shrink-0 self-start sm:self-auto">
        {appTexts.chat.readOnlyNewChat}
      </Button>
    </div>
  );
}
