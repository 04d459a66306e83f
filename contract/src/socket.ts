import { z } from 'zod';
import { VOICE_MAX_CHUNK_BYTES } from './constants.js';
import type { Chat, LocationResult, Message, User } from './entities.js';
import type { ErrorBody } from './errors.js';
import type { UploadedFile } from './files.js';
import type { Folder } from './folders.js';
import { visibilitySchema } from './notifications.js';
import type { ToolCall } from './skills.js';
import { CONTROL_CHARS_MESSAGE, hasNoControlChars } from './validators.js';

/** Socket.IO event maps of SPEC.md §7 and ARCHITECTURE.md §3. */

export type Ack<T> = (response: T) => void;
export type AckResult<T> = T | { error: ErrorBody };

interface ReadyPayload {
  user: User;
  chats: Chat[];
  socketId: string;
}

export interface ChatUpdatedPayload {
  chatId: string;
  updatedFields: Partial<
    Pick<Chat, 'name' | 'isPinned' | 'isArchived' | 'preview' | 'lastMessageAt' | 'folderId' | 'personas'>
  >;
}

/** Ids sent by the client (chat, persona): short, no control characters. */
const clientIdSchema = z
  .string()
  .min(1)
  .max(64)
  .refine((v) => hasNoControlChars(v), CONTROL_CHARS_MESSAGE);
/** Message text: newlines and tabs allowed, other control characters (NUL, ESC…) not. */
const messageTextSchema = z.string().refine((v) => hasNoControlChars(v, true), CONTROL_CHARS_MESSAGE);

const broadcastSchema = z.discriminatedUnion(
  'event',
  [
    z.object({
      event: z.literal('chat.renamed'),
      data: z.object({
        chatId: clientIdSchema,
        name: z
          .string()
          .min(1)
          .max(120)
          .refine((v) => hasNoControlChars(v), CONTROL_CHARS_MESSAGE),
      }),
    }),
    z.object({
      event: z.literal('chat.updated'),
      data: z.object({ chatId: clientIdSchema, updatedFields: z.record(z.string(), z.unknown()) }),
    }),
  ],
  { error: 'Only chat.renamed and chat.updated can be broadcast.' },
);

/** A group chat has 2–5 personas (issue #46). */
export const MIN_GROUP_PERSONAS = 2;
export const MAX_GROUP_PERSONAS = 5;
const GROUP_SIZE_MESSAGE = `A group chat has ${MIN_GROUP_PERSONAS} to ${MAX_GROUP_PERSONAS} personas.`;

/** A group chat's personas (2–5 different ones, in speaking order). */
const groupPersonasSchema = z
  .array(clientIdSchema)
  .min(MIN_GROUP_PERSONAS, GROUP_SIZE_MESSAGE)
  .max(MAX_GROUP_PERSONAS, GROUP_SIZE_MESSAGE)
  .refine((ids) => new Set(ids).size === ids.length, 'Choose each persona once.');

/** The most files one message may carry (the canvas flow sends an image and its mask). */
export const MAX_ATTACHMENTS = 4;
const sendMessageSchema = z.object({
  chatId: clientIdSchema,
  text: messageTextSchema,
  attachments: z
    .array(clientIdSchema)
    .max(MAX_ATTACHMENTS, `A message can carry at most ${MAX_ATTACHMENTS} files.`)
    .optional(),
  /** In a group chat: only these personas reply (also named in the text as `@Name`). */
  to: z.array(clientIdSchema).min(1).max(MAX_GROUP_PERSONAS).optional(),
});
/**
 * A draft chat's first message (`/chats/new?persona=…`): the chat is made with it, and when the
 * message is refused (credits, limits) no chat is left behind.
 */
const createChatWithMessageSchema = sendMessageSchema
  .omit({ chatId: true })
  .extend({
    persona: clientIdSchema.optional(),
    /** A group's draft (issue #46): its personas, in speaking order, instead of `persona`. */
    personas: groupPersonasSchema.optional(),
    temporary: z.boolean().optional(),
  })
  .refine((v) => (v.persona === undefined) !== (v.personas === undefined), 'Choose a persona to start a chat with.');
const stopMessageSchema = z.object({ chatId: clientIdSchema });
/** Message actions: a reply to act on (retry a failed one, regenerate the last one). */
const retryMessageSchema = z.object({ chatId: clientIdSchema, messageId: clientIdSchema });
const regenerateMessageSchema = z.object({ chatId: clientIdSchema, messageId: clientIdSchema });
/** Edit-and-resend: the chat's last user message gets `text` and a new reply. */
const editMessageSchema = z.object({
  chatId: clientIdSchema,
  messageId: clientIdSchema,
  text: messageTextSchema,
  /** In a group chat: only these personas reply to the edited message (as sendMessage's `to`). */
  to: z.array(clientIdSchema).min(1).max(MAX_GROUP_PERSONAS).optional(),
});

/** A chat id sent as the whole payload; `message` says what the call needs when it is missing. */
const chatIdArgument = (message: string) =>
  z
    .string({ error: message })
    .min(1, message)
    .max(64)
    .refine((v) => hasNoControlChars(v), CONTROL_CHARS_MESSAGE);

/** Payload schemas of the /session events that take a bare string (the maps below hold every schema). */
const personaArgument = z
  .string({ error: 'Choose a persona to start a chat with.' })
  .trim()
  .min(1, 'Choose a persona to start a chat with.')
  .max(64)
  .refine((v) => hasNoControlChars(v), CONTROL_CHARS_MESSAGE);
/**
 * createChat: the persona id, or `{ persona, temporary }` (issue #49: a temporary chat), or
 * `{ personas }` (issue #46: a group chat of 2–5 different personas, in speaking order).
 */
// The transform sits outside the union: inside it, a blank persona would answer zod's "Invalid input".
const createChatSchema = z
  .union([
    personaArgument,
    z.strictObject({ persona: personaArgument, temporary: z.boolean().default(false) }),
    z.strictObject({
      personas: groupPersonasSchema,
    }),
  ])
  .transform((request) => (typeof request === 'string' ? { persona: request, temporary: false } : request));
/** Group chats: a persona joins the chat (it speaks after the others). */
const addChatPersonaSchema = z.object({ chatId: clientIdSchema, personaId: clientIdSchema });
/** Group chats: one persona speaks again without a user message ("Let … speak"). */
const nextSpeakerSchema = z.object({ chatId: clientIdSchema, personaId: clientIdSchema });
const deleteChatSchema = chatIdArgument('Name the chat to delete.');
const generateNameSchema = chatIdArgument('Name the chat to rename.');
const reloadChatSchema = chatIdArgument('Name the chat to reload.');
/** `temporaryChat`: the temporary chat this tab has open (issue #49), null when none. */
const temporaryChatSchema = z.object({ chatId: clientIdSchema.nullable() });

/** Events the server sends on /session. */
export interface SessionServerEvents {
  ready: (payload: ReadyPayload) => void;
  authError: (payload: { message: string }) => void;
  /**
   * The handshake could not be checked because a dependency (database) is briefly away: NOT an
   * auth failure. The server disconnects; the client keeps its token and connects again.
   */
  serverUnavailable: (payload: { message: string; code: 'unavailable'; retryable: true }) => void;
  updateCredits: (payload: { credits: number }) => void;
  /** The persona catalog changed (the operator's console): clients fetch GET /personas again. */
  'personas.changed': (payload: Record<string, never>) => void;
  /** The user's account changed on another device or by a payment (Pro); the whole user as GET /users/me. */
  'user.changed': (payload: { user: User }) => void;
  updateChats: (payload: { chats: Chat[] }) => void;
  requestData: (payload: { datapoint: string }, ack: Ack<LocationResult | { error: string }>) => void;
  'chat.created': (payload: { chat: Chat }) => void;
  'chat.renamed': (payload: { chatId: string; name: string }) => void;
  'chat.updated': (payload: ChatUpdatedPayload) => void;
  'chat.deleted': (payload: { chatId: string }) => void;
  'message.created': (payload: { chatId: string; message: Message }) => void;
  'message.delta': (payload: { chatId: string; messageId: string; text: string }) => void;
  /** Appended reasoning ("Thinking") text of a reply, apart from its answer (wave 3). */
  'message.reasoning': (payload: { chatId: string; messageId: string; text: string }) => void;
  'message.tool': (payload: { chatId: string; messageId: string; call: ToolCall }) => void;
  'message.done': (payload: { chatId: string; message: Message }) => void;
  'message.error': (payload: { chatId: string; messageId: string; message: string; code: string }) => void;
  /** A stored message changed outside a reply stream (an edited user message). */
  'message.updated': (payload: { chatId: string; message: Message }) => void;
  'chat.messages': (payload: { chatId: string; messages: Message[] }) => void;
  /** The user's memory changed (settings, another device, the model's remember/forget): fetch it again. */
  'memory.changed': (payload: Record<string, never>) => void;
  /** The user's folders changed (issue #49): the whole list, in order. */
  'folders.changed': (payload: { folders: Folder[] }) => void;
  /** A document finished reading (issue #45): `file` as `GET /files/{id}/meta` answers it. */
  'file.updated': (payload: { file: UploadedFile }) => void;
}

export interface VoiceServerEvents {
  authError: (payload: { message: string }) => void;
  serverUnavailable: (payload: { message: string; code: 'unavailable'; retryable: true }) => void;
  audioTranscriptResponse: (payload: { transcript: string }) => void;
  duration_exceeded: () => void;
}

/** An `audioData` chunk: binary 16 kHz mono s16le PCM (a Buffer on the server), whole samples, at most 0.5 s. */
export const audioDataSchema = z
  .custom<Uint8Array | ArrayBuffer>(
    (value) => value instanceof Uint8Array || value instanceof ArrayBuffer,
    'audioData must be binary 16 kHz mono 16-bit PCM.',
  )
  .transform((chunk) => (chunk instanceof Uint8Array ? chunk : new Uint8Array(chunk)))
  .refine((chunk) => chunk.length > 0, 'audioData must not be empty.')
  .refine((chunk) => chunk.length % 2 === 0, 'audioData must hold whole 16-bit samples.')
  .refine(
    (chunk) => chunk.length <= VOICE_MAX_CHUNK_BYTES,
    `audioData chunks must be at most ${VOICE_MAX_CHUNK_BYTES} bytes.`,
  );

/**
 * One client event: the schema its payload must pass (the server validates it; the client sends
 * its input type) and, as a type only, the success body of its ack. Every ack is optional; when
 * the client sends one it gets that body or `{ error }` (`AckResult`).
 */
export interface ClientEvent<S extends z.ZodType = z.ZodType, R = unknown> {
  readonly schema: S;
  /** Type only, never set: the success body the ack answers. */
  readonly ack?: R;
}
export type ClientEventMap = Record<string, ClientEvent>;

/** `clientEvent<AckBody>()(schema)`: an event whose payload passes `schema` and whose ack answers `AckBody`. */
export const clientEvent =
  <R>() =>
  <S extends z.ZodType>(schema: S): ClientEvent<S, R> => ({ schema });

/** What the client sends (the schema's input). */
export type EventPayload<E extends ClientEvent> = z.input<E['schema']>;
/** What a handler receives once the payload passed the schema. */
export type EventInput<E extends ClientEvent> = z.output<E['schema']>;
/** The success body of the event's ack. */
export type EventAck<E extends ClientEvent> = E extends ClientEvent<z.ZodType, infer R> ? R : never;

/** Every client event on /session: event name → payload schema → ack body (SPEC.md §7). */
export const sessionClientEvents = {
  createChat: clientEvent<{ id: string }>()(createChatSchema),
  deleteChat: clientEvent<{ success: true }>()(deleteChatSchema),
  /** Relays chat.renamed / chat.updated to the user's other sessions. */
  broadcast: clientEvent<{ success: true }>()(broadcastSchema),
  generateName: clientEvent<{ name: string }>()(generateNameSchema),
  reloadChat: clientEvent<{ success: true }>()(reloadChatSchema),
  sendMessage: clientEvent<{ messageId: string }>()(sendMessageSchema),
  /** createChat and the first sendMessage as one: refused, it leaves no chat (acks both ids). */
  createChatWithMessage: clientEvent<{ chatId: string; messageId: string }>()(createChatWithMessageSchema),
  stopMessage: clientEvent<{ success: true }>()(stopMessageSchema),
  /** Message actions; each acks the id of the new reply (a new version). */
  retryMessage: clientEvent<{ messageId: string }>()(retryMessageSchema),
  regenerateMessage: clientEvent<{ messageId: string }>()(regenerateMessageSchema),
  editMessage: clientEvent<{ messageId: string }>()(editMessageSchema),
  /** Group chats: a persona joins; acks the chat's personas. */
  addChatPersona: clientEvent<{ personas: string[] }>()(addChatPersonaSchema),
  /** Group chats: one persona speaks again; acks the new reply's id. */
  nextSpeaker: clientEvent<{ messageId: string }>()(nextSpeakerSchema),
  /** The tab is hidden or seen again (notifications/: no push while a tab is seen). */
  visibility: clientEvent<{ success: true }>()(visibilitySchema),
  /**
   * The temporary chat this tab has open (issue #49), sent when one opens and on every connect:
   * when the last socket holding it disconnects and none says it again within the grace
   * (TEMPORARY_CHAT_GRACE_MS), the server deletes the chat. The socket that made one holds it.
   */
  temporaryChat: clientEvent<{ success: true }>()(temporaryChatSchema),
};
export type SessionClientEventMap = typeof sessionClientEvents;

/**
 * Every client event on /voice: `audioData` chunks (acked with the bytes buffered so far) and
 * `endAudioData` (no payload; acked with the transcript).
 */
export const voiceClientEvents = {
  audioData: clientEvent<{ received: number }>()(audioDataSchema),
  endAudioData: clientEvent<{ transcript: string }>()(z.undefined()),
};
export type VoiceClientEventMap = typeof voiceClientEvents;

/** A Socket.IO listener of one client event: `(payload, ack?)`, or `(ack?)` for an event without a payload. */
type ClientListener<E extends ClientEvent> = [EventPayload<E>] extends [undefined]
  ? (ack?: Ack<AckResult<EventAck<E>>>) => void
  : (payload: EventPayload<E>, ack?: Ack<AckResult<EventAck<E>>>) => void;
/** The Socket.IO event map of a client event map (what both sides' typed sockets take). */
type ClientEventsOf<M extends ClientEventMap> = { [E in keyof M]: ClientListener<M[E]> };

/** Events the client sends on /session. */
export type SessionClientEvents = ClientEventsOf<SessionClientEventMap>;
/** Events the client sends on /voice. */
export type VoiceClientEvents = ClientEventsOf<VoiceClientEventMap>;
