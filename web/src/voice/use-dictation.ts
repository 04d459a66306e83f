import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../api/app-error';
import { useAppStore } from '../store/app-store';
import { appTexts } from '../texts/app-texts';
import { showToast } from '../ui/toast-store';
import { type MicCapture, MicError, type MicProblem, micSupported, startMicrophone } from './microphone';
import { speechStatus } from './voice-api';
import { openVoiceSocket, type VoiceSocket, VoiceSocketError, voiceEvents } from './voice-socket';

/** idle → starting (box shows processing) → recording → transcribing → idle. */
export type DictationState = 'idle' | 'starting' | 'recording' | 'transcribing';

const MIC_TEXTS: Record<MicProblem, string> = {
  get denied() {
    return appTexts.voice.micDenied;
  },
  get 'no-microphone'() {
    return appTexts.voice.micMissing;
  },
  get busy() {
    return appTexts.voice.micBusy;
  },
  get unsupported() {
    return appTexts.voice.micUnsupported;
  },
  get failed() {
    return appTexts.voice.micFailed;
  },
};

const TRANSCRIPT_TIMEOUT_MS = 60_000;

/** A failure whose message is written for the user (the server's, or ours). */
export class VoiceError extends Error {}

function userMessage(error: unknown): string {
  if (error instanceof MicError) return MIC_TEXTS[error.problem];
  if ((error instanceof VoiceError || error instanceof VoiceSocketError) && error.message) return error.message;
  return errorMessage(error);
}

/**
 * Voice dictation (SPEC.md §4): start opens /voice and the microphone (processing until it is
 * ready, then the ready sound), audio streams as 16 kHz PCM chunks; stop ends the stream and
 * hands the trimmed transcript to `onTranscript`; duration_exceeded stops it with a notice.
 */
export function useDictation(onTranscript: (text: string) => void) {
  const [state, setState] = useState<DictationState>('idle');
  const [analyser, setAnalyser] = useState<AnalyserNode | null>(null);
  const session = useRef<{ socket?: VoiceSocket; mic?: MicCapture; cancelled: boolean } | null>(null);
  const transcriptRef = useRef(onTranscript);
  transcriptRef.current = onTranscript;

  const teardown = useCallback(() => {
    const current = session.current;
    session.current = null;
    current?.mic?.abort();
    current?.socket?.close();
    setAnalyser(null);
  }, []);

  const stop = useCallback(async () => {
    const current = session.current;
    if (!current) return;
    if (!current.mic || !current.socket) {
      // Still starting: give up on this recording.
      current.cancelled = true;
      return;
    }
    const { socket, mic } = current;
    setState('transcribing');
    setAnalyser(null);
    await mic.stop();
    try {
      const answer = await voiceEvents(socket).emitWithAck(TRANSCRIPT_TIMEOUT_MS, 'endAudioData');
      if ('error' in answer) throw new VoiceError(answer.error.message);
      const transcript = answer.transcript.trim();
      if (transcript) transcriptRef.current(transcript);
      else showToast({ severity: 'info', message: appTexts.voice.nothingHeard });
    } catch (error) {
      showToast({ severity: 'error', message: userMessage(error) });
    } finally {
      if (session.current === current) teardown();
      setState('idle');
    }
  }, [teardown]);

  const start = useCallback(async () => {
    if (session.current) return;
    const token = useAppStore.getState().token;
    if (!token) return;
    const current: { socket?: VoiceSocket; mic?: MicCapture; cancelled: boolean } = { cancelled: false };
    session.current = current;
    setState('starting');
    try {
      const status = await speechStatus();
      if (!status.stt.available) throw new VoiceError(status.stt.reason ?? appTexts.voice.micFailed);
      if (!micSupported()) throw new MicError('unsupported');
      const socket = await openVoiceSocket(token);
      current.socket = socket;
      socket.on('duration_exceeded', () => {
        showToast({ severity: 'warning', message: appTexts.voice.durationExceeded(status.maxSeconds) });
        void stop();
      });
      socket.on('disconnect', () => {
        if (session.current === current && current.mic) void stop();
      });
      const mic = await startMicrophone((pcm) => voiceEvents(socket).emit('audioData', pcm));
      current.mic = mic;
      if (current.cancelled || session.current !== current) {
        mic.abort();
        socket.close();
        if (session.current === current) session.current = null;
        setState('idle');
        return;
      }
      setAnalyser(mic.analyser);
      setState('recording');
    } catch (error) {
      if (session.current === current) teardown();
      setState('idle');
      showToast({ severity: error instanceof MicError ? 'warning' : 'error', message: userMessage(error) });
    }
  }, [stop, teardown]);

  // Leaving the chat releases the microphone and the socket (nothing is transcribed).
  useEffect(() => teardown, [teardown]);

  return { state, analyser, start, stop };
}
