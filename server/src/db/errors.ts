/** A unique index refused the write (PostgreSQL 23505, SQLite SQLITE_CONSTRAINT_UNIQUE / PRIMARYKEY). */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
