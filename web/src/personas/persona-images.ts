import { apiBase } from '../api/base-url';

/** Persona artwork is served by id (SPEC.md §3). */
export const personaIconUrl = (id: string) => `${apiBase()}/personas/${encodeURIComponent(id)}/icon.svg`;
export const personaBackgroundUrl = (id: string) => `${apiBase()}/personas/${encodeURIComponent(id)}/background.svg`;

/**
 * An uploaded avatar's address on this app's API base: the server names it
 * `/api/personas/{id}/avatar?v=…` (its version changes with each upload); only the query is kept.
 */
export function personaAvatarSrc(id: string, avatarUrl: string | null | undefined): string | undefined {
  if (!avatarUrl) return undefined;
  const query = avatarUrl.includes('?') ? avatarUrl.slice(avatarUrl.indexOf('?')) : '';
  return `${apiBase()}/personas/${encodeURIComponent(id)}/avatar${query}`;
}
