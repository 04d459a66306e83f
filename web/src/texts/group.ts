/** More texts of group chats (issue #46): the `@` list, who a message goes to, the add list's parts; registered by chat/group-texts.ts. */
export const groupTexts = {
  /** The `@` list under the message box. */
  mentionList: 'Personas to address',
  mentionHint: 'Use the arrow keys to choose, Enter or Tab to pick, Escape to close.',
  mentionCount: (n: number) => (n === 1 ? '1 persona matches' : `${n} personas match`),
  /** Beside the round's price: who will reply to the message being written. */
  replying: (names: string) => `Replying: ${names}`,
  yours: 'Your personas',
  catalog: 'All personas',
  /** A group's draft (before the first message). */
  draftNote: 'The chat starts with your first message.',
  /** A group's intro (its draft, or a group chat with no messages yet), under the personas' names. */
  introNote: 'Each persona replies in turn and sees what the others said. Type @ to address only some of them.',
} as const;

type Widen<T> = T extends string
  ? string
  : T extends (...args: infer A) => infer R
    ? (...args: A) => R extends string ? string : R
    : { readonly [K in keyof T]: Widen<T[K]> };

export type GroupCatalog = Widen<typeof groupTexts>;
