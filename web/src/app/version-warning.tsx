import { VERSION_WARNING_FADE_MS, VERSION_WARNING_MS } from '@neura/contract';
import { useEffect, useState } from 'react';
import { create } from 'zustand';
import { texts } from '../texts/texts';

/** Whether the "version too new" warning was raised at start-up. */
export const useVersionWarning = create<{ raised: boolean }>()(() => ({ raised: false }));

/** The red warning under the header: 5 s, then fades over 2.5 s (SPEC.md §4, §9). */
export function VersionWarning() {
  const raised = useVersionWarning((s) => s.raised);
  const [phase, setPhase] = useState<'shown' | 'fading' | 'gone'>('shown');
  useEffect(() => {
    if (!raised) return;
    const fade = setTimeout(() => setPhase('fading'), VERSION_WARNING_MS);
    const gone = setTimeout(() => setPhase('gone'), VERSION_WARNING_MS + VERSION_WARNING_FADE_MS);
    return () => {
      clearTimeout(fade);
      clearTimeout(gone);
    };
  }, [raised]);
  if (!raised || phase === 'gone') return null;
  return (
    <p
      role="alert"
      className="bg-red-800 px-3 py-2 text-center text-sm text-white transition-opacity ease-linear"
      style={{ opacity: phase === 'fading' ? 0 : 1, transitionDuration: `${VERSION_WARNING_FADE_MS}ms` }}
    >
      {texts.startup.versionTooNew}
    </p>
  );
}
