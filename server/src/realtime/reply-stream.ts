import type { Message, ToolCall } from '@neura/contract';
import type { Realtime } from './realtime.js';

/** The reply a stream belongs to: its user's devices get its events, tagged with its chat and message. */
export interface ReplyAddress {
  userId: string;
  chatId: string;
  messageId: string;
}

/**
 * What a reply being generated tells its user's devices (every tab, on every process with Redis):
 * text and reasoning as they stream, tool calls as they start and end, then its end. The reply
 * engine speaks only through this port; realtime/ is what sends it to the user's room.
 */
export interface ReplyStream {
  /** `message.delta`: more of the reply's text. */
  delta(text: string): void;
  /** `message.reasoning`: more of the model's reasoning ("Thinking"). */
  reasoning(text: string): void;
  /** `message.tool`: a skill call started, completed or failed. */
  tool(call: ToolCall): void;
  /** `message.error`: the reply failed (it is refunded); what the user is told. */
  error(error: { message: string; code: string }): void;
  /** `message.done`: the stored reply, as the user sees it. */
  done(message: Message): void;
}

/** Opens the stream of one reply. */
export type OpenReplyStream = (reply: ReplyAddress) => ReplyStream;

/**
 * Reply streams that emit to the reply's user's room (`Realtime.toUser`); nothing while no
 * Socket.IO server is attached (the admin CLI's recovery, a test's services).
 */
export function replyStreams(realtime: Pick<Realtime, 'toUser' | 'attached'>): OpenReplyStream {
  return (reply) => new UserRoomReplyStream(realtime, reply);
}

class UserRoomReplyStream implements ReplyStream {
  /** One broadcast operator for the reply (emit does not change it): nothing allocated for it per event. */
  private target: ReturnType<Realtime['toUser']> | undefined;

  constructor(
    private readonly realtime: Pick<Realtime, 'toUser' | 'attached'>,
    private readonly reply: ReplyAddress,
  ) {}

  /** The user's room, looked up on the first event (not when the stream is opened); none if not attached. */
  private room(): ReturnType<Realtime['toUser']> | undefined {
    if (this.target === undefined && this.realtime.attached) this.target = this.realtime.toUser(this.reply.userId);
    return this.target;
  }

  delta(text: string): void {
    const { chatId, messageId } = this.reply;
    this.room()?.emit('message.delta', { chatId, messageId, text });
  }

  reasoning(text: string): void {
    const { chatId, messageId } = this.reply;
    this.room()?.emit('message.reasoning', { chatId, messageId, text });
  }

  tool(call: ToolCall): void {
    const { chatId, messageId } = this.reply;
    this.room()?.emit('message.tool', { chatId, messageId, call });
  }

  error(error: { message: string; code: string }): void {
    const { chatId, messageId } = this.reply;
    this.room()?.emit('message.error', { chatId, messageId, message: error.message, code: error.code });
  }

  done(message: Message): void {
    this.room()?.emit('message.done', { chatId: this.reply.chatId, message });
  }
}
