import { audioDataSchema, endAudioDataSchema } from '@neura/contract';
import type { VoiceHandler } from '../realtime/realtime.js';
import { on } from '../realtime/socket-kit.js';

/**
 * Client events on /voice, validated like every other socket event. For now they are accepted and
 * do nothing: speech lands with the voice issue, which gives these handlers their work.
 */
export const voiceSocketHandlers = (): VoiceHandler => (socket) => {
  on(socket, 'audioData', audioDataSchema, () => undefined);
  on(socket, 'endAudioData', endAudioDataSchema, () => undefined);
};
