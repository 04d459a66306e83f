import { z } from 'zod';

/** The server-to-server event (Socket.IO's Redis adapter pub/sub) that carries a stop to every process. */
export const STOP_MESSAGE_EVENT = 'reply.stop';

/** A Stop asked on one process for a reply another process may be generating. */
const stopMessageSchema = z.strictObject({
  type: z.literal('reply.stop'),
  chatId: z.string().min(1).max(64),
  userId: z.string().min(1).max(64),
});

export type StopMessage = z.infer<typeof stopMessageSchema>;

/** The stop message in `payload`, or undefined when it is not one (a bug, or another version's shape). */
export function parseStopMessage(payload: unknown): StopMessage | undefined {
  const parsed = stopMessageSchema.safeParse(payload);
  return parsed.success ? parsed.data : undefined;
}
