import { VERSION_WARNING_FADE_MS, VERSION_WARNING_MS } from '@neura/contract';
import { useEffect, useState } from 'react';
import { texts } from '../texts/texts';

/** The red warning under the header: 5 s, then fades over 2.5 s (SPEC.md §4, §9). */
export function RaisedVersionWarning() {
  const [phase, setPhase] = useState<'shown' | 'fading' | 'gone'>('shown');
  useEffect(() => {
    const fade = setTimeout(() => setPhase('fading'), VERSION_WARNING_MS);
    const gone = setTimeout(() => setPhase('gone'), VERSION_WARNING_MS + VERSION_WARNING_FADE_MS);
    return () => {
      clearTimeout(fade);
      clearTimeout(gone);
    };
  }, []);
  if (phase === 'gone') return null;
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
