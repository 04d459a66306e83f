import { describe, expect, it } from 'vitest';
import { normalizeWav, pcmToWav, readWav } from './wav.js';

describe('wav', () => {
  it('should wrap PCM in a header that reads back as 16 kHz mono 16-bit', () => {
    const pcm = Buffer.from([1, 0, 2, 0, 3, 0]);
    const wav = pcmToWav(pcm);
    expect(wav.length).toBe(44 + pcm.length);
    const read = readWav(wav);
    expect(read).toMatchObject({ sampleRate: 16_000, channels: 1, bitsPerSample: 16 });
    expect(read.data.equals(pcm)).toBe(true);
  });

  it('should read a streamed WAV whose size fields say 0x7fffffff', () => {
    const wav = pcmToWav(Buffer.alloc(10, 7), 22_050);
    wav.writeUInt32LE(0x7fffffff, 4);
    wav.writeUInt32LE(0x7fffffff, 40);
    const fixed = normalizeWav(wav);
    expect(fixed.readUInt32LE(4)).toBe(36 + 10);
    expect(fixed.readUInt32LE(40)).toBe(10);
    expect(readWav(fixed).sampleRate).toBe(22_050);
  });

  it('should refuse bytes that are not a WAV file', () => {
    expect(() => readWav(Buffer.from('not audio at all'))).toThrow('not a WAV file');
  });
});
