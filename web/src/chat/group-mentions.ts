/** `@Name` in a group chat's message box (issue #46): who it addresses, and the name being typed. */

export interface Member {
  id: string;
  name: string;
  cost: number;
}

const WORD = /[\p{L}\p{N}_]/u;

/**
 * The members named as `@Name` in the text, as the server reads them (conversation/group-speakers.ts):
 * case does not matter, the longest name first (`@Ada Lovelace` is not `@Ada`), a name ends at a non-word.
 */
export function mentioned<T extends Pick<Member, 'id' | 'name'>>(members: readonly T[], text: string): T[] {
  let rest = text.toLowerCase();
  const found = new Set<string>();
  for (const member of [...members].sort((a, b) => b.name.length - a.name.length)) {
    const name = `@${member.name.toLowerCase()}`;
    let at = rest.indexOf(name);
    while (at !== -1) {
      if (!WORD.test(rest.charAt(at + name.length))) {
        found.add(member.id);
        rest = rest.slice(0, at) + ' '.repeat(name.length) + rest.slice(at + name.length);
      }
      at = rest.indexOf(name, at + 1);
    }
  }
  return members.filter((m) => found.has(m.id));
}

/** Who replies to the text: those named, else every member (in the chat's order). */
export function speakersOf<T extends Pick<Member, 'id' | 'name'>>(members: readonly T[], text: string): readonly T[] {
  const named = mentioned(members, text);
  return named.length ? named : members;
}

/** The `@…` being typed just before the caret: where it starts and the members whose name it begins. */
export interface MentionQuery<T> {
  start: number;
  query: string;
  options: T[];
}

export function mentionAt<T extends Pick<Member, 'name'>>(
  text: string,
  caret: number,
  members: readonly T[],
): MentionQuery<T> | null {
  const before = text.slice(0, caret);
  const start = before.lastIndexOf('@');
  if (start === -1 || (start > 0 && !/\s/u.test(before.charAt(start - 1)))) return null;
  const query = before.slice(start + 1);
  if (query.includes('\n') || query.length > 40) return null;
  const lower = query.toLowerCase();
  const options = members.filter((m) => m.name.toLowerCase().startsWith(lower));
  return options.length ? { start, query, options } : null;
}

/** The text with the `@…` from `start` to the caret replaced by `@Name `; the caret after it. */
export function completeMention(
  text: string,
  start: number,
  caret: number,
  name: string,
): { value: string; caret: number } {
  const inserted = `@${name} `;
  const after = text.slice(caret).replace(/^ /u, '');
  return { value: text.slice(0, start) + inserted + after, caret: start + inserted.length };
}
