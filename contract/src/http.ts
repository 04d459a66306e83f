import { z } from 'zod';
import { MAX_SPEAK_LENGTH, MESSAGES_PAGE_SIZE } from './constants.js';
import { messageSchema } from './entities.js';
import { isLocale, LOCALES } from './locales.js';
import { CONTROL_CHARS_MESSAGE, EMAIL_PATTERN, hasNoControlChars, VERIFY_CODE_PATTERN } from './validators.js';

/** Request and response schemas of the HTTP API (SPEC.md §7, ARCHITECTURE.md §3). */

/** One-line text without control characters (NUL would fail in PostgreSQL; ESC in terminals). */
export const plainText = () => z.string().refine((v) => hasNoControlChars(v), CONTROL_CHARS_MESSAGE);
/** Multi-line text: newlines and tabs allowed, other control characters not. */
export const multilineText = () => z.string().refine((v) => hasNoControlChars(v, true), CONTROL_CHARS_MESSAGE);

export const emailSchema = z.string().trim().max(254).regex(EMAIL_PATTERN, 'Invalid email address');
export const passwordSchema = z.string().min(1).max(128);
export const verifyCodeSchema = z.string().regex(VERIFY_CODE_PATTERN, 'The code must be 4 digits.');

export const serverInfoSchema = z.object({
  message: z.string(),
  version: z.string(),
  supportedClientRange: z.string(),
});
export type ServerInfo = z.infer<typeof serverInfoSchema>;

export const userExistsResponseSchema = z.object({
  userExists: z.boolean(),
  waitlist: z.boolean(),
  captchaEnabled: z.boolean(),
});
export type UserExistsResponse = z.infer<typeof userExistsResponseSchema>;

export const loginRequestSchema = z.object({ email: emailSchema, password: passwordSchema });

export const registerRequestSchema = z.object({
  email: emailSchema,
  firstName: plainText().trim().min(1).max(80),
  lastName: plainText().trim().min(1).max(80),
  password: passwordSchema,
  country: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .optional(),
  inviteCode: plainText().trim().max(64).optional(),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const emailOnlyRequestSchema = z.object({ email: emailSchema });
export const codeValidateRequestSchema = z.object({ email: emailSchema, verifyCode: verifyCodeSchema });
export const passwordResetRequestSchema = z.object({
  email: emailSchema,
  verifyCode: verifyCodeSchema,
  password: passwordSchema,
});

export const changePasswordRequestSchema = z.object({
  currentPassword: passwordSchema,
  password: passwordSchema,
});
export const deleteAccountRequestSchema = z.object({ password: passwordSchema });

/** The message of a `locale` that is not one of LOCALES (400). */
export const UNSUPPORTED_LOCALE_MESSAGE = `Unsupported language. Use one of: ${LOCALES.join(', ')}.`;
/** PATCH /users/me (issue #43): the user's language. */
export const userPatchRequestSchema = z.strictObject({
  locale: z.string().refine((v) => isLocale(v), UNSUPPORTED_LOCALE_MESSAGE),
});

/** PATCH /users/me/chats/{id}: exactly one of name, isPinned, isArchived, folderId (null: out of its folder). */
export const chatPatchRequestSchema = z
  .object({
    name: plainText().trim().min(1).max(120).optional(),
    isPinned: z.boolean().optional(),
    isArchived: z.boolean().optional(),
    folderId: plainText().min(1).max(64).nullable().optional(),
  })
  .strict()
  .refine((v) => Object.keys(v).length === 1, {
    message: 'Send exactly one of name, isPinned, isArchived or folderId.',
  });
export type ChatPatchRequest = z.infer<typeof chatPatchRequestSchema>;

export const messagesQuerySchema = z.object({
  before: plainText().max(64).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(MESSAGES_PAGE_SIZE),
});
/** One page of a chat's messages, oldest first within the page; pages go newest first. */
export const messagesResponseSchema = z.array(messageSchema);

export const feedbackRequestSchema = z.object({
  type: z.literal('feedback'),
  about: z.string().regex(/^helpDocs\.[A-Za-z0-9]+$/),
  message: multilineText().max(10_000).optional(),
});
export type FeedbackRequest = z.infer<typeof feedbackRequestSchema>;

export const waitlistRequestSchema = z.object({ email: emailSchema });

/** GET /accounts/options: what the sign-up pages need beyond `exists` (not in SPEC.md §7). */
export const accountOptionsResponseSchema = z.object({
  registration: z.enum(['invite', 'open']),
  /** An external waitlist form; null means the built-in waitlist (POST /waitlist). */
  waitlistUrl: z.string().nullable(),
  /** The reCAPTCHA site key when the captcha is enabled. */
  captchaSiteKey: z.string().nullable(),
});
export type AccountOptionsResponse = z.infer<typeof accountOptionsResponseSchema>;
/** POST /speech/speak (ARCHITECTURE.md §3 Speech): Pro only, at most MAX_SPEAK_LENGTH characters. */
export const speakRequestSchema = z.object({
  text: z
    .string()
    .max(MAX_SPEAK_LENGTH, `At most ${MAX_SPEAK_LENGTH} characters can be read aloud.`)
    .refine((t) => t.trim() !== '', 'There is nothing to read aloud.'),
});

/** GET /speech/status: which engines run and whether they are installed, so the UI can explain. */
export const speechEngineStatusSchema = z.object({
  engine: z.string(),
  available: z.boolean(),
  /** Why the engine cannot run (e.g. its program is not installed); absent when available. */
  reason: z.string().optional(),
});
export const speechStatusSchema = z.object({
  stt: speechEngineStatusSchema,
  tts: speechEngineStatusSchema,
  maxSeconds: z.number(),
});
export type SpeechStatus = z.infer<typeof speechStatusSchema>;

/** `POST /api/users/me/chats/{id}/fork` (issue #49): a new chat with the messages up to and including this one. */
export const forkChatRequestSchema = z.object({ messageId: z.string().min(1).max(64) }).strict();
/** @internal The web checks this answer with a hand guard (web/src/api/account-guards.ts, held to this schema by guards-parity.test.ts). */
export const forkChatResponseSchema = z.object({ id: z.string() });
