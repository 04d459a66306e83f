/** Timestamps travel and are stored as ISO 8601 strings (UTC), the same on SQLite and PostgreSQL. */
export const nowIso = (): string => new Date().toISOString();
export const isoIn = (ms: number): string => new Date(Date.now() + ms).toISOString();
