import {
  editMessageSchema,
  generateNameSchema,
  regenerateMessageSchema,
  reloadChatSchema,
  retryMessageSchema,
  sendMessageSchema,
  stopMessageSchema,
} from '@neura/contract';
import type { SessionHandler } from '../realtime/realtime.js';
import { on } from '../realtime/socket-kit.js';
import type { ConversationService } from './service.js';

/** sendMessage, the message actions (retry, regenerate, edit), stopMessage, generateName and reloadChat on /session. */
export const conversationSocket =
  (conversation: ConversationService): SessionHandler =>
  (socket) => {
    on(socket, 'sendMessage', sendMessageSchema, (input, { userId }) => conversation.send(userId, input));

    // Message actions: each answers the new reply's id; the reply streams to the user's room.
    on(socket, 'retryMessage', retryMessageSchema, (input, { userId }) => conversation.retry(userId, input));
    on(socket, 'regenerateMessage', regenerateMessageSchema, (input, { userId }) =>
      conversation.regenerate(userId, input),
    );
    on(socket, 'editMessage', editMessageSchema, (input, { userId }) => conversation.edit(userId, input));

    on(socket, 'stopMessage', stopMessageSchema, async ({ chatId }, { userId }) => {
      await conversation.stop(userId, chatId);
      return { success: true as const };
    });

    on(socket, 'generateName', generateNameSchema, async (chatId, { userId }) => ({
      name: await conversation.generateName(userId, chatId),
    }));

    // The newest page goes to the asking socket only (with the text so far of a reply streaming here).
    on(socket, 'reloadChat', reloadChatSchema, async (chatId, { userId }) => {
      const messages = await conversation.latestMessages(userId, chatId);
      socket.emit('chat.messages', { chatId, messages });
      return { success: true as const };
    });
  };
