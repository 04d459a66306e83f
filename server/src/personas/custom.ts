import type { PersonaRow } from '../db/schema.js';
import { AppError } from '../errors.js';

/** The one text of a persona that cannot be used (missing, or someone else's private persona). */
export const PERSONA_NOT_AVAILABLE = 'That persona is not available.';
/** A deleted custom persona: its chats stay readable, new messages are refused (409). */
export const PERSONA_DELETED = 'This persona was deleted by its creator.';

/**
 * Who may use a custom persona (issue #29; catalog personas, `owner_id` null, are not judged
 * here): its owner always; anyone signed in when it is unlisted or public; nobody else (the same
 * not-found a missing persona gets, so a private id gives nothing away). A deleted one is refused
 * with 409 to those who could see it.
 */
export function customPersonaVisibleTo(row: PersonaRow, userId: string | undefined): boolean {
  if (row.owner_id === null) return true;
  if (userId !== undefined && row.owner_id === userId) return true;
  return userId !== undefined && (row.visibility === 'unlisted' || row.visibility === 'public');
}

/**
 * The catalog's rule (PersonaRepository.listPublished says it in SQL): a published operator
 * persona, or someone's own persona while public, approved and not deleted. What anonymous
 * visitors may see of a persona (its profile) follows it too.
 */
export function listedInCatalog(row: PersonaRow): boolean {
  if (row.published !== 1) return false;
  if (row.owner_id === null) return true;
  return row.visibility === 'public' && row.review_state === 'approved' && row.deleted_at === null;
}

/**
 * A custom persona `userId` may chat with, else the error: not-found (missing, or private to
 * someone else) or conflict (deleted by its creator). Catalog rows pass unchanged.
 */
export function assertCustomPersonaUsable(row: PersonaRow | undefined, userId: string): PersonaRow {
  if (!row) throw new AppError('not-found', PERSONA_NOT_AVAILABLE);
  if (row.owner_id === null) return row;
  if (!customPersonaVisibleTo(row, userId)) throw new AppError('not-found', PERSONA_NOT_AVAILABLE);
  if (row.deleted_at !== null) throw new AppError('conflict', PERSONA_DELETED);
  return row;
}

/**
 * The API's prefix in the avatar addresses the server hands out (`API_PREFIX`, "" when the API is
 * served at the root): set once when the modules are composed (informational finding of issue #40:
 * it was hard-coded `/api`, so avatars broke with `API_PREFIX=""`).
 */
let apiPrefix = '/api';
export function setPersonaUrlPrefix(prefix: string): void {
  apiPrefix = prefix;
}
export const personaUrlPrefix = (): string => apiPrefix;

/**
 * Where a custom persona's uploaded or generated avatar is served: its store key's last segment is
 * random, so the address works only for those who were shown it (people allowed to see the persona).
 */
export function customAvatarUrl(row: Pick<PersonaRow, 'id' | 'avatar'>): string | null {
  const token = row.avatar?.split('/').pop();
  return token
    ? `${apiPrefix}/personas/${encodeURIComponent(row.id)}/custom-avatar/${encodeURIComponent(token)}`
    : null;
}

/**
 * Whether a custom persona's uploaded avatar is served to `viewerId` (issue #40, L2): to anyone
 * (an `<img>` sends no token) while the persona is unlisted or public, to its maker alone while it
 * is private, to nobody once deleted.
 */
export function avatarShownTo(row: PersonaRow, viewerId: string | undefined): boolean {
  if (row.owner_id === null || row.deleted_at !== null) return false;
  return row.visibility !== 'private' || (viewerId !== undefined && viewerId === row.owner_id);
}

/** Whether a persona's generated art is served: a published catalog persona, or a custom one anyone with the link may see. */
export function artShown(row: PersonaRow): boolean {
  if (row.owner_id === null) return row.published === 1;
  return row.deleted_at === null && row.visibility !== 'private';
}
