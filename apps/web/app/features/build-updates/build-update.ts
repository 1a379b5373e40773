/**
 * Build updates (spec §4): every build writes `builds/latest.json` (`{ "buildId", "builtAt" }`, vite.config.ts) and
 * carries its own id. The storefront polls the file; once it names another build, the next navigation loads the
 * page in full, so the visitor gets the new code, but never twice within the page reload guard (spec §9).
 */
import { PAGE_RELOAD_GUARD_MS } from '@b2b/contract/constants';

/** Where the build manifest is served (build/client/builds/latest.json). */
export const BUILD_MANIFEST_PATH = '/builds/latest.json';
/** The spec leaves the poll interval open: five minutes, and whenever the tab becomes visible again. */
export const BUILD_POLL_INTERVAL_MS = 5 * 60 * 1000;
/** sessionStorage key of the time of the last reload for a new build. */
const RELOADED_AT_KEY = 'build-update-reloaded-at';

/** The manifest's address with a timestamp query, so no cache on the way answers an old one. */
export function buildManifestUrl(now: number): string {
  return `${BUILD_MANIFEST_PATH}?t=${now}`;
}

/** The build id a manifest names, or null when it is not a manifest. */
export function readBuildId(manifest: unknown): string | null {
  if (typeof manifest !== 'object' || manifest === null || !('buildId' in manifest)) return null;
  const { buildId } = manifest;
  return typeof buildId === 'string' && buildId.length > 0 ? buildId : null;
}

/**
 * Whether a reload may happen now, recording it when it may: not when the last one was less than the guard ago
 * (a proxy still serving the old build would otherwise make every navigation a reload).
 */
export function claimPageReload(storage: Pick<Storage, 'getItem' | 'setItem'>, now: number): boolean {
  const last = Number(storage.getItem(RELOADED_AT_KEY));
  if (last > 0 && now >= last && now - last < PAGE_RELOAD_GUARD_MS) return false;
  storage.setItem(RELOADED_AT_KEY, String(now));
  return true;
}
