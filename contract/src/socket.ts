import { z } from 'zod';
import type { Chat, LocationResult, Message, ToolCall, User } from './entities.js';
import type { ErrorBody } from './errors.js';
import { CONTROL_CHARS_MESSAGE, hasNoControlChars } from './validators.js';

/** Socket.IO event maps of SPEC.md §7 and ARCHITECTURE.md §3. */

export const SESSION_NAMESPACE = '/session';
export const VOICE_NAMESPACE = '/voice';

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

export const BROADCAST_EVENTS = ['chat.renamed', 'chat.updated'] as const;
export const broadcastSchema = z.discriminatedUnion('event', [
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
]);
export type BroadcastPayload = z.infer<typeof broadcastSchema>;

export const sendMessageSchema = z.object({ chatId: clientIdSchema, text: messageTextSchema });
export const stopMessageSchema = z.object({ chatId: clientIdSchema });

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
  updateChats: (payload: { chats: Chat[] }) => void;
  requestData: (payload: { datapoint: string }, ack: Ack<LocationResult | { error: string }>) => void;
  'chat.created': (payload: { chat: Chat }) => void;
  'chat.renamed': (payload: { chatId: string; name: string }) => void;
  'chat.updated': (payload: ChatUpdatedPayload) => void;
  'chat.deleted': (payload: { chatId: string }) => void;
  'message.created': (payload: { chatId: string; message: Message }) => void;
  'message.delta': (payload: { chatId: string; messageId: string; text: string }) => void;
  'message.tool': (payload: { chatId: string; messageId: string; call: ToolCall }) => void;
  'message.done': (payload: { chatId: string; message: Message }) => void;
  'message.error': (payload: { chatId: string; messageId: string; message: string; code: string }) => void;
  'chat.messages': (payload: { chatId: string; messages: Message[] }) => void;
}

/** Events the client sends on /session. */
export interface SessionClientEvents {
  createChat: (persona: string, ack: Ack<AckResult<{ id: string }>>) => void;
  deleteChat: (chatId: string, ack: Ack<AckResult<{ success: true }>>) => void;
  broadcast: (payload: BroadcastPayload, ack?: Ack<AckResult<{ success: true }>>) => void;
  generateName: (chatId: string, ack?: Ack<AckResult<{ name: string }>>) => void;
  reloadChat: (chatId: string, ack?: Ack<AckResult<{ success: true }>>) => void;
  sendMessage: (payload: { chatId: string; text: string }, ack: Ack<AckResult<{ messageId: string }>>) => void;
  stopMessage: (payload: { chatId: string }, ack?: Ack<AckResult<{ success: true }>>) => void;
}

export interface VoiceServerEvents {
  authError: (payload: { message: string }) => void;
  serverUnavailable: (payload: { message: string; code: 'unavailable'; retryable: true }) => void;
  audioTranscriptResponse: (payload: { transcript: string }) => void;
  duration_exceeded: () => void;
}

export interface VoiceClientEvents {
  audioData: (chunk: ArrayBuffer | Uint8Array) => void;
  endAudioData: () => void;
}
