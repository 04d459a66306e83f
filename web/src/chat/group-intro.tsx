import { PersonaIcon } from '../personas/persona-icon';
import { appTexts } from '../texts/app-texts';
import { groupTexts } from '../texts/group';
import { texts } from '../texts/texts';
import { groupName, useGroupMembers } from './group-members';
import { groupTextsReady } from './group-texts';

/** The lazy import waits for the group texts (issue #46). */
export const ready = groupTextsReady;

/**
 * A group chat with no messages yet (its draft, `/chats/new?personas=…`): the group, not its first
 * persona — every persona's avatar, the group's name as a saved group chat gets it (the names in
 * speaking order), how a round goes, and each persona with its price.
 */
export function GroupIntro({ ids }: { ids: readonly string[] }) {
  const members = useGroupMembers(ids);
  return (
    <div
      className="mx-auto flex w-full max-w-3xl flex-col items-center gap-3 px-2 pt-2 pb-4 text-center"
      data-testid="group-intro"
    >
      <div className="flex" aria-hidden="true">
        {members.map((m) => (
          <PersonaIcon
            key={m.id}
            id={m.id}
            avatarUrl={m.avatarUrl}
            size={56}
            className="-ms-3 rounded-2xl ring-4 ring-surface first:ms-0"
          />
        ))}
      </div>
      <h3 className="max-w-full break-words text-xl font-semibold" data-testid="group-intro-name">
        {groupName(members)}
      </h3>
      <p className="max-w-md text-sm text-muted">{groupTexts.introNote}</p>
      <ul aria-label={appTexts.group.members} className="flex max-w-full flex-wrap justify-center gap-2">
        {members.map((m) => (
          <li
            key={m.id}
            data-testid="group-intro-member"
            className="flex min-w-0 items-center gap-2 rounded-full border border-border py-1 ps-1 pe-3 text-sm"
          >
            <PersonaIcon id={m.id} avatarUrl={m.avatarUrl} size={28} className="rounded-full" />
            <span className="min-w-0 truncate font-medium">{m.name}</span>
            <span className="shrink-0 text-xs text-muted">{texts.explore.costLabel(m.cost)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
