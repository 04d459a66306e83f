import { generateNameSchema, reloadChatSchema, sendMessageSchema, stopMessageSchema } from '@neura/contract';
import type { SessionHandler } from '../realtime/realtime.js';
import { on } from '../realtime/socket-kit.js';
import type { ConversationService } from './service.js';

/** sendMessage, stopMessage, generateName and reloadChat on /session. */
export const conversationSocket =
  (conversation: ConversationService): SessionHandler =>
  (socket) => {
    on(socket, 'sendMessage', sendMessageSchema, (input, { userId }) => conversation.send(userId, input));

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
