import { useEffect } from 'react';
import { appTexts } from '../texts/app-texts';
import { Button } from '../ui/button';
import { SpeakerIcon, Spinner, StopIcon } from './icons';
import { playSpeech, stopSpeech, usePlaybackStore } from './speech-playback';

const LOOKS =
  'mt-1 inline-flex h-8 w-8 items-center justify-center rounded-lg text-muted hover:bg-surface-3 hover:text-fg';

/** The speaker in a reply's actions: read it aloud (Pro), show loading, stop. */
export function SpeakButton({
  messageId,
  text,
  className = LOOKS,
}: {
  messageId: string;
  text: string;
  className?: string;
}) {
  const phase = usePlaybackStore((s) => (s.messageId === messageId ? s.phase : null));

  // A reply that leaves the screen stops talking.
  useEffect(
    () => () => {
      if (usePlaybackStore.getState().messageId === messageId) stopSpeech();
    },
    [messageId],
  );

  const label =
    phase === 'loading'
      ? appTexts.voice.loadingSpeech
      : phase === 'playing'
        ? appTexts.voice.stopSpeaking
        : appTexts.voice.speak;
  return (
    <Button
      onClick={() => (phase ? stopSpeech() : void playSpeech(messageId, text))}
      aria-label={label}
      aria-pressed={phase === 'playing'}
      aria-busy={phase === 'loading'}
      title={label}
      data-state={phase ?? 'idle'}
      className={className}
    >
      {phase === 'loading' ? <Spinner /> : phase === 'playing' ? <StopIcon /> : <SpeakerIcon />}
    </Button>
  );
}
