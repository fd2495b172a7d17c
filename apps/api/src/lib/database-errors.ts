/**
 * The constraint of a unique violation (PostgreSQL 23505), through Drizzle's error wrapper;
 * null when the error is something else ('' when the driver did not name the constraint).
 */
export function uniqueViolation(error: unknown): string | null {
  for (let current = error; current instanceof Error; current = current.cause) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
  }
  return null;
}
