import { MAX_GROUP_PERSONAS } from '@neura/contract';
import { useChatUiStore } from '../chats/chat-ui-store';
import { addChatPersona, nextSpeaker } from '../chats/group-api';
import { showSendError } from '../chats/send-error';
import { PersonaIcon } from '../personas/persona-icon';
import { usePersonas } from '../store/personas';
import { selectIsPro, useUser } from '../store/user';
import { appTexts } from '../texts/app-texts';
import { texts } from '../texts/texts';
import { Button } from '../ui/button';
import { useGroupPersona } from './speaker-label';

function Member({ id, chatId, disabled }: { id: string; chatId: string; disabled: boolean }) {
  const persona = useGroupPersona(id);
  const label = appTexts.group.letSpeak(persona.name);
  return (
    <li className="shrink-0">
      <Button
        onClick={() => void nextSpeaker(chatId, id).catch(showSendError)}
        disabled={disabled}
        aria-label={label}
        title={label}
        data-testid="group-let-speak"
        className="flex items-center gap-1.5 rounded-full border border-border py-1 ps-1 pe-2.5 text-sm sm:pe-3 hover:bg-surface-3 disabled:opacity-50"
      >
        <PersonaIcon id={persona.id} avatarUrl={persona.avatarUrl ?? null} size={24} className="rounded-full" />
        <span className="max-w-[4.5rem] truncate sm:max-w-[9rem]">{persona.name}</span>
        <span aria-hidden="true" className="hidden text-muted sm:inline">
          ▸
        </span>
      </Button>
    </li>
  );
}

/** The personas that may join: published, not yet in the chat, Pro ones only for Pro users. */
function Joinable({ chatId, members, onDone }: { chatId: string; members: string[]; onDone: () => void }) {
  const personas = usePersonas((s) => s.personas);
  const isPro = useUser(selectIsPro);
  const options = personas.filter((p) => p.published && !members.includes(p.id) && (!p.requiresPro || isPro));
  return (
    <div
      role="dialog"
      aria-label={appTexts.group.addTitle}
      className="absolute bottom-full end-0 z-20 mb-2 max-h-72 w-72 overflow-y-auto rounded-xl border border-border bg-surface-1 p-2 shadow-lg"
    >
      <p className="px-2 pb-1 text-sm font-medium">{appTexts.group.addTitle}</p>
      <ul className="flex flex-col">
        {options.map((p) => (
          <li key={p.id}>
            <Button
              data-testid="group-add-option"
              onClick={() => {
                onDone();
                void addChatPersona(chatId, p.id).catch(showSendError);
              }}
              className="flex w-full items-center gap-2 rounded-lg p-2 text-start text-sm hover:bg-surface-3"
            >
              <PersonaIcon id={p.id} avatarUrl={p.avatarUrl} size={28} />
              <span className="flex-1 truncate">{p.name}</span>
              <span className="text-xs text-muted">{texts.explore.costLabel(p.cost)}</span>
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Above the composer of a group chat (issue #46): its personas, each a "Let … speak" button; the
 * price of a round ("Up to N credits": every persona replying); adding a persona.
 */
export function GroupBar({ chatId, members, busy }: { chatId: string; members: string[]; busy: boolean }) {
  const personas = usePersonas((s) => s.personas);
  const adding = useChatUiStore((s) => s.addingPersonaTo === chatId);
  const setAdding = (on: boolean) => useChatUiStore.getState().setAddingPersona(on ? chatId : null);
  const price = members.reduce((sum, id) => sum + (personas.find((p) => p.id === id)?.cost ?? 0), 0);
  return (
    <div
      className="mx-auto flex w-full max-w-3xl flex-wrap items-center justify-end gap-x-2 gap-y-1 px-3 pt-2"
      data-testid="group-bar"
    >
      <ul
        aria-label={appTexts.group.members}
        className="flex min-w-0 flex-1 basis-full gap-1.5 overflow-x-auto pb-1 sm:basis-0"
      >
        {members.map((id) => (
          <Member key={id} id={id} chatId={chatId} disabled={busy} />
        ))}
      </ul>
      <span className="shrink-0 text-xs text-muted" data-testid="group-round-price">
        {appTexts.group.roundPrice(price)}
      </span>
      {members.length < MAX_GROUP_PERSONAS ? (
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
          {adding ? <Joinable chatId={chatId} members={members} onDone={() => setAdding(false)} /> : null}
        </div>
      ) : null}
    </div>
  );
}
