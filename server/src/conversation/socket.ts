import type { SessionHandler } from '../realtime/realtime.js';
import { sessionKit } from '../realtime/socket-kit.js';
import { createChatWithMessage, type FirstMessageDeps } from './first-message.js';
import type { ConversationService } from './service.js';

/**
 * sendMessage (and a draft's first one, createChatWithMessage), the message actions (retry,
 * regenerate, edit), stopMessage, generateName and reloadChat on /session.
 */
export const conversationSocket =
  (conversation: ConversationService, firstMessage: Omit<FirstMessageDeps, 'send'>): SessionHandler =>
  (socket) => {
    sessionKit.on(socket, 'sendMessage', (input, { userId }) => conversation.send(userId, input));
    sessionKit.on(socket, 'createChatWithMessage', (input, { userId }) =>
      createChatWithMessage(
        { ...firstMessage, send: (id, send, options) => conversation.send(id, send, options) },
        userId,
        input,
        socket.id,
      ),
    );

    // Message actions: each answers the new reply's id; the reply streams to the user's room.
    sessionKit.on(socket, 'retryMessage', (input, { userId }) => conversation.retry(userId, input));
    sessionKit.on(socket, 'regenerateMessage', (input, { userId }) => conversation.regenerate(userId, input));
    sessionKit.on(socket, 'editMessage', (input, { userId }) => conversation.edit(userId, input));

    // Group chats: one persona speaks again ("Let … speak").
    sessionKit.on(socket, 'nextSpeaker', (input, { userId }) => conversation.nextSpeaker(userId, input));

    sessionKit.on(socket, 'stopMessage', async ({ chatId }, { userId }) => {
      await conversation.stop(userId, chatId);
      return { success: true as const };
    });

    sessionKit.on(socket, 'generateName', async (chatId, { userId }) => ({
      name: await conversation.generateName(userId, chatId),
    }));

    // The newest page goes to the asking socket only (with the text so far of a reply streaming here).
    sessionKit.on(socket, 'reloadChat', async (chatId, { userId }) => {
      const messages = await conversation.latestMessages(userId, chatId);
      socket.emit('chat.messages', { chatId, messages });
      return { success: true as const };
    });
  };
