/**
 * A JWT's claims, read without verifying them: the API verifies; the web only schedules refreshes and compares the
 * tokens it holds. Null for a token that is not a readable JWT.
 */
export function readJwtClaims(token: string): Record<string, unknown> | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    return claims !== null && typeof claims === 'object' ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** A JWT's `exp` (seconds since epoch), or null. */
export function getJwtExpiry(token: string): number | null {
  const exp = readJwtClaims(token)?.exp;
  return typeof exp === 'number' ? exp : null;
}

/** True when the token expires within `marginSeconds` (tokens without `exp` never expire here). */
export function isTokenExpiring(token: string, nowMs: number, marginSeconds: number): boolean {
  const exp = getJwtExpiry(token);
  return exp !== null && exp * 1000 - nowMs <= marginSeconds * 1000;
}
