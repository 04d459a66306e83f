import type { SharedChat, SharedMessage } from '@neura/contract';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { AppError } from '../api/app-error';
import { startChat } from '../chats/chat-actions';
import { fetchShared } from '../conversation-io/io-api';
import { attachmentsOf, documentsOf, picturesOf } from '../files/types';
import { ImageGrid } from '../media/image-grid';
import { PersonaIcon } from '../personas/persona-icon';
import { useAppStore } from '../store/app-store';
import { formatDay } from '../texts/format';
import { ioTexts } from '../texts/io';
import { Button, buttonClass } from '../ui/button';
import { Markdown } from '../ui/lazy-markdown';
import { DocumentChips } from './document-chip';
import { MessageParts } from './tools/message-parts';

const t = ioTexts.shared;

/** `noindex` for the page's lifetime (the API adds X-Robots-Tag to its own answers). */
function useNoIndex(title: string) {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex, nofollow';
    document.head.append(meta);
    const before = document.title;
    document.title = title;
    return () => {
      meta.remove();
      document.title = before;
    };
  }, [title]);
}

function SharedMessageView({ message, persona }: { message: SharedMessage; persona: SharedChat['persona'] }) {
  if (message.role === 'user') {
    const attached = attachmentsOf(message);
    // Pictures as in the chat; documents by name only (a share never serves their files, issue #45).
    const attachments = picturesOf(attached);
    return (
      <div className="flex flex-col items-end gap-1" data-testid="shared-message" data-role="user">
        <span className="sr-only">{t.you}</span>
        <DocumentChips documents={documentsOf(attached)} />
        {attachments.length > 0 ? (
          <div className="flex max-w-[85%] justify-end">
            <ImageGrid images={attachments} alt={(_, i) => `Image ${i + 1}`} compact />
          </div>
        ) : null}
        {message.content ? (
          <div className="max-w-[85%] whitespace-pre-wrap break-words rounded-2xl rounded-ee-sm bg-accent px-4 py-2 text-accent-fg">
            {message.content}
          </div>
        ) : null}
      </div>
    );
  }
  const hasTools = message.parts?.some((p) => p.type === 'tool') ?? false;
  // A group chat's reply (issue #46) names its speaker.
  const speaker = message.speaker ?? persona;
  return (
    <div className="flex justify-start gap-2" data-testid="shared-message" data-role="assistant">
      <PersonaIcon id={speaker.id} size={32} className="mt-1 hidden sm:block" />
      <div className="min-w-0 max-w-[95%] break-words rounded-2xl rounded-es-sm bg-surface-2 px-4 py-2">
        {message.speaker ? (
          <p className="mb-1 text-sm font-medium" data-testid="shared-speaker">
            {message.speaker.name}
          </p>
        ) : (
          <span className="sr-only">{persona.name}</span>
        )}
        {hasTools ? <MessageParts parts={message.parts ?? []} /> : <Markdown>{message.content}</Markdown>}
      </div>
    </div>
  );
}

/**
 * /share/{id}: a shared chat, read-only, for anyone with the link (no sign-in, no composer, no
 * credits), with a call to start one's own chat with the persona. A removed link says so.
 */
export default function SharedChatPage() {
  const { shareId = '' } = useParams();
  const navigate = useNavigate();
  const signedIn = useAppStore((s) => s.token !== null);
  const [state, setState] = useState<{ chat?: SharedChat; removed?: boolean; error?: boolean }>({});
  useNoIndex(state.chat ? `${state.chat.name} · ${state.chat.persona.name}` : 'Shared chat');

  useEffect(() => {
    let cancelled = false;
    fetchShared(shareId).then(
      (chat) => !cancelled && setState({ chat }),
      (error) =>
        !cancelled && setState(error instanceof AppError && error.status === 404 ? { removed: true } : { error: true }),
    );
    return () => {
      cancelled = true;
    };
  }, [shareId]);

  const cta = (persona: SharedChat['persona']) => (
    <Button
      data-testid="shared-cta"
      onClick={() => {
        navigate('/');
        void startChat(persona.id, navigate);
      }}
      variant="primary"
      size="pill"
      className="shadow"
    >
      {t.cta(persona.name)}
    </Button>
  );

  return (
    <div className="min-h-dvh bg-surface text-fg">
      <header className="sticky top-0 z-10 flex items-center gap-3 border-b border-border bg-surface/95 px-4 py-3 backdrop-blur">
        <a href="/" className="font-semibold">
          Neura
        </a>
        {!signedIn ? <span className="text-sm text-muted">{t.readOnly}</span> : null}
      </header>
      <main className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-3 py-6">
        {state.removed ? (
          <div className="mt-16 flex flex-col items-center gap-2 text-center" role="alert" data-testid="share-removed">
            <h1 className="text-2xl font-semibold">{t.removed}</h1>
            <p className="text-muted">{t.removedDetail}</p>
            <a href="/" className={buttonClass('primary', 'pill', 'mt-4')} data-testid="share-onward">
              {t.onward}
            </a>
          </div>
        ) : state.error ? (
          <p className="mt-16 text-center text-danger" role="alert">
            {t.failed}
          </p>
        ) : !state.chat ? (
          <p className="mt-16 text-center text-muted" role="status">
            {t.loading}
          </p>
        ) : (
          <>
            <div className="flex items-center gap-3">
              <PersonaIcon id={state.chat.persona.id} size={48} />
              <div className="min-w-0">
                <h1 className="truncate text-xl font-semibold" data-testid="shared-title">
                  {state.chat.name}
                </h1>
                <p className="text-sm text-muted">
                  {state.chat.persona.name} · {t.sharedOn(formatDay(state.chat.sharedAt))}
                </p>
              </div>
            </div>
            <ol className="flex flex-col gap-3" aria-label={state.chat.name}>
              {state.chat.messages.map((m) => (
                <li key={m.id}>
                  <SharedMessageView message={m} persona={state.chat?.persona ?? { id: '', name: '', icon: '' }} />
                </li>
              ))}
            </ol>
            <div className="sticky bottom-4 flex justify-center pt-4">{cta(state.chat.persona)}</div>
          </>
        )}
      </main>
    </div>
  );
}
