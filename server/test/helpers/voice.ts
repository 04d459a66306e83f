import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { VoiceClientEvents, VoiceServerEvents } from '@neura/contract';
import type { Socket } from 'socket.io-client';
import { readWav } from '../../src/speech/wav.js';
import { connectSocket } from './socket.js';

export type VoiceTestSocket = Socket<VoiceServerEvents, VoiceClientEvents>;

/** A real socket.io-client on /voice, connected. */
export async function connectVoice(baseUrl: string, token: string): Promise<VoiceTestSocket> {
  const socket = connectSocket(baseUrl, token, '/voice') as unknown as VoiceTestSocket;
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

/** Speech synthesised by Debian's flite (16 kHz mono s16le PCM, no header). */
export function fliteSpeech(text: string): Buffer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'neura-voice-test-'));
  try {
    const file = path.join(dir, 'speech.wav');
    const input = path.join(dir, 'text.txt');
    fs.writeFileSync(input, text);
    execFileSync('flite', ['-voice', 'slt', '-f', input, '-o', file]);
    return readWav(fs.readFileSync(file)).data;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

type Ack = { received: number } | { error: { message: string; code: string } };

/** Sends PCM as audioData chunks (each acknowledged, so the server has them all) and returns the acks. */
export async function streamPcm(socket: VoiceTestSocket, pcm: Buffer, chunkBytes = 4096): Promise<Ack[]> {
  const acks: Ack[] = [];
  for (let offset = 0; offset < pcm.length; offset += chunkBytes) {
    const chunk = pcm.subarray(offset, offset + chunkBytes);
    acks.push(await socket.timeout(10_000).emitWithAck('audioData', new Uint8Array(chunk)));
  }
  return acks;
}
