import { useState } from 'react';
import { personaAvatarSrc, personaIconUrl } from './persona-images';

/**
 * A persona's picture: the uploaded avatar when there is one, else its generated icon; decorative
 * (the name is always shown next to it).
 */
export function PersonaIcon({
  id,
  avatarUrl,
  size = 48,
  className = '',
}: {
  id: string;
  /** The persona's `avatarUrl` (null or absent: the generated art). */
  avatarUrl?: string | null;
  size?: number;
  className?: string;
}) {
  const avatar = personaAvatarSrc(id, avatarUrl);
  const src = avatar ?? personaIconUrl(id);
  // An unpublished or unknown persona has no art to serve: an empty tile, not a broken image.
  const [failed, setFailed] = useState<string | null>(null);
  if (failed === src) {
    return (
      <span
        aria-hidden="true"
        className={`block shrink-0 rounded-xl bg-surface-3 ${className}`}
        style={{ width: size, height: size }}
      />
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
      className={`shrink-0 rounded-xl bg-surface-3 ${avatar ? 'object-cover' : ''} ${className}`}
      style={{ width: size, height: size }}
      data-testid={avatar ? 'persona-avatar' : undefined}
      onError={() => setFailed(src)}
    />
  );
}
