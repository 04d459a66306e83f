import { useState } from 'react';
import { fileSrc } from '../ui/file-url';
import { personaIconUrl } from './persona-images';

/**
 * A persona's icon: its uploaded avatar when it has one (people's own personas), else the art of
 * its id; a plain sparkle when neither loads (a private custom persona has no public art).
 * Decorative (the name is always shown next to it).
 */
export function PersonaIcon({
  id,
  avatarUrl,
  size = 48,
  className = '',
}: {
  id: string;
  avatarUrl?: string | null;
  size?: number;
  className?: string;
}) {
  const avatar = avatarUrl ? fileSrc(avatarUrl) : undefined;
  const src = avatar ?? personaIconUrl(id);
  const [failed, setFailed] = useState<string | null>(null);
  if (failed === src) {
    return (
      <span
        aria-hidden="true"
        data-testid="persona-icon-fallback"
        className={`flex shrink-0 items-center justify-center rounded-xl bg-surface-3 text-accent-text ${className}`}
        style={{ width: size, height: size }}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" width={size / 2} height={size / 2} fill="currentColor">
          <path d="M10 2l1.9 5.6L17.5 9.5l-5.6 1.9L10 17l-1.9-5.6L2.5 9.5l5.6-1.9L10 2z" />
          <path d="M18.5 13l.9 2.6 2.6.9-2.6.9-.9 2.6-.9-2.6-2.6-.9 2.6-.9.9-2.6z" />
        </svg>
      </span>
    );
  }
  return (
    <img
      src={src}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      draggable={false}
      onError={() => setFailed(src)}
      className={`shrink-0 rounded-xl bg-surface-3 object-cover ${className}`}
      style={{ width: size, height: size }}
      data-testid={avatar ? 'persona-avatar' : undefined}
    />
  );
}
