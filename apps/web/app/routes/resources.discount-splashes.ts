import { getDiscountSplashesByProductIdsBody } from '@b2b/contract';
import { loadDiscountSplashes } from '~/lib/campaigns/discount-splashes.server.ts';
import type { SplashMap } from '~/lib/campaigns/splash-view.ts';
import type { Route } from './+types/resources.discount-splashes';

/** The call's own ids (1 to MAX_SPLASH_PRODUCT_IDS); the area is the session's. */
const splashRequestSchema = getDiscountSplashesByProductIdsBody.pick({ productIds: true }).strict();

/**
 * The splash queue's batch (spec §9, issue 27: at most MAX_SPLASH_PRODUCT_IDS ids a call): the splashes of products
 * shown after the first render, as views. Public like the call itself; anonymous visitors get only the splashes that
 * state no discount (the API decides).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const parsed = splashRequestSchema.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return Response.json({ splashes: {} satisfies SplashMap }, { status: 400 });
  return { splashes: await loadDiscountSplashes(context, parsed.data.productIds) };
}
