import { MAX_SPLASH_PRODUCT_IDS } from '@b2b/contract';
import { campaignEndpoints } from '@b2b/contract/endpoints/campaign';
import type { RouterContextProvider } from 'react-router';
import { getApi } from '~/lib/api.server.ts';
import { getAreaById } from '~/lib/area.server.ts';
import { getSession } from '~/lib/session.server.ts';
import { type SplashMap, toSplashMap } from './splash-view.ts';

/**
 * The discount splashes of a page's products, resolved to what they show (the area settings' discountCodes): one
 * GetDiscountSplashesByProductIds call for up to MAX_SPLASH_PRODUCT_IDS distinct ids. The API leaves out, for
 * anonymous visitors, the splashes that state a discount (issue 27: deals show, percentages do not). A failure costs
 * only the badges: logged, and the page shows none.
 */
export async function loadDiscountSplashes(
  context: Readonly<RouterContextProvider>,
  productIds: readonly string[],
): Promise<SplashMap> {
  const ids = [...new Set(productIds.filter(Boolean))].slice(0, MAX_SPLASH_PRODUCT_IDS);
  if (ids.length === 0) return {};
  const { area } = getSession(context);
  try {
    const [answer, areaData] = await Promise.all([
      getApi(context).call(campaignEndpoints.getDiscountSplashesByProductIds, {
        body: { productIds: ids, areaInfo: area },
      }),
      getAreaById(area.areaId),
    ]);
    return toSplashMap(answer.discountSplashes, areaData.settings.discountCodes);
  } catch (error) {
    console.error('[splashes] GetDiscountSplashesByProductIds failed', error);
    return {};
  }
}
