import { type DragEvent, lazy, type Ref, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { DRAFT_CHAT_ID, draftChatPath, sendFirstMessage, setArchived } from '../chats/chat-actions';
import { useChatUiStore } from '../chats/chat-ui-store';
import { showSendError } from '../chats/send-error';
import { TemporaryBanner, TemporaryToggle } from '../chats/temporary-toggle';
import { useEndTemporaryOnPageHide } from '../chats/use-end-temporary-on-hide';
import { ChatSendContext } from '../media/chat-send-context';
import { usePersonaProfile } from '../personas/queries/profiles';
import { useChats } from '../store/chats';
import { useMessages } from '../store/messages';
import { selectCredits, useUser } from '../store/user';
import { appTexts } from '../texts/app-texts';
import { creatorTexts } from '../texts/creator';
import { Button, buttonClass } from '../ui/button';
import { sendMessage, stopMessage } from './chat-api';
import { ChatIntro } from './chat-intro';
import { Composer, type ComposerHandle, filesOf } from './composer';
import { groupName, useGroupMembers } from './group-members';
import { closePushOffer, usePushOffer } from './long-reply';
import { ReadOnlyNote } from './read-only-note';
import { ThreadMessageList } from './thread-message-list';
import { useChatClosed } from './use-chat-status';
import { useChatThread } from './use-chat-thread';
import { useChatTitle } from './use-chat-title';
import { useNameUnfinishedChat } from './use-name-unfinished-chat';

const NO_MESSAGES: readonly never[] = [];
/** A group chat's bar and composer (issue #46): its own chunk, loaded by group chats only. */
const GroupComposer = lazy(() =>
  import('./group-composer').then((m) => m.ready.then(() => ({ default: m.GroupComposer }))),
);
/** A group chat's intro while it has no messages (its draft): the same chunk's texts. */
const GroupIntro = lazy(() => import('./group-intro').then((m) => m.ready.then(() => ({ default: m.GroupIntro }))));
/** The offer of notifications after a long reply (issue #48): its own chunk, loaded when offered. */
const PushOffer = lazy(() => import('../settings/push-offer').then((m) => m.ready.then(() => m)));

/**
 * /chats/{chatId}: the conversation with a persona. /chats/new?persona={id} is a draft: the
 * persona's intro and the message box, with no chat behind it until the first send creates it
 * (then the address becomes the chat's, replacing the draft's in the history).
 */
export function ChatPage() {
  const { chatId = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const draft = chatId === DRAFT_CHAT_ID;
  const listedPersona = useChats((s) => s.chats.find((c) => c.id === chatId)?.persona);
  // A group's draft (issue #46): `/chats/new?personas=a,b,c`, the group's intro and name.
  const draftGroup = draft ? groupOf(params.get('personas')) : undefined;
  const personaId = draft ? (draftGroup?.[0] ?? params.get('persona') ?? undefined) : listedPersona;
  // The catalog, the user's own personas, or else the persona's profile (someone's own persona
  // shared by link); a 404 means it was deleted or withdrawn: the chat stays readable, without a composer.
  const profile = usePersonaProfile(personaId);
  const persona = profile.persona ?? undefined;
  const unavailable = !draft && profile.status === 'missing';
  // A group chat (issue #46): its personas, in speaking order.
  const members = useChats((s) => s.chats.find((c) => c.id === chatId)?.personas);
  const group = draftGroup ?? (members && members.length > 1 ? members : undefined);
  const groupMembers = useGroupMembers(group ?? NO_MESSAGES);
  const draftGroupName = groupName(groupMembers);
  // The least a message costs: a group's cheapest persona (a message may name it alone), else the persona's price.
  const leastPrice = group ? Math.min(...groupMembers.map((m) => m.cost)) : (persona?.cost ?? 0);
  useChatTitle(draft ? null : chatId, draftGroup ? draftGroupName : persona?.name);
  const { thread, loadOlder, retry } = useChatThread(chatId, draft);
  useNameUnfinishedChat(draft ? null : chatId, persona?.name);
  const credits = useUser(selectCredits);
  const archived = useChats((s) => s.chats.find((c) => c.id === chatId)?.isArchived ?? false);
  // A temporary chat (issue #49): chosen on the draft (`&temporary=1`), marked while open.
  const draftTemporary = draft && params.get('temporary') === '1';
  const temporary = useChats((s) => s.chats.find((c) => c.id === chatId)?.temporary ?? false) || draftTemporary;
  useEndTemporaryOnPageHide(chatId, temporary && !draft);
  // "Add persona" from the chat's menu: a chat of one persona shows the group bar while choosing.
  const addingPersona = useChatUiStore((s) => s.addingPersonaTo === chatId);
  const streaming = thread?.streaming ?? false;
  const offerPush = usePushOffer();
  // ?message=<id> (a search result): older pages load until that message is there.
  const focusId = params.get('message');
  const focusLoaded = useMessages(
    (s) => !focusId || (s.threads[chatId]?.messages.some((m) => m.id === focusId) ?? false),
  );
  useEffect(() => {
    if (!focusLoaded && thread?.loaded && thread.hasMore && !thread.loadingOlder) void loadOlder();
  }, [focusLoaded, thread?.loaded, thread?.hasMore, thread?.loadingOlder, loadOlder]);
  const [retrying, setRetrying] = useState(false);
  const [sending, setSending] = useState(false);
  // A chat of an unpublished persona stays readable; the note replaces the composer.
  const { closed, onSendError } = useChatClosed(draft ? null : chatId);

  const composer = useRef<ComposerHandle>(null);
  const onSend = useCallback(
    async (text: string, attachments: string[], to?: string[]) => {
      if (draft) {
        // A draft: the chat is made with its first message; refused, nothing is made and the
        // text stays in the box (on this same draft address).
        const id = personaId
          ? await sendFirstMessage(personaId, text, attachments, draftTemporary, draftGroup, to)
          : null;
        if (!id) return false;
        // The draft's address becomes the chat's.
        navigate(`/chats/${id}`, { replace: true });
        return true;
      }
      try {
        await sendMessage(chatId, text, attachments, to);
        return true;
      } catch (error) {
        onSendError(error);
        showSendError(error);
        return false;
      }
    },
    [chatId, draft, draftTemporary, draftGroup, personaId, navigate, onSendError],
  );

  // Images dropped anywhere on the conversation go to the composer (not to a browser tab).
  const onDragOver = (event: DragEvent) => {
    if (event.dataTransfer.types.includes('Files')) event.preventDefault();
  };
  const onDrop = (event: DragEvent) => {
    const files = filesOf(event.dataTransfer);
    if (files.length === 0) return;
    event.preventDefault();
    composer.current?.addFiles(files);
  };

  const onRetry = async () => {
    setRetrying(true);
    await retry();
    setRetrying(false);
  };

  const onPick = async (prompt: string) => {
    setSending(true);
    // A refused suggestion lands in the box, to send again once the reason is dealt with.
    if (!(await onSend(prompt, []))) composer.current?.fill(prompt);
    setSending(false);
  };

  // A draft of a persona that is not offered (a stale or mistyped link) has nothing to show.
  const draftMissing = draft && (!personaId || profile.status === 'missing');
  if (thread?.missing || draftMissing) {
    return (
      <section className="mx-auto flex max-w-md flex-col items-center gap-4 p-8 text-center">
        <h2 className="text-2xl font-semibold">{appTexts.chat.missingTitle}</h2>
        <p className="text-muted">{appTexts.chat.missingBody}</p>
        <Link to="/chats" className={buttonClass('primary')}>
          {appTexts.chat.missingAction}
        </Link>
      </section>
    );
  }

  return (
    <ChatSendContext value={onSend}>
      <section
        className="flex min-h-0 flex-1 flex-col"
        aria-label={appTexts.chat.region}
        onDragOver={onDragOver}
        onDrop={onDrop}
      >
        <h2 className="sr-only">{appTexts.chat.region}</h2>
        {draft && personaId && !draftGroup ? (
          <TemporaryToggle
            checked={draftTemporary}
            onChange={(on) => navigate(draftChatPath(personaId, on), { replace: true })}
          />
        ) : null}
        {temporary ? <TemporaryBanner /> : null}
        <ThreadMessageList
          chatId={draft ? null : chatId}
          hasMore={thread?.hasMore ?? false}
          loadingOlder={thread?.loadingOlder ?? false}
          onLoadOlder={() => void loadOlder()}
          focusId={focusId}
          empty={
            thread?.error && !thread.loaded ? (
              <div
                role="alert"
                data-testid="chat-load-error"
                className="mx-auto flex max-w-md flex-col items-center gap-3 py-10 text-center"
              >
                <h3 className="text-lg font-semibold">{appTexts.chat.loadFailedTitle}</h3>
                <p className="text-muted">{appTexts.chat.loadFailedBody}</p>
                <p className="text-sm text-muted">{thread.error}</p>
                <Button onClick={() => void onRetry()} disabled={retrying} variant="primary">
                  {retrying ? appTexts.chat.retrying : appTexts.chat.retry}
                </Button>
              </div>
            ) : draft || thread?.loaded ? (
              group ? (
                <Suspense fallback={null}>
                  <GroupIntro ids={group} />
                </Suspense>
              ) : persona ? (
                <ChatIntro persona={persona} onPick={(prompt) => void onPick(prompt)} disabled={sending || streaming} />
              ) : (
                <p className="py-10 text-center text-muted">{appTexts.chat.empty(undefined)}</p>
              )
            ) : (
              <p className="py-10 text-center text-muted" role="status">
                {appTexts.common.loading}
              </p>
            )
          }
        />
        {!closed && credits !== null && persona && leastPrice > 0 && credits < leastPrice ? (
          <p
            data-testid="out-of-credits"
            className="mx-auto flex w-full max-w-3xl items-center justify-between gap-3 border-t border-border px-4 py-2 text-sm"
          >
            <span>
              {credits === 0
                ? appTexts.chats.outOfCredits
                : group
                  ? appTexts.group.tooFewCredits(leastPrice)
                  : appTexts.chats.tooFewCredits(leastPrice)}
            </span>
            <Link to="/settings/credits" className={buttonClass('primary', 'pill')}>
              {appTexts.chats.buyCredits}
            </Link>
          </p>
        ) : null}
        {archived ? (
          <p
            data-testid="chat-archived"
            className="mx-auto flex w-full max-w-3xl items-center justify-between gap-3 border-t border-border px-4 py-2 text-sm text-muted"
          >
            <span>{appTexts.chats.archivedChat}</span>
            <Button
              onClick={() => void setArchived(chatId, false)}
              className="rounded-full border border-border px-3 py-1 font-medium text-fg hover:bg-surface-3"
            >
              {appTexts.chats.unarchiveAction}
            </Button>
          </p>
        ) : null}
        {closed && !streaming ? (
          <ReadOnlyNote reason={closed} />
        ) : unavailable ? (
          <p
            data-testid="persona-unavailable"
            className="mx-auto w-full max-w-3xl border-t border-border px-4 py-3 text-center text-sm text-muted"
          >
            {creatorTexts.chat.unavailable}
          </p>
        ) : (
          <>
            {offerPush ? (
              <Suspense fallback={null}>
                <PushOffer onClose={closePushOffer} />
              </Suspense>
            ) : null}
            <ChatComposer
              ref={composer}
              chatId={draft ? null : chatId}
              group={draftGroup ?? members ?? (addingPersona && personaId ? [personaId] : undefined)}
              streaming={streaming}
              onSend={onSend}
              onStop={() => stopMessage(chatId)}
            />
          </>
        )}
      </section>
    </ChatSendContext>
  );
}

/** `?personas=a,b,c` of a group's draft: 2 or more ids, each once (else not a group). */
function groupOf(param: string | null): string[] | undefined {
  const ids = [...new Set((param ?? '').split(',').filter(Boolean))];
  return ids.length >= 2 ? ids : undefined;
}

/** The message box: a group's (its bar and `@` list, a lazy chunk) or a chat of one persona's. */
function ChatComposer({
  ref,
  chatId,
  group,
  ...props
}: {
  ref: Ref<ComposerHandle>;
  chatId: string | null;
  group: string[] | undefined;
  streaming: boolean;
  onSend: (text: string, attachments: string[], to?: string[]) => Promise<boolean>;
  onStop: () => void;
}) {
  const focusKey = chatId ?? 'draft';
  return group ? (
    <Suspense fallback={null}>
      <GroupComposer ref={ref} chatId={chatId} members={group} focusKey={focusKey} {...props} />
    </Suspense>
  ) : (
    <Composer ref={ref} focusKey={focusKey} {...props} />
  );
}
