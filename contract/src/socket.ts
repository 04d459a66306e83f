import { z } from 'zod';
import type { Chat, LocationResult, Message, User } from './entities.js';
import type { ErrorBody } from './errors.js';
import type { ToolCall } from './skills.js';
import { CONTROL_CHARS_MESSAGE, hasNoControlChars } from './validators.js';

/** Socket.IO event maps of SPEC.md §7 and ARCHITECTURE.md §3. */

export type Ack<T> = (response: T) => void;
export type AckResult<T> = T | { error: ErrorBody };

export interface ReadyPayload {
  user: User;
  chats: Chat[];
  socketId: string;
}

export interface ChatUpdatedPayload {
  chatId: string;
  updatedFields: Partial<Pick<Chat, 'name' | 'isPinned' | 'isArchived' | 'preview' | 'lastMessageAt'>>;
}

/** Ids sent by the client (chat, persona): short, no control characters. */
export const clientIdSchema = z
  .string()
  .min(1)
  .max(64)
  .refine((v) => hasNoControlChars(v), CONTROL_CHARS_MESSAGE);
/** Message text: newlines and tabs allowed, other control characters (NUL, ESC…) not. */
export const messageTextSchema = z.string().refine((v) => hasNoControlChars(v, true), CONTROL_CHARS_MESSAGE);

export const broadcastSchema = z.discriminatedUnion(
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
export type BroadcastPayload = z.infer<typeof broadcastSchema>;

/** The most files one message may carry (the canvas flow sends an image and its mask). */
export const MAX_ATTACHMENTS = 4;
export const sendMessageSchema = z.object({
  chatId: clientIdSchema,
  text: messageTextSchema,
  attachments: z
    .array(clientIdSchema)
    .max(MAX_ATTACHMENTS, `A message can carry at most ${MAX_ATTACHMENTS} files.`)
    .optional(),
});
export const stopMessageSchema = z.object({ chatId: clientIdSchema });
/** Message actions: a reply to act on (retry a failed one, regenerate the last one). */
export const retryMessageSchema = z.object({ chatId: clientIdSchema, messageId: clientIdSchema });
export const regenerateMessageSchema = z.object({ chatId: clientIdSchema, messageId: clientIdSchema });
/** Edit-and-resend: the chat's last user message gets `text` and a new reply. */
export const editMessageSchema = z.object({
  chatId: clientIdSchema,
  messageId: clientIdSchema,
  text: messageTextSchema,
});

/** A chat id sent as the whole payload; `message` says what the call needs when it is missing. */
const chatIdArgument = (message: string) =>
  z
    .string({ error: message })
    .min(1, message)
    .max(64)
    .refine((v) => hasNoControlChars(v), CONTROL_CHARS_MESSAGE);

/** Payload schemas of every client event on /session (the server validates each one). */
export const createChatSchema = z
  .string({ error: 'Choose a persona to start a chat with.' })
  .trim()
  .min(1, 'Choose a persona to start a chat with.')
  .max(64)
  .refine((v) => hasNoControlChars(v), CONTROL_CHARS_MESSAGE);
export const deleteChatSchema = chatIdArgument('Name the chat to delete.');
export const generateNameSchema = chatIdArgument('Name the chat to rename.');
export const reloadChatSchema = chatIdArgument('Name the chat to reload.');

/** Payload schema of `endAudioData` on /voice (`audioData` is binary, checked by server/src/voice/socket.ts). */
export const endAudioDataSchema = z.undefined();

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
}

/** Events the client sends on /session. */
export interface SessionClientEvents {
  createChat: (persona: string, ack: Ack<AckResult<{ id: string }>>) => void;
  deleteChat: (chatId: string, ack: Ack<AckResult<{ success: true }>>) => void;
  broadcast: (payload: BroadcastPayload, ack?: Ack<AckResult<{ success: true }>>) => void;
  generateName: (chatId: string, ack?: Ack<AckResult<{ name: string }>>) => void;
  reloadChat: (chatId: string, ack?: Ack<AckResult<{ success: true }>>) => void;
  sendMessage: (
    payload: { chatId: string; text: string; attachments?: string[] },
    ack: Ack<AckResult<{ messageId: string }>>,
  ) => void;
  stopMessage: (payload: { chatId: string }, ack?: Ack<AckResult<{ success: true }>>) => void;
  /** Message actions; each acks the id of the new reply (a new version) or `{ error }`. */
  retryMessage: (payload: { chatId: string; messageId: string }, ack: Ack<AckResult<{ messageId: string }>>) => void;
  regenerateMessage: (
    payload: { chatId: string; messageId: string },
    ack: Ack<AckResult<{ messageId: string }>>,
  ) => void;
  editMessage: (
    payload: { chatId: string; messageId: string; text: string },
    ack: Ack<AckResult<{ messageId: string }>>,
  ) => void;
}

export interface VoiceServerEvents {
  authError: (payload: { message: string }) => void;
  serverUnavailable: (payload: { message: string; code: 'unavailable'; retryable: true }) => void;
  audioTranscriptResponse: (payload: { transcript: string }) => void;
  duration_exceeded: () => void;
}

/**
 * Events the client sends on /voice. `audioData` is binary 16 kHz mono s16le PCM (at most
 * VOICE_MAX_CHUNK_BYTES per chunk); the optional acks answer `{ error }` on refusal.
 */
export interface VoiceClientEvents {
  audioData: (chunk: ArrayBuffer | Uint8Array, ack?: Ack<AckResult<{ received: number }>>) => void;
  endAudioData: (ack?: Ack<AckResult<{ transcript: string }>>) => void;
}
