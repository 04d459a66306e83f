import { fileSrc } from '../ui/file-url';
import { personaIconUrl } from './persona-images';

/**
 * A persona's icon: its uploaded avatar when it has one (people's own personas), else the art of
 * its id. Decorative (the name is always shown next to it).
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
  return (
    <img
      src={avatarUrl ? fileSrc(avatarUrl) : personaIconUrl(id)}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      draggable={false}
      className={`shrink-0 rounded-xl bg-surface-3 object-cover ${className}`}
      style={{ width: size, height: size }}
    />
  );
}
