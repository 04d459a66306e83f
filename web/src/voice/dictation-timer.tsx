import { VOICE_MAX_SECONDS_DEFAULT } from '@neura/contract';
import { useEffect, useState } from 'react';
import { appTexts } from '../texts/app-texts';
import { useSpeechStatus } from './voice-api';

/** 75 → "1:15". */
export const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/**
 * How long the recording has run, and the server's limit (`maxSeconds` of GET /speech/status,
 * else the default): "0:12 / 1:00". Counts from when it is shown.
 */
export function DictationTimer() {
  const limit = useSpeechStatus((s) => s.status?.maxSeconds) ?? VOICE_MAX_SECONDS_DEFAULT;
  const [elapsed, setElapsed] = useState(0);
  useEffect(() => {
    const started = Date.now();
    const tick = setInterval(() => setElapsed(Math.floor((Date.now() - started) / 1000)), 250);
    return () => clearInterval(tick);
  }, []);
  const shown = clock(Math.min(elapsed, limit));
  return (
    <span
      role="timer"
      aria-label={appTexts.voice.timerLabel(shown, clock(limit))}
      data-testid="dictation-timer"
      className="text-xs whitespace-nowrap text-muted tabular-nums"
    >
      {appTexts.voice.timer(shown, clock(limit))}
    </span>
  );
}
