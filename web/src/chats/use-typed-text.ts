import { useEffect, useState } from 'react';

const STEP_MS = 35;

/**
 * Types `text` out one character at a time when `key` is set (a rename arrived), then calls
 * onDone; without a key it just returns the text.
 */
export function useTypedText(text: string, key: number | undefined, onDone: () => void): string {
  const [shown, setShown] = useState<number | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: restart only for a new rename (key) or text, not a new onDone.
  useEffect(() => {
    if (key === undefined) {
      setShown(null);
      return;
    }
    if (typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches) {
      onDone();
      return;
    }
    let count = 0;
    setShown(0);
    const timer = setInterval(() => {
      count += 1;
      setShown(count);
      if (count >= text.length) {
        clearInterval(timer);
        setShown(null);
        onDone();
      }
    }, STEP_MS);
    return () => clearInterval(timer);
  }, [key, text]);
  return shown === null ? text : text.slice(0, shown);
}
