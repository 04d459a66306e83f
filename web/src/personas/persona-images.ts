import { apiBase } from '../api/base-url';

/** Persona artwork is served by id (SPEC.md §3). */
export const personaIconUrl = (id: string) => `${apiBase()}/personas/${encodeURIComponent(id)}/icon.webp`;
export const personaBackgroundUrl = (id: string) => `${apiBase()}/personas/${encodeURIComponent(id)}/background.webp`;
