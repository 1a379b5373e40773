import { useEffect, useRef } from 'react';
import { createPath, useNavigation } from 'react-router';
import {
  BUILD_POLL_INTERVAL_MS,
  buildManifestUrl,
  claimPageReload,
  readBuildId,
} from '~/features/build-updates/build-update.ts';

/** The id of the build this bundle belongs to, set by vite.config.ts (`define`); absent in unit tests. */
declare const __BUILD_ID__: string | undefined;

/**
 * Build updates (spec §4): polls the build manifest every five minutes and when the tab becomes visible again; once
 * it names another build than this bundle's, the next navigation becomes a full page load (at most once per page
 * reload guard, spec §9). The development server has no manifest, so nothing is polled there. Renders nothing.
 */
export function BuildUpdateWatcher() {
  const navigation = useNavigation();
  const hasNewBuild = useRef(false);

  useEffect(() => {
    if (import.meta.env.DEV || typeof __BUILD_ID__ !== 'string') return;
    const currentBuildId = __BUILD_ID__;
    const check = async () => {
      try {
        const response = await fetch(buildManifestUrl(Date.now()), { cache: 'no-store' });
        if (!response.ok) return;
        const buildId = readBuildId(await response.json());
        if (buildId && buildId !== currentBuildId) hasNewBuild.current = true;
      } catch {
        // offline, or not JSON: the next poll asks again
      }
    };
    const onVisibilityChange = () => {
      if (document.visibilityState === 'visible') void check();
    };
    const interval = setInterval(check, BUILD_POLL_INTERVAL_MS);
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => {
      clearInterval(interval);
      document.removeEventListener('visibilitychange', onVisibilityChange);
    };
  }, []);

  useEffect(() => {
    // Only a navigation to a page: a submitted form (POST) must reach its action, not be dropped by a reload.
    if (!hasNewBuild.current || navigation.state !== 'loading') return;
    if (navigation.formMethod && navigation.formMethod.toUpperCase() !== 'GET') return;
    const storage = readSessionStorage();
    if (!storage || !claimPageReload(storage, Date.now())) return;
    hasNewBuild.current = false;
    window.location.assign(createPath(navigation.location));
  }, [navigation]);

  return null;
}

/** Storage for the reload guard; null when the browser blocks it (then no reload happens: the guard could not hold). */
function readSessionStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}
