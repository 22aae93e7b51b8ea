/** True when the error (or the driver error Drizzle wrapped) is a unique-constraint violation. */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    if (typeof current === 'object' && 'code' in current && (current as { code: unknown }).code === '23505') {
      return true;
    }
    current =
      typeof current === 'object' && 'cause' in current ? (current as { cause: unknown }).cause : undefined;
  }
  return false;
}
