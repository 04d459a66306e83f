import { presentUser } from '../accounts/present-user.js';
import { presentChat } from '../chats/present.js';
import type { ChatRepository } from '../chats/repository.js';
import type { SessionHandler } from './realtime.js';

/** On connect with a valid token: `ready { user, chats, socketId }`. */
export const sessionReady =
  (chats: ChatRepository): SessionHandler =>
  async (socket, principal) => {
    const rows = await chats.listForUser(principal.user.id);
    socket.emit('ready', { user: presentUser(principal.user), chats: rows.map(presentChat), socketId: socket.id });
  };
