import { MAX_GROUP_PERSONAS, type Persona } from '@neura/contract';
import { useChatUiStore } from '../chats/chat-ui-store';
import { addChatPersona, nextSpeaker } from '../chats/group-api';
import { showSendError } from '../chats/send-error';
import { PersonaIcon } from '../personas/persona-icon';
import { useMyPersonas } from '../personas/queries/my-personas';
import { usePersonas } from '../store/personas';
import { selectIsPro, useUser } from '../store/user';
import { appTexts } from '../texts/app-texts';
import { groupTexts } from '../texts/group';
import { texts } from '../texts/texts';
import { Button } from '../ui/button';
import type { GroupMember } from './group-members';

const chip = 'flex items-center gap-1.5 rounded-full border border-border py-1 ps-1 pe-2.5 text-sm sm:pe-3';

function Member({ persona, chatId, disabled }: { persona: GroupMember; chatId: string | null; disabled: boolean }) {
  const inner = (
    <>
      <PersonaIcon id={persona.id} avatarUrl={persona.avatarUrl} size={24} className="rounded-full" />
      {/* The chips wrap: a name is cut only when longer than a chip may be on a phone. */}
      <span className="max-w-[10rem] truncate" data-testid="group-member-name">
        {persona.name}
      </span>
    </>
  );
  // A group's draft: no chat yet, so nobody can be let speak.
  if (!chatId)
    return (
      <li className={`shrink-0 ${chip}`} data-testid="group-member">
        {inner}
      </li>
    );
  const label = appTexts.group.letSpeak(persona.name);
  return (
    <li className="shrink-0">
      <Button
        onClick={() => void nextSpeaker(chatId, persona.id).catch(showSendError)}
        disabled={disabled}
        aria-label={label}
        title={label}
        data-testid="group-let-speak"
        className={`${chip} hover:bg-surface-3 disabled:opacity-50`}
      >
        {inner}
        <span aria-hidden="true" className="hidden text-muted sm:inline">
          ▸
        </span>
      </Button>
    </li>
  );
}

function Option({ persona, onPick }: { persona: Persona; onPick: () => void }) {
  return (
    <li>
      <Button
        data-testid="group-add-option"
        onClick={onPick}
        className="flex w-full items-center gap-2 rounded-lg p-2 text-start text-sm hover:bg-surface-3"
      >
        <PersonaIcon id={persona.id} avatarUrl={persona.avatarUrl ?? null} size={28} />
        <span className="flex-1 truncate">{persona.name}</span>
        <span className="text-xs text-muted">{texts.explore.costLabel(persona.cost)}</span>
      </Button>
    </li>
  );
}

/**
 * The personas that may join: the user's own (any visibility: they may chat with them), then the
 * catalog's published ones (Pro ones only for Pro users), none already in the chat.
 */
function Joinable({ chatId, members, onDone }: { chatId: string; members: string[]; onDone: () => void }) {
  const personas = usePersonas((s) => s.personas);
  const mine = (useMyPersonas().data?.items ?? []).filter((p) => !members.includes(p.id));
  const isPro = useUser(selectIsPro);
  const catalog = personas.filter(
    (p) => p.published && !members.includes(p.id) && !mine.some((m) => m.id === p.id) && (!p.requiresPro || isPro),
  );
  const pick = (persona: Persona) => {
    onDone();
    void addChatPersona(chatId, persona.id).catch(showSendError);
  };
  const section = (title: string, items: Persona[], testId: string) =>
    items.length ? (
      <section data-testid={testId}>
        <h3 className="px-2 pt-1 pb-0.5 text-xs font-medium text-muted">{title}</h3>
        <ul className="flex flex-col">
          {items.map((p) => (
            <Option key={p.id} persona={p} onPick={() => pick(p)} />
          ))}
        </ul>
      </section>
    ) : null;
  return (
    <div
      role="dialog"
      aria-label={appTexts.group.addTitle}
      className="absolute bottom-full end-0 z-20 mb-2 max-h-72 w-72 max-w-[calc(100vw-1.5rem)] overflow-y-auto rounded-xl border border-border bg-surface-1 p-2 shadow-lg"
    >
      <p className="px-2 pb-1 text-sm font-medium">{appTexts.group.addTitle}</p>
      {section(groupTexts.yours, mine, 'group-add-mine')}
      {section(groupTexts.catalog, catalog, 'group-add-catalog')}
    </div>
  );
}

/**
 * Above the composer of a group chat (issue #46): its personas, each a "Let … speak" button; the
 * price of the message being written ("Up to N credits": the personas it addresses, else all) and
 * who replies when it addresses some; adding a persona. A group's draft (`chatId` null) shows the
 * personas picked, the price and that the chat starts with the first message.
 */
export function GroupBar({
  chatId,
  members,
  busy,
  price,
  replying,
}: {
  chatId: string | null;
  members: GroupMember[];
  busy: boolean;
  price: number;
  /** The personas addressed by name (none: all reply). */
  replying: GroupMember[];
}) {
  const adding = useChatUiStore((s) => chatId !== null && s.addingPersonaTo === chatId);
  const setAdding = (on: boolean) => useChatUiStore.getState().setAddingPersona(on ? chatId : null);
  const ids = members.map((m) => m.id);
  const names = new Intl.ListFormat(document.documentElement.lang || undefined, { type: 'conjunction' }).format(
    replying.map((m) => m.name),
  );
  return (
    <div
      className="mx-auto flex w-full max-w-3xl flex-wrap items-center justify-end gap-x-2 gap-y-1 px-3 pt-2"
      data-testid="group-bar"
    >
      <ul
        aria-label={appTexts.group.members}
        // As wide as its chips, wrapping when the bar is narrower: the price and the add button
        // move to the next line before any chip is cut off.
        className="flex min-w-0 grow flex-wrap gap-1.5"
      >
        {members.map((m) => (
          <Member key={m.id} persona={m} chatId={chatId} disabled={busy} />
        ))}
      </ul>
      {chatId ? null : (
        <span className="me-auto text-xs text-muted" data-testid="group-draft-note">
          {groupTexts.draftNote}
        </span>
      )}
      <span className="shrink-0 text-xs text-muted" data-testid="group-round-price" aria-live="polite">
        {appTexts.group.roundPrice(price)}
        {replying.length ? <span data-testid="group-replying"> · {groupTexts.replying(names)}</span> : null}
      </span>
      {chatId && members.length < MAX_GROUP_PERSONAS ? (
        <div className="relative shrink-0">
          <Button
            onClick={() => setAdding(!adding)}
            aria-expanded={adding}
            aria-label={appTexts.group.add}
            title={appTexts.group.add}
            data-testid="group-add"
            className="flex h-8 w-8 items-center justify-center rounded-full border border-border text-lg hover:bg-surface-3"
          >
            <span aria-hidden="true">+</span>
          </Button>
          {adding ? <Joinable chatId={chatId} members={ids} onDone={() => setAdding(false)} /> : null}
        </div>
      ) : null}
    </div>
  );
}
