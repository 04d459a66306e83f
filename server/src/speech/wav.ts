/** WAV (RIFF, PCM) helpers for the speech engines. */

export interface WavAudio {
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  /** The raw PCM samples (the `data` chunk). */
  data: Buffer;
}

/** Wraps PCM samples in a 44-byte WAV header (defaults: 16 kHz mono signed 16-bit). */
export function pcmToWav(pcm: Buffer, sampleRate = 16_000, channels = 1, bitsPerSample = 16): Buffer {
  const header = Buffer.alloc(44);
  const blockAlign = (channels * bitsPerSample) / 8;
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + pcm.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * blockAlign, 28);
  header.writeUInt16LE(blockAlign, 32);
  header.writeUInt16LE(bitsPerSample, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(pcm.length, 40);
  return Buffer.concat([header, pcm]);
}

/**
 * Reads a PCM WAV file. Tolerates streamed WAVs whose size fields are 0x7fffffff (espeak-ng
 * --stdout): the data chunk then runs to the end of the buffer.
 */
export function readWav(wav: Buffer): WavAudio {
  if (wav.length < 12 || wav.toString('ascii', 0, 4) !== 'RIFF' || wav.toString('ascii', 8, 12) !== 'WAVE') {
    throw new Error('not a WAV file');
  }
  let offset = 12;
  let format: Omit<WavAudio, 'data'> | undefined;
  while (offset + 8 <= wav.length) {
    const id = wav.toString('ascii', offset, offset + 4);
    const size = wav.readUInt32LE(offset + 4);
    const start = offset + 8;
    if (id === 'fmt ') {
      format = {
        channels: wav.readUInt16LE(start + 2),
        sampleRate: wav.readUInt32LE(start + 4),
        bitsPerSample: wav.readUInt16LE(start + 14),
      };
    } else if (id === 'data') {
      if (!format) throw new Error('WAV data before its format');
      const end = Math.min(wav.length, start + size);
      return { ...format, data: wav.subarray(start, end - ((end - start) % 2)) };
    }
    offset = start + size + (size % 2);
  }
  throw new Error('WAV file without a data chunk');
}

/** Rewrites a WAV with exact size fields (browsers and players dislike streamed headers). */
export function normalizeWav(wav: Buffer): Buffer {
  const { data, sampleRate, channels, bitsPerSample } = readWav(wav);
  return pcmToWav(data, sampleRate, channels, bitsPerSample);
}
