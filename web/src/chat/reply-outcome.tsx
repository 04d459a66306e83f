import type { Message } from '@neura/contract';
import { showSendError } from '../chats/send-error';
import { useChats } from '../store/chats';
import { usePersonas } from '../store/personas';
import { replyTexts as t } from '../texts/app-texts';
import { Button } from '../ui/button';
import { continueMessage } from './chat-api';

/** What carrying a reply on costs: the chat persona's price per message (else what the reply cost). */
function useContinuePrice(message: Message): number {
  const personaId = useChats((s) => s.chats.find((c) => c.id === message.chatId)?.persona);
  const price = usePersonas((s) => s.personas.find((p) => p.id === personaId)?.cost);
  return price ?? message.cost;
}

/**
 * Why a finished reply ended when it was not a normal stop: cut short by the token limit (with
 * Continue on the chat's newest reply, its price on the button: a new, paid reply that carries the
 * same answer on) or stopped by the provider's content filter.
 */
export function ReplyOutcome({ message, isLast, busy }: { message: Message; isLast: boolean; busy: boolean }) {
  const price = useContinuePrice(message);
  if (message.status === 'streaming' || message.superseded) return null;
  if (message.finishReason === 'content_filter') {
    return (
      <p className="mt-1 text-xs text-warning" data-testid="reply-outcome" data-reason="content_filter">
        {t.contentFilter}
      </p>
    );
  }
  if (message.finishReason !== 'length') return null;
  return (
    <div className="mt-1 flex flex-wrap items-center gap-2" data-testid="reply-outcome" data-reason="length">
      <p className="text-xs text-warning">{t.cutShort}</p>
      {isLast ? (
        <Button
          className="inline-flex min-h-11 items-center rounded-full border border-border px-3 text-xs font-medium text-fg hover:bg-surface-3 focus-visible:outline-2 focus-visible:outline-accent disabled:opacity-40 sm:min-h-7"
          disabled={busy}
          onClick={() => {
            continueMessage(message.chatId, message.id).catch(showSendError);
          }}
        >
          {t.continueFor(price)}
        </Button>
      ) : null}
    </div>
  );
}
