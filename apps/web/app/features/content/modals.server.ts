import type { ContentModal } from '@b2b/contract';
import { lruCacheSource } from '@b2b/contract/cache-registry';
import { formsEndpoints } from '@b2b/contract/endpoints/forms';
import { LRUCache } from 'lru-cache';
import type { RouterContextProvider } from 'react-router';
import { getApi } from '~/lib/api.server.ts';
import { parseCookies } from '~/lib/cookies.ts';
import { getSession } from '~/lib/session.server.ts';
import { webCaches } from '~/lib/web-caches.server.ts';
import { isVersionDismissed, modalDismissalCookieName } from './modal-dismissal.ts';

/**
 * Which modals apply depends on the area, language, path and whether the visitor is logged in (the audience), so that
 * is the key. Kept 2 s per process, as content answers are (lib/content.server.ts): an editor's change to a modal
 * shows within 5 s, the page cache's 3 s included (issue 28).
 */
const MODALS_CACHE_TTL_MS = 2_000;
const modalsCache = new LRUCache<string, ContentModal[]>({ max: 500, ttl: MODALS_CACHE_TTL_MS });
const modalsCacheLookups = webCaches.register(
  'modals',
  lruCacheSource(() => [modalsCache]),
);

const MAX_MODAL_PATH_LENGTH = 2000;

/**
 * Pages a content modal never interrupts, whatever its path prefixes say: signing in, recovering a password and
 * checking out are tasks the visitor is in the middle of (a first-visit notice over the login form would take the
 * focus from the username field).
 */
const PATHS_WITHOUT_MODALS = ['/login', '/user/recover-password', '/checkout'];

function isWithoutModals(path: string): boolean {
  return PATHS_WITHOUT_MODALS.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/**
 * The modals for this page (POST /api/Modal/GetModalRequest, spec §7) minus the `once` modals this browser has
 * dismissed (their cookie). `session` and `always` dismissals live in the browser; the modal host checks them.
 * A failure costs the page nothing but its modal.
 */
export async function findPageModals(
  context: Readonly<RouterContextProvider>,
  request: Request,
): Promise<ContentModal[]> {
  const path = new URL(request.url).pathname;
  if (path.length > MAX_MODAL_PATH_LENGTH || isWithoutModals(path)) return [];
  const session = getSession(context);
  const key = [session.area.areaId, session.area.languageCode, session.isLoggedIn, path].join('|');
  let modals = modalsCache.get(key);
  modalsCacheLookups.count(modals !== undefined);
  if (!modals) {
    try {
      ({ modals } = await getApi(context).call(formsEndpoints.getModalRequest, {
        body: { area: session.area, url: path },
      }));
      modalsCache.set(key, modals);
    } catch (error) {
      console.error('[modals] GetModalRequest failed', error);
      return [];
    }
  }
  const cookies = parseCookies(request.headers.get('cookie'));
  return modals.filter(
    (modal) =>
      modal.frequency !== 'once' || !isVersionDismissed(cookies[modalDismissalCookieName(modal.id)], modal.version),
  );
}
