import { createContext, useContext } from 'react';

/**
 * Sends a message in the open chat from anywhere inside it (the canvas editor of an image card
 * sends its prompt with the image and the mask). Resolves true when the server accepted it.
 */
export type SendInChat = (text: string, attachments: string[]) => Promise<boolean>;

export const ChatSendContext = createContext<SendInChat | null>(null);

export function useSendInChat(): SendInChat | null {
  return useContext(ChatSendContext);
}
