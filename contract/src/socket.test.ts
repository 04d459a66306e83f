import { describe, expect, it } from 'vitest';
import { VOICE_MAX_CHUNK_BYTES } from './constants.js';
import { audioDataSchema, sessionClientEvents, voiceClientEvents } from './socket.js';

describe('audioDataSchema', () => {
  it('should accept binary PCM as bytes, from a Uint8Array (a Buffer on the server) or an ArrayBuffer', () => {
    const bytes = new Uint8Array([1, 2, 3, 4]);
    expect(audioDataSchema.parse(bytes)).toBe(bytes);
    expect(audioDataSchema.parse(bytes.buffer)).toEqual(bytes);
  });

  it.each([
    ['text', 'not audio', 'audioData must be binary 16 kHz mono 16-bit PCM.'],
    ['an empty chunk', new Uint8Array(0), 'audioData must not be empty.'],
    ['half a sample', new Uint8Array(3), 'audioData must hold whole 16-bit samples.'],
    [
      'more than half a second',
      new Uint8Array(VOICE_MAX_CHUNK_BYTES + 2),
      `audioData chunks must be at most ${VOICE_MAX_CHUNK_BYTES} bytes.`,
    ],
  ])('should refuse %s with its message', (_name, value, message) => {
    const result = audioDataSchema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});

describe('client event maps', () => {
  it('should give every client event a payload schema', () => {
    for (const [event, { schema }] of Object.entries({ ...sessionClientEvents, ...voiceClientEvents })) {
      expect(typeof schema.safeParse, event).toBe('function');
    }
  });

  it('should take no payload for endAudioData', () => {
    expect(voiceClientEvents.endAudioData.schema.safeParse(undefined).success).toBe(true);
    expect(voiceClientEvents.endAudioData.schema.safeParse(null).success).toBe(false);
  });
});
