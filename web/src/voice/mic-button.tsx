import { useEffect } from 'react';
import { useUser } from '../store/user';
import { appTexts } from '../texts/app-texts';
import { Button } from '../ui/button';
import { DictationTimer } from './dictation-timer';
import { MicIcon, Spinner, StopIcon } from './icons';
import { LevelMeter } from './level-meter';
import { type DictationState, useDictation } from './use-dictation';
import { useSpeechStatus } from './voice-api';

/**
 * Whether the server can take dictation: null while unknown (the button stays usable), else the
 * reason it cannot (shown plainly to users; the server's own words only to admins).
 */
function useDictationUnavailable(): string | null {
  const stt = useSpeechStatus((s) => s.status?.stt);
  const admin = useUser((s) => s.user?.role === 'admin');
  if (!stt || stt.available) return null;
  return admin && stt.reason ? stt.reason : appTexts.voice.unavailable;
}

interface Props {
  /** Receives the trimmed transcript when a recording ends. */
  onTranscript: (text: string) => void;
  /** Tells the message box when it should show that it is processing. */
  onStateChange?: (state: DictationState) => void;
  disabled?: boolean;
}

const STATUS: Record<DictationState, string> = {
  idle: '',
  get starting() {
    return appTexts.voice.processing;
  },
  get recording() {
    return appTexts.voice.listening;
  },
  get transcribing() {
    return appTexts.voice.transcribing;
  },
};

/**
 * The composer's microphone: start and stop dictation, with the time recorded out of the limit and
 * a live level meter while it listens.
 */
export function MicButton({ onTranscript, onStateChange, disabled }: Props) {
  const { state, analyser, start, stop } = useDictation(onTranscript);
  const recording = state === 'recording';
  const busy = state === 'starting' || state === 'transcribing';
  const unavailable = useDictationUnavailable();

  useEffect(() => {
    onStateChange?.(state);
  }, [state, onStateChange]);

  return (
    <div className="relative flex items-center" title={unavailable ?? undefined}>
      {recording ? (
        // Above the button, out of the flow: the message box never changes size.
        <span className="absolute end-0 bottom-full mb-1 flex items-center gap-2 rounded-lg border border-border bg-surface-2 px-2 py-1">
          <DictationTimer />
          {analyser ? <LevelMeter analyser={analyser} /> : null}
        </span>
      ) : null}
      <Button
        onClick={() => void (recording || state === 'starting' ? stop() : start())}
        disabled={disabled || state === 'transcribing' || (unavailable !== null && state === 'idle')}
        aria-pressed={recording}
        aria-label={recording || state === 'starting' ? appTexts.voice.stop : appTexts.voice.start}
        aria-description={unavailable ?? undefined}
        aria-busy={busy}
        data-state={state}
        className={`flex h-11 w-11 items-center justify-center rounded-xl border border-border ${
          recording ? 'border-accent bg-accent text-accent-fg' : 'bg-surface-3 text-fg'
        } disabled:opacity-50`}
      >
        {busy ? <Spinner /> : recording ? <StopIcon /> : <MicIcon />}
      </Button>
      <span className="sr-only" role="status" aria-live="polite">
        {STATUS[state]}
      </span>
    </div>
  );
}
