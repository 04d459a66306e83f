import { personaIconUrl } from './persona-images';

/** A persona's icon; decorative (the name is always shown next to it). */
export function PersonaIcon({ id, size = 48, className = '' }: { id: string; size?: number; className?: string }) {
  return (
    <img
      src={personaIconUrl(id)}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      draggable={false}
      className={`shrink-0 rounded-xl bg-surface-3 ${className}`}
      style={{ width: size, height: size }}
    />
  );
}
