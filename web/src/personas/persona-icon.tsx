import { useState } from 'react';
import { fileSrc } from '../ui/file-url';
import { personaIconUrl } from './persona-images';
import { avatarWithToken, isCustomAvatar } from './private-avatar';

/**
 * A persona's icon: its uploaded avatar when it has one (people's own personas), else the art of
 * its id; a plain sparkle when neither loads (a private custom persona has no public art). A
 * private persona's avatar is loaded with the session's token when the plain address is refused.
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
  const plain = avatar ?? personaIconUrl(id);
  const [failed, setFailed] = useState<string | null>(null);
  // A private persona's avatar loads for its maker with the token only (issue #40, L2).
  const [withToken, setWithToken] = useState<{ from: string; src: string } | null>(null);
  const src = withToken?.from === plain ? withToken.src : plain;
  const onError = () => {
    if (src !== plain || !avatar || !isCustomAvatar(avatar)) return setFailed(plain);
    void avatarWithToken(avatar).then((blob) => (blob ? setWithToken({ from: plain, src: blob }) : setFailed(plain)));
  };
  if (failed === plain) {
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
      onError={onError}
      className={`shrink-0 rounded-xl bg-surface-3 object-cover ${className}`}
      style={{ width: size, height: size }}
      data-testid={avatar ? 'persona-avatar' : undefined}
    />
  );
}
