import { create } from 'zustand';
import { AppError } from '../api/app-error';
import { useAppStore } from '../store/app-store';
import { selectIsPro, useUser } from '../store/user';
import { appTexts } from '../texts/app-texts';
import { showToast } from '../ui/toast-store';
import { fetchSpeech } from './voice-api';

/**
 * Text-to-speech playback (SPEC.md §4): one reply plays at a time; its audio is fetched from
 * POST /speech/speak, played from an object URL and cleared at the end or when stopped.
 */
interface PlaybackState {
  /** The message being loaded or played, and which of the two. */
  messageId: string | null;
  phase: 'loading' | 'playing' | null;
}

export const usePlaybackStore = create<PlaybackState>()(() => ({ messageId: null, phase: null }));

let current: { messageId: string; abort: AbortController; audio?: HTMLAudioElement; url?: string } | null = null;

/** Stops whatever plays or loads and frees its audio. */
export function stopSpeech(): void {
  const playing = current;
  current = null;
  if (playing) {
    playing.abort.abort();
    if (playing.audio) {
      playing.audio.pause();
      playing.audio.removeAttribute('src');
      playing.audio.load();
    }
    if (playing.url) URL.revokeObjectURL(playing.url);
  }
  usePlaybackStore.setState({ messageId: null, phase: null });
}

/** Reads a reply aloud; non-Pro users get the subscribe modal instead (and never an error). */
export async function playSpeech(messageId: string, text: string): Promise<void> {
  stopSpeech();
  if (!selectIsPro(useUser.getState())) {
    useAppStore.getState().setActiveModal('subscribe');
    return;
  }
  const mine = { messageId, abort: new AbortController() } as NonNullable<typeof current>;
  current = mine;
  usePlaybackStore.setState({ messageId, phase: 'loading' });
  try {
    const blob = await fetchSpeech(text, mine.abort.signal);
    if (current !== mine) return;
    mine.url = URL.createObjectURL(blob);
    mine.audio = new Audio(mine.url);
    mine.audio.addEventListener('ended', () => {
      if (current === mine) stopSpeech();
    });
    await mine.audio.play();
    if (current === mine) usePlaybackStore.setState({ phase: 'playing' });
  } catch (error) {
    if (current !== mine || (error as Error).name === 'AbortError') return;
    stopSpeech();
    if (error instanceof AppError && error.code === 'pro:required') {
      // The server knows better (Pro ended): offer the subscription, not an error.
      useAppStore.getState().setActiveModal('subscribe');
      return;
    }
    if (error instanceof AppError) {
      showToast({ severity: error.code === 'speech:unavailable' ? 'warning' : 'error', message: error.message });
      return;
    }
    showToast({ severity: 'error', message: appTexts.voice.playFailed });
  }
}
