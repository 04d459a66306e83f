import {
  LOCATION_UNAVAILABLE_PREFIX,
  type LocationResult,
  locationSchema,
  REQUEST_DATA_TIMEOUT_MS,
} from '@neura/contract';
import type { Realtime } from '../realtime/realtime.js';
import { userRoom } from '../realtime/realtime.js';
import { SkillError } from './skill-error.js';

const unavailable = (why: string) =>
  new SkillError(`${LOCATION_UNAVAILABLE_PREFIX} (${why}). Ask the user which place they mean.`);

/**
 * `requestData { datapoint: "location" }` with an acknowledgement to each of the user's sockets
 * (every process, with Redis); the first valid location wins. No socket, only errors, or no
 * answer within 15 s: the model is told the location is unavailable.
 */
export async function requestDeviceLocation(
  realtime: Pick<Realtime, 'attached' | 'session'>,
  userId: string,
  signal: AbortSignal,
  timeoutMs = REQUEST_DATA_TIMEOUT_MS,
): Promise<LocationResult> {
  if (!realtime.attached) throw unavailable('no device is connected');
  const sockets = await realtime.session.in(userRoom(userId)).fetchSockets();
  if (sockets.length === 0) throw unavailable('no device is connected');

  const asks = sockets.map(async (socket) => {
    const answers = (await realtime.session
      .to(socket.id)
      .timeout(timeoutMs)
      .emitWithAck('requestData', { datapoint: 'location' })) as unknown[];
    const answer = answers[0];
    const parsed = locationSchema.safeParse(answer);
    if (parsed.success) return parsed.data;
    const error = (answer as { error?: unknown } | undefined)?.error;
    throw new Error(typeof error === 'string' && error ? error : 'the device sent no location');
  });
  const stopped = new Promise<never>((_, reject) => {
    if (signal.aborted) reject(new SkillError('Stopped.'));
    signal.addEventListener('abort', () => reject(new SkillError('Stopped.')), { once: true });
  });
  try {
    return await Promise.race([Promise.any(asks), stopped]);
  } catch (error) {
    if (error instanceof SkillError) throw error;
    const reasons = error instanceof AggregateError ? error.errors : [error];
    const first = reasons.find((r) => r instanceof Error && !/timed out|timeout/i.test(r.message)) as Error | undefined;
    throw unavailable(first ? first.message.slice(0, 200) : 'no device answered in time');
  }
}
