/** Messages are presented one way for every feature: the chats feature's presenter. */
export { type PresentOptions, presentMessage } from '../chats/present.js';
