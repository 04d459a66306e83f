import { presentUser } from '../accounts/present-user.js';
import type { Principal } from '../auth/authenticate.js';
import { relayToOtherDevices, type SessionHandler } from '../realtime/realtime.js';
import { sessionKit } from '../realtime/socket-kit.js';
import { presentChat } from './present.js';
import type { ChatRepository } from './repository.js';
import type { ChatService } from './service.js';

/** On connect with a valid token: `ready { user, chats, socketId }`. */
export const sessionReady =
  (chats: ChatRepository): SessionHandler<Principal> =>
  async (socket, principal) => {
    const rows = await chats.listForUser(principal.user.id);
    socket.emit('ready', { user: presentUser(principal.user), chats: rows.map(presentChat), socketId: socket.id });
  };

/** Chat handlers on /session: createChat, deleteChat, broadcast. */
export const chatSocketHandlers =
  (chats: ChatService): SessionHandler =>
  (socket) => {
    sessionKit.on(socket, 'createChat', async (request, { userId }) => ({
      id: ('personas' in request
        ? await chats.createGroup(userId, request.personas)
        : await chats.create(userId, request.persona, { temporary: request.temporary, socketId: socket.id })
      ).id,
    }));

    // Group chats: a persona joins the chat.
    sessionKit.on(socket, 'addChatPersona', async ({ chatId, personaId }, { userId }) => ({
      personas: await chats.addPersona(userId, chatId, personaId),
    }));

    sessionKit.on(socket, 'deleteChat', async (chatId, { userId }) => {
      await chats.delete(userId, chatId);
      return { success: true as const };
    });

    // Relays chat.renamed / chat.updated to the user's OTHER sessions (never to other users).
    sessionKit.on(socket, 'broadcast', async (message, { userId }) => {
      await chats.getOwnedChat(userId, message.data.chatId);
      relayToOtherDevices(socket, userId, message);
      return { success: true as const };
    });
  };
