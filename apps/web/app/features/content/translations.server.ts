import type { AreaInfo } from '@b2b/contract';
import { lruCacheSource } from '@b2b/contract/cache-registry';
import { contentEndpoints } from '@b2b/contract/endpoints/content';
import { LRUCache } from 'lru-cache';
import { isApiError, requestEndpoint } from '~/lib/api.server.ts';
import { DEFAULT_TOAST_TEXTS, type ToastTexts, toToastTexts } from '~/lib/toast/toast-texts.ts';
import { fetchCounted, webCaches } from '~/lib/web-caches.server.ts';

/**
 * Translations change rarely: each area and language's table is kept a minute per process, like the areas
 * (lib/area.server.ts). The cache holds the request, so concurrent pages share one; a failed one is not kept.
 */
const TRANSLATIONS_CACHE_TTL_MS = 60_000;
const translationsCache = new LRUCache<string, Record<string, string>>({
  max: 20,
  ttl: TRANSLATIONS_CACHE_TTL_MS,
  fetchMethod: async (key) => {
    const [areaId, languageCode] = key.split('|') as [AreaInfo['areaId'], string];
    try {
      const answer = await requestEndpoint(contentEndpoints.getTranslationsByAreaId, {
        query: { AreaId: areaId, LanguageCode: languageCode },
      });
      return answer.translations;
    } catch (error) {
      // no table for this area and language: the built-in texts, kept like a table (not asked again each page)
      if (isApiError(error) && error.status === 404) return {};
      throw error;
    }
  },
});
const translationsCacheLookups = webCaches.register(
  'translations',
  lruCacheSource(() => [translationsCache]),
);

/**
 * The toasts' texts for the area and language (GET /api/Content/GetTranslationsByAreaId, spec §7, §8). Without
 * translations (none stored, API down) the toasts keep their built-in texts rather than failing the page.
 */
export async function getToastTexts(area: Pick<AreaInfo, 'areaId' | 'languageCode'>): Promise<ToastTexts> {
  try {
    const translations = await fetchCounted(
      translationsCache,
      translationsCacheLookups,
      `${area.areaId}|${area.languageCode}`,
    );
    return translations ? toToastTexts(translations) : DEFAULT_TOAST_TEXTS;
  } catch (error) {
    console.error('[translations] GetTranslationsByAreaId failed', error);
    return DEFAULT_TOAST_TEXTS;
  }
}
