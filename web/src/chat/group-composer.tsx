import { type KeyboardEvent, type Ref, useId, useImperativeHandle, useRef, useState } from 'react';
import { PersonaIcon } from '../personas/persona-icon';
import { groupTexts } from '../texts/group';
import { Composer, type ComposerHandle } from './composer';
import { GroupBar } from './group-bar';
import { type GroupMember, useGroupMembers } from './group-members';
import { completeMention, mentionAt, mentioned, speakersOf } from './group-mentions';
import { groupTextsReady } from './group-texts';

/** The lazy import waits for the group texts (issue #46). */
export const ready = groupTextsReady;

interface Props {
  /** Null on a group's draft (`/chats/new?personas=…`). */
  chatId: string | null;
  members: string[];
  streaming: boolean;
  /** `to`: the personas the text addresses as `@Name` (none: all reply). */
  onSend: (text: string, attachments: string[], to?: string[]) => Promise<boolean>;
  onStop: () => void;
  focusKey?: string;
  ref?: Ref<ComposerHandle>;
}

/** The `@` list under the box: the personas whose name the `@…` before the caret begins. */
function MentionList({
  id,
  options,
  active,
  onPick,
}: {
  id: string;
  options: GroupMember[];
  active: number;
  onPick: (m: GroupMember) => void;
}) {
  return (
    <div className="mx-auto mb-2 w-full max-w-3xl">
      <div
        id={id}
        role="listbox"
        aria-label={groupTexts.mentionList}
        data-testid="mention-list"
        className="flex max-h-48 flex-col overflow-y-auto rounded-xl border border-border bg-surface-1 p-1 shadow-lg"
      >
        {options.map((m, index) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the keys are the combobox's (the box keeps the focus: aria-activedescendant)
          <div
            key={m.id}
            tabIndex={-1}
            id={`${id}-${m.id}`}
            role="option"
            aria-selected={index === active}
            data-testid="mention-option"
            // The box keeps the focus (and the caret) while an option is clicked.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onPick(m)}
            className={`flex cursor-pointer items-center gap-2 rounded-lg px-2 py-1.5 text-sm ${index === active ? 'bg-surface-3 ring-2 ring-accent ring-inset' : 'hover:bg-surface-3'}`}
          >
            <PersonaIcon id={m.id} avatarUrl={m.avatarUrl} size={24} className="rounded-full" />
            <span className="truncate">{m.name}</span>
          </div>
        ))}
      </div>
      <p className="sr-only" aria-live="polite">
        {groupTexts.mentionCount(options.length)} {groupTexts.mentionHint}
      </p>
    </div>
  );
}

/**
 * A group chat's composer (issue #46): the group bar with the price of the message being written
 * (the personas it names as `@Name`, else all), and `@` autocomplete on the box — a combobox:
 * arrows move through the list, Enter or Tab picks, Escape closes it. A message that names personas
 * is sent with their ids as `to`: the server then needs no name of its own to match (a persona's
 * name as shown may be a translation).
 */
export function GroupComposer({ chatId, members: ids, ref, onSend, ...composer }: Props) {
  const members = useGroupMembers(ids);
  const inner = useRef<ComposerHandle>(null);
  useImperativeHandle(
    ref,
    () => ({
      addFiles: (files) => inner.current?.addFiles(files),
      fill: (text) => inner.current?.fill(text),
      replace: (text, caret) => inner.current?.replace(text, caret),
    }),
    [],
  );
  const listId = useId();
  const [{ text, caret }, setTyped] = useState({ text: '', caret: 0 });
  const [active, setActive] = useState(0);
  // The `@` whose list was closed with Escape (it stays closed until another `@`).
  const [dismissed, setDismissed] = useState<number | null>(null);
  const found = mentionAt(text, caret, members);
  const query = found && found.start !== dismissed ? found : null;
  const current = query ? Math.min(active, query.options.length - 1) : 0;

  const pick = (member: GroupMember) => {
    if (!query) return;
    const next = completeMention(text, query.start, caret, member.name);
    inner.current?.replace(next.value, next.caret);
    setActive(0);
  };
  const onKey = (event: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    if (!query || event.nativeEvent.isComposing) return false;
    const n = query.options.length;
    const move = { ArrowDown: 1, ArrowUp: n - 1 }[event.key];
    if (move !== undefined) setActive((current + move) % n);
    else if ((event.key === 'Enter' && !event.shiftKey) || event.key === 'Tab')
      pick(query.options[current] ?? (query.options[0] as GroupMember));
    else if (event.key === 'Escape') setDismissed(query.start);
    else return false;
    event.preventDefault();
    return true;
  };
  const speakers = speakersOf(members, text);
  const option = query?.options[current];
  return (
    <>
      <GroupBar
        chatId={chatId}
        members={members}
        busy={composer.streaming}
        price={speakers.reduce((sum, m) => sum + m.cost, 0)}
        replying={mentioned(members, text)}
      />
      <Composer
        ref={inner}
        {...composer}
        onSend={(value, attachments) => {
          const to = mentioned(members, value).map((m) => m.id);
          return to.length ? onSend(value, attachments, to) : onSend(value, attachments);
        }}
        assist={{
          onText: (value, at) => {
            setTyped({ text: value, caret: at });
            if (dismissed !== null && mentionAt(value, at, members)?.start !== dismissed) setDismissed(null);
          },
          onKey,
          box: {
            role: 'combobox',
            'aria-autocomplete': 'list',
            'aria-expanded': query !== null,
            ...(query ? { 'aria-controls': listId } : {}),
            ...(option ? { 'aria-activedescendant': `${listId}-${option.id}` } : {}),
          },
          above: query ? <MentionList id={listId} options={query.options} active={current} onPick={pick} /> : null,
        }}
      />
    </>
  );
}
