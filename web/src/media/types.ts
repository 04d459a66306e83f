/** An image the chat can show, open and edit: a skill's result or a message's attachment. */
export interface ChatImage {
  id: string;
  url: string;
  mimeType: string;
  width?: number | null;
  height?: number | null;
}
