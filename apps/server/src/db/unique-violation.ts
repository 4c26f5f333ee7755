/** A unique index refused the row (PostgreSQL 23505, SQLite "UNIQUE constraint failed"). */
export function isUniqueViolation(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  return (err as { code?: unknown }).code === '23505' || /UNIQUE constraint failed/i.test(err.message);
}
