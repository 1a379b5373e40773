/** PostgreSQL's unique_violation (SQLSTATE 23505), from node-postgres or PGlite, possibly wrapped by drizzle. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error as { code?: unknown; cause?: unknown } | undefined; current; ) {
    if (current.code === '23505') return true;
    current = current.cause as typeof current;
  }
  return false;
}
