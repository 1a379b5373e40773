/** Reads a JWT's `exp` (seconds since epoch) without verifying it: the API verifies; the web only schedules refreshes. */
export function getJwtExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp?: unknown };
    return typeof json.exp === 'number' ? json.exp : null;
  } catch {
    return null;
  }
}

/** True when the token expires within `marginSeconds` (tokens without `exp` never expire here). */
export function isTokenExpiring(token: string, nowMs: number, marginSeconds: number): boolean {
  const exp = getJwtExpiry(token);
  return exp !== null && exp * 1000 - nowMs <= marginSeconds * 1000;
}
