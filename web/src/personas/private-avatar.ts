import { useAppStore } from '../store/app-store';

/** Blob URLs of avatars loaded with a token, per token and address (revoked never: a handful per session). */
const loaded = new Map<string, Promise<string | null>>();

/** True for a custom persona's uploaded avatar (`/personas/:id/custom-avatar/:token`). */
export const isCustomAvatar = (src: string) => /\/personas\/[^/]+\/custom-avatar\/[^/?#]+$/.test(src);

/**
 * A private persona's avatar is served to its maker alone, with the bearer token (issue #40, L2),
 * which an `<img>` cannot send: when the plain address is refused, this loads it with the session's
 * token and answers a `blob:` URL (the page's CSP allows them), or null when that is refused too.
 */
export function avatarWithToken(src: string): Promise<string | null> {
  const token = useAppStore.getState().token;
  if (!token) return Promise.resolve(null);
  const key = `${token}\n${src}`;
  let known = loaded.get(key);
  if (!known) {
    known = fetch(src, { headers: { Authorization: `Bearer ${token}` } })
      .then(async (res) => (res.ok ? URL.createObjectURL(await res.blob()) : null))
      .catch(() => null);
    loaded.set(key, known);
  }
  return known;
}
