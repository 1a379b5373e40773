import { UNAUTHORIZED_DEBOUNCE_MS, UNAUTHORIZED_MAX_WAIT_MS } from '@b2b/contract/constants';

/**
 * spec §4, §8, §9: a 401 whose body type is not InvalidCredentialsException is counted; the second within the window
 * logs the user out, one alone does not. The window is a debounced reset of the count: it closes
 * UNAUTHORIZED_DEBOUNCE_MS (500 ms) after the latest 401, and at the latest UNAUTHORIZED_MAX_WAIT_MS (1,000 ms) after
 * the first one of the burst, however many came in between.
 *
 * Where it runs (ADR 032): the browser never calls the API (ADR 001), so the web server counts the API's 401s for the
 * browser whose request met them, and the count travels with that browser in a short-lived httpOnly cookie
 * (UNAUTHORIZED_COUNT_COOKIE): its next request may reach another server process or host.
 */
export type UnauthorizedCount = {
  /** 401s counted in the open window. */
  count: number;
  /** When the window's first 401 came (ms since the epoch). */
  firstAtMs: number;
  /** When its latest 401 came. */
  lastAtMs: number;
};

/** The cookie that carries the count between a browser's requests (httpOnly, like the session's tokens). */
export const UNAUTHORIZED_COUNT_COOKIE = 'unauthorizedCount';

/** The cookie outlives the window a little (whole seconds); the times in it decide. */
export const UNAUTHORIZED_COUNT_COOKIE_MAX_AGE_SECONDS = Math.ceil(UNAUTHORIZED_MAX_WAIT_MS / 1000) + 1;

/** 401s within one window that end the session. */
const UNAUTHORIZED_LIMIT = 2;

/** Whether the window of `previous` is still open at `nowMs`. */
export function isWindowOpen(previous: UnauthorizedCount | null, nowMs: number): previous is UnauthorizedCount {
  return (
    previous !== null &&
    nowMs - previous.lastAtMs < UNAUTHORIZED_DEBOUNCE_MS &&
    nowMs - previous.firstAtMs < UNAUTHORIZED_MAX_WAIT_MS
  );
}

/** Counts one 401 at `nowMs`: the new count, and whether it is the one that logs the user out. */
export function countUnauthorized(
  previous: UnauthorizedCount | null,
  nowMs: number,
): { state: UnauthorizedCount; logOut: boolean } {
  const state: UnauthorizedCount = isWindowOpen(previous, nowMs)
    ? { count: previous.count + 1, firstAtMs: previous.firstAtMs, lastAtMs: nowMs }
    : { count: 1, firstAtMs: nowMs, lastAtMs: nowMs };
  return { state, logOut: state.count >= UNAUTHORIZED_LIMIT };
}

/** The cookie's value: `count.firstAtMs.lastAtMs`. */
export function serializeUnauthorizedCount(state: UnauthorizedCount): string {
  return `${state.count}.${state.firstAtMs}.${state.lastAtMs}`;
}

/** Reads the cookie's value; anything malformed counts as no 401 at all. */
export function parseUnauthorizedCount(value: string | undefined): UnauthorizedCount | null {
  const match = value ? /^(\d{1,3})\.(\d{1,16})\.(\d{1,16})$/.exec(value) : null;
  if (!match) return null;
  const [count, firstAtMs, lastAtMs] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (count < 1 || lastAtMs < firstAtMs) return null;
  return { count, firstAtMs, lastAtMs };
}
