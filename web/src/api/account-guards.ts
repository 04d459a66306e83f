import type { AccountOptionsResponse, Chat, SkillInfo, User, UserExistsResponse } from '@neura/contract';
import { arrayOf, bool, guard, nullable, num, object, optional, str } from './guards';

/**
 * The guards (guards.ts) of the answers only sign-in and signed-in code reads: the user, chats,
 * tokens, the sign-in checks and skills. Out of guards.ts, which the first route loads, so a
 * visitor's Explore does not carry them (issue #50, docs/PERFORMANCE.md "First route");
 * guards-parity.test.ts holds each to its contract schema.
 */

const user = object({
  email: str,
  firstName: str,
  lastName: str,
  referralCode: str,
  proExpiry: nullable(str),
  isPro: bool,
  flags: arrayOf(str),
  credits: num,
  role: optional(str),
  locale: optional(nullable(str)),
});
export const userParser = guard<User>(user);

const chat = object({
  id: str,
  name: str,
  persona: str,
  lastMessageAt: nullable(str),
  preview: nullable(str),
  isPinned: bool,
  isArchived: bool,
  folderId: optional(nullable(str)),
  temporary: optional(bool),
  personas: optional(arrayOf(str)),
});
export const chatParser = guard<Chat>(chat);
export const chatsParser = guard<Chat[]>(arrayOf(chat));

export const tokenParser = guard<{ token: string }>(object({ token: str }));
export const inviteCheckParser = guard<{ isValid: boolean }>(object({ isValid: bool }));
export const userExistsParser = guard<UserExistsResponse>(
  object({ userExists: bool, waitlist: bool, captchaEnabled: bool }),
);
export const accountOptionsParser = guard<AccountOptionsResponse>(
  object({
    registration: (v) => v === 'invite' || v === 'open',
    waitlistUrl: nullable(str),
    captchaSiteKey: nullable(str),
  }),
);
export const skillsParser = guard<SkillInfo[]>(arrayOf(object({ id: str, available: bool, cost: num })));
/**
 * The fork's answer (issue #49). The contract's forkChatResponseSchema lives in its http.ts: importing
 * it made opening a chat build every zod schema of http.ts, entities.ts and memory.ts (a long task
 * at 4× CPU, issue #50 item 3; chat/chat-page-zod.test.ts).
 */
export const forkChatResponseParser = guard<{ id: string }>(object({ id: str }));
