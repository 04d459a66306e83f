import type { PersonaRow } from '../db/schema.js';
import { badRequest } from '../errors.js';
import { conversationTexts as t } from './texts.js';

type Member = Pick<PersonaRow, 'id' | 'name'>;

/**
 * Who replies to a message in a group chat (issue #46), in the chat's order: the personas in `to`,
 * else those named in the text as `@Name` (the longest name first, so `@Ada Lovelace` is not
 * `@Ada`), else every persona of the chat. A `to` naming a persona not in the chat is refused.
 */
export function pickSpeakers<T extends Member>(members: readonly T[], text: string, to?: readonly string[]): T[] {
  if (to?.length) {
    for (const id of to) if (!members.some((m) => m.id === id)) throw badRequest(t.notInGroup);
    return members.filter((m) => to.includes(m.id));
  }
  const named = mentioned(members, text);
  return named.length ? members.filter((m) => named.includes(m.id)) : [...members];
}

/** The ids of the members named as `@Name` in the text (case does not matter). */
export function mentioned(members: readonly Member[], text: string): string[] {
  const lower = text.toLowerCase();
  const found = new Set<string>();
  const byLength = [...members].sort((a, b) => b.name.length - a.name.length);
  let rest = lower;
  for (const member of byLength) {
    const name = `@${member.name.toLowerCase()}`;
    let at = rest.indexOf(name);
    while (at !== -1) {
      const after = rest.charAt(at + name.length);
      if (!/[\p{L}\p{N}_]/u.test(after)) {
        found.add(member.id);
        // Blank it out so a shorter name inside it is not found again.
        rest = rest.slice(0, at) + ' '.repeat(name.length) + rest.slice(at + name.length);
      }
      at = rest.indexOf(name, at + 1);
    }
  }
  return [...found];
}
