/** Whether a database error is a unique-constraint violation, on either dialect. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    (typeof message === 'string' && message.includes('UNIQUE constraint failed'))
  );
}
