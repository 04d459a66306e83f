import { AUDIO_ANALYSER_SIZE } from '@neura/contract';
import { playReadySound } from './ready-sound';

/** Why the microphone could not start, in the words the user reads (see texts.voice). */
export type MicProblem = 'unsupported' | 'denied' | 'no-microphone' | 'busy' | 'failed';

export class MicError extends Error {
  constructor(
    readonly problem: MicProblem,
    cause?: unknown,
  ) {
    super(problem, { cause });
    this.name = 'MicError';
  }
}

/** Maps getUserMedia / AudioContext failures to what the user can do about them. */
export function micProblem(error: unknown): MicProblem {
  const name = (error as { name?: string })?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError')
    return 'no-microphone';
  if (name === 'NotReadableError' || name === 'AbortError' || name === 'TrackStartError') return 'busy';
  return 'failed';
}

export interface MicCapture {
  /** The level meter's analyser (fftSize 2048, SPEC.md §9). */
  analyser: AnalyserNode;
  /** Sends the last partial chunk, then releases the microphone and the audio graph. */
  stop: () => Promise<void>;
  /** Releases everything at once (no last chunk). */
  abort: () => void;
}

/** Whether this browser can record here (getUserMedia needs a secure context; AudioWorklet). */
export function micSupported(): boolean {
  return Boolean(navigator.mediaDevices?.getUserMedia) && typeof AudioWorkletNode !== 'undefined';
}

const workletUrl = () => `${import.meta.env.BASE_URL ?? '/'}voice/pcm-capture-worklet.js`;

/**
 * Opens the microphone and streams 16 kHz mono s16le chunks to `onChunk` (resampled in an
 * AudioWorklet at the context's own rate). Plays the ready sound once audio flows.
 */
export async function startMicrophone(onChunk: (pcm: ArrayBuffer) => void): Promise<MicCapture> {
  if (!micSupported()) throw new MicError('unsupported');
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({
      // Recognisers prefer the raw voice: no noise suppression or gain riding; echo cancellation keeps
      // a reply being read aloud out of the recording.
      audio: { channelCount: 1, echoCancellation: true, noiseSuppression: false, autoGainControl: false },
    });
  } catch (error) {
    throw new MicError(micProblem(error), error);
  }
  const context = new AudioContext();
  const release = () => {
    for (const track of stream.getTracks()) track.stop();
    void context.close().catch(() => undefined);
  };
  try {
    await context.audioWorklet.addModule(workletUrl());
    await context.resume();
    const source = context.createMediaStreamSource(stream);
    const analyser = context.createAnalyser();
    analyser.fftSize = AUDIO_ANALYSER_SIZE;
    const capture = new AudioWorkletNode(context, 'pcm-capture', { numberOfInputs: 1, numberOfOutputs: 1 });
    // Pulled through a silent gain so the worklet runs in every browser; nothing is heard.
    const mute = context.createGain();
    mute.gain.value = 0;
    source.connect(analyser);
    source.connect(capture);
    capture.connect(mute);
    mute.connect(context.destination);
    capture.port.onmessage = (event: MessageEvent<ArrayBuffer | string>) => {
      if (event.data instanceof ArrayBuffer) onChunk(event.data);
    };
    playReadySound(context);
    return {
      analyser,
      abort: release,
      stop: async () => {
        await new Promise<void>((resolve) => {
          const done = setTimeout(resolve, 500);
          capture.port.addEventListener('message', (event: MessageEvent) => {
            if (event.data === 'flushed') {
              clearTimeout(done);
              resolve();
            }
          });
          capture.port.postMessage('flush');
        });
        release();
      },
    };
  } catch (error) {
    release();
    throw new MicError('failed', error);
  }
}

/** The analyser's current loudness, 0 … 1 (RMS of the time-domain signal, scaled for speech). */
export function readLevel(analyser: AnalyserNode, buffer: Uint8Array<ArrayBuffer>): number {
  analyser.getByteTimeDomainData(buffer);
  let sum = 0;
  for (const v of buffer) {
    const x = (v - 128) / 128;
    sum += x * x;
  }
  return Math.min(1, Math.sqrt(sum / buffer.length) * 4);
}
