import { VOICE_BYTES_PER_SECOND } from '@neura/contract';
import { AppError } from '../errors.js';
import type { VoiceHandler } from '../realtime/realtime.js';
import { voiceKit } from '../realtime/socket-kit.js';
import { MAX_STREAMS_PER_USER } from '../speech/limits.js';
import type { SpeechService } from '../speech/service.js';

/** Open dictation buffers per user on this process. */
const openStreams = new Map<string, number>();

/**
 * /voice (SPEC.md §7): audioData chunks are buffered per socket up to VOICE_MAX_SECONDS, then
 * `duration_exceeded` is sent once and later chunks are dropped; endAudioData transcribes the
 * buffer and answers `audioTranscriptResponse { transcript }`; a disconnect discards the buffer.
 */
export const voiceSocketHandlers =
  (speech: SpeechService, maxSeconds: number): VoiceHandler =>
  (socket) => {
    const maxBytes = maxSeconds * VOICE_BYTES_PER_SECOND;
    let chunks: Buffer[] = [];
    let bytes = 0;
    let exceeded = false;
    let streamOpen = false;
    let userOfStream = '';

    const closeStream = () => {
      if (!streamOpen) return;
      streamOpen = false;
      const left = (openStreams.get(userOfStream) ?? 1) - 1;
      if (left > 0) openStreams.set(userOfStream, left);
      else openStreams.delete(userOfStream);
    };
    const reset = () => {
      chunks = [];
      bytes = 0;
      exceeded = false;
      closeStream();
    };

    voiceKit.on(socket, 'audioData', (chunk, { userId }) => {
      if (exceeded) return { received: bytes };
      if (!streamOpen) {
        const open = openStreams.get(userId) ?? 0;
        if (open >= MAX_STREAMS_PER_USER) {
          throw new AppError('rate-limited', 'Too many recordings at once. Finish one before starting another.');
        }
        openStreams.set(userId, open + 1);
        streamOpen = true;
        userOfStream = userId;
      }
      const room = maxBytes - bytes;
      if (chunk.length > room) {
        if (room > 0) chunks.push(Buffer.from(chunk.subarray(0, room)));
        bytes = maxBytes;
        exceeded = true;
        socket.emit('duration_exceeded');
        return { received: bytes };
      }
      // Socket.IO hands over a view of its frame: copy so the buffer owns its bytes.
      chunks.push(Buffer.from(chunk));
      bytes += chunk.length;
      return { received: bytes };
    });

    voiceKit.on(socket, 'endAudioData', async (_input, { userId }) => {
      const pcm = Buffer.concat(chunks, bytes);
      reset();
      const transcript = await speech.transcribe(userId, pcm);
      socket.emit('audioTranscriptResponse', { transcript });
      return { transcript };
    });

    socket.on('disconnect', reset);
  };
