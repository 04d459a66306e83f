import { useRef, useState } from 'react';
import { mediaTexts } from '../texts/app-texts';
import { Button } from '../ui/button';
import { downloadName, fileSrc } from '../ui/file-url';

function clock(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '0:00';
  const s = Math.floor(seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** A generated track: play/pause, a seek slider with the time, and download. */
export default function AudioPlayer({ id, url, mimeType }: { id: string; url: string; mimeType: string }) {
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const [broken, setBroken] = useState(false);
  const src = fileSrc(url);

  const toggle = () => {
    const el = audio.current;
    if (!el) return;
    if (el.paused) void el.play().catch(() => setBroken(true));
    else el.pause();
  };

  return (
    <div className="flex flex-col gap-2" data-testid="audio-player">
      {/* biome-ignore lint/a11y/useMediaCaption: generated music has no words to caption. */}
      <audio
        ref={audio}
        src={src}
        preload="metadata"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
        onTimeUpdate={(e) => setTime(e.currentTarget.currentTime)}
        onLoadedMetadata={(e) => setDuration(e.currentTarget.duration)}
        onDurationChange={(e) => setDuration(e.currentTarget.duration)}
        onError={() => setBroken(true)}
      />
      <div className="flex items-center gap-3">
        <Button
          onClick={toggle}
          disabled={broken}
          aria-label={playing ? mediaTexts.audio.pause : mediaTexts.audio.play}
          aria-pressed={playing}
          className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-accent text-accent-fg disabled:opacity-40"
        >
          {playing ? (
            <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
              <rect x="6" y="5" width="4" height="14" rx="1" />
              <rect x="14" y="5" width="4" height="14" rx="1" />
            </svg>
          ) : (
            <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
              <path d="M8 5v14l11-7z" />
            </svg>
          )}
        </Button>
        <input
          type="range"
          min={0}
          max={Number.isFinite(duration) && duration > 0 ? duration : 0}
          step={0.1}
          value={Math.min(time, Number.isFinite(duration) ? duration : time)}
          disabled={broken || !(duration > 0)}
          aria-label={mediaTexts.audio.seek}
          aria-valuetext={mediaTexts.audio.time(clock(time), clock(duration))}
          onChange={(e) => {
            const el = audio.current;
            const next = Number(e.target.value);
            if (el) el.currentTime = next;
            setTime(next);
          }}
          className="min-w-0 flex-1 accent-[var(--color-accent)]"
        />
        <span className="shrink-0 text-xs tabular-nums text-muted">
          {mediaTexts.audio.time(clock(time), clock(duration))}
        </span>
        <a
          href={src}
          download={downloadName(id, mimeType)}
          className="shrink-0 rounded-lg border border-border bg-surface-3 px-3 py-2 text-xs font-medium"
        >
          {mediaTexts.audio.download}
        </a>
      </div>
      {broken ? <p className="text-xs text-muted">{mediaTexts.audio.unsupported}</p> : null}
    </div>
  );
}
