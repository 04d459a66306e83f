import { useEffect, useRef } from 'react';
import { readLevel } from './microphone';

const BARS = 5;

/**
 * The live microphone level (an analyser with fftSize 2048, read every animation frame). Bars are
 * scaled with transforms only, so nothing around them moves. Decorative: the button says it records.
 */
export function LevelMeter({ analyser }: { analyser: AnalyserNode }) {
  const bars = useRef<Array<HTMLSpanElement | null>>([]);

  useEffect(() => {
    const buffer = new Uint8Array(new ArrayBuffer(analyser.fftSize));
    let frame = 0;
    const draw = () => {
      const level = readLevel(analyser, buffer);
      bars.current.forEach((bar, i) => {
        if (!bar) return;
        const weight = 1 - Math.abs(i - (BARS - 1) / 2) / BARS;
        bar.style.transform = `scaleY(${Math.max(0.15, Math.min(1, level * (0.6 + weight)))})`;
      });
      frame = requestAnimationFrame(draw);
    };
    frame = requestAnimationFrame(draw);
    return () => cancelAnimationFrame(frame);
  }, [analyser]);

  return (
    <span className="flex h-6 items-center gap-0.5" aria-hidden="true" data-testid="voice-level">
      {Array.from({ length: BARS }, (_, i) => (
        <span
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed row of bars.
          key={i}
          ref={(el) => {
            bars.current[i] = el;
          }}
          className="block h-full w-1 origin-center scale-y-[0.15] rounded-full bg-accent transition-transform duration-75"
        />
      ))}
    </span>
  );
}
