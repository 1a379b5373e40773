import { DEFAULT_UNIT_OF_MEASURE, productIdSchema } from '@b2b/contract';
import { data, redirect } from 'react-router';
import { ApiError } from '~/lib/api.server.ts';
import { getLoginUrl } from '~/lib/auth.server.ts';
import { setFavorite } from '~/lib/favorites/favorite-lists.server.ts';
import {
  FAVORITE_REPLY_FIELD,
  type FavoriteProductKey,
  type FavoriteToggleResult,
} from '~/lib/favorites/favorite-marks.ts';
import { getSafeRedirect } from '~/lib/redirect.ts';
import { getSession } from '~/lib/session.server.ts';
import type { Route } from './+types/resources.favorite-list';

const MESSAGES = {
  noCustomer: 'Favourite lists belong to a customer account: log in with one, or act for a customer.',
  invalidProduct: 'This product cannot be saved.',
  failed: 'The favourite list could not be changed. Please try again.',
} as const;

/**
 * The product key of the pressed heart: from its own form's fields, or, for a heart inside another form (the product
 * page's matrix), from the button's value (`productKey`, JSON) sent with the page's host form.
 */
function readProductKey(form: FormData): { key: FavoriteProductKey; wanted: 'add' | 'remove' } | null {
  let fields: Record<string, unknown> = Object.fromEntries(form);
  const packed = form.get('productKey');
  if (typeof packed === 'string') {
    try {
      fields = { ...fields, ...(JSON.parse(packed) as Record<string, unknown>) };
    } catch {
      return null;
    }
  }
  const productId = productIdSchema.safeParse(fields.productId);
  const variantText = typeof fields.variantId === 'string' ? fields.variantId : '';
  const variantId = variantText ? productIdSchema.safeParse(variantText) : null;
  const unitOfMeasure = typeof fields.unitOfMeasure === 'string' && fields.unitOfMeasure ? fields.unitOfMeasure : null;
  const wanted = fields.wanted === 'add' || fields.wanted === 'remove' ? fields.wanted : null;
  if (!productId.success || (variantId && !variantId.success) || !wanted) return null;
  return {
    key: {
      productId: productId.data,
      variantId: variantId?.success ? variantId.data : null,
      unitOfMeasure: (unitOfMeasure ?? DEFAULT_UNIT_OF_MEASURE).slice(0, 16),
    },
    wanted,
  };
}

/**
 * POST /resources/favorite-list: a heart pressed (issue 26 §1). With JavaScript the heart's fetcher asks for JSON
 * (FAVORITE_REPLY_FIELD) and shows the answer in a toast; without, the browser posted the form itself and is sent back
 * to the page it came from (`returnTo`, a local path only), whose heart then shows the new state. Requests from other
 * sites never get here (server.mjs refuses them, ADR 011).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const wantsJson = form.get(FAVORITE_REPLY_FIELD) === 'json';
  const returnTo = getSafeRedirect(form.get('returnTo'), '/');
  const answer = (result: Omit<Extract<FavoriteToggleResult, { ok: false }>, 'key'>, status: number) =>
    wantsJson ? data<FavoriteToggleResult>({ key: crypto.randomUUID(), ...result }, { status }) : redirect(returnTo);
  const session = getSession(context);
  if (!session.isLoggedIn) {
    if (!wantsJson) throw redirect(getLoginUrl(new Request(new URL(returnTo, request.url))));
    return answer({ ok: false, message: MESSAGES.noCustomer }, 401);
  }
  if (!session.customer) return answer({ ok: false, message: MESSAGES.noCustomer }, 403);
  const pressed = readProductKey(form);
  if (!pressed) return answer({ ok: false, message: MESSAGES.invalidProduct }, 400);
  try {
    const outcome = await setFavorite(context, pressed.key, pressed.wanted);
    if (!wantsJson) return redirect(returnTo);
    return data<FavoriteToggleResult>({
      key: crypto.randomUUID(),
      ok: true,
      ...outcome,
      message: outcome.isFavorite ? `Added to ${outcome.listName}.` : `Removed from ${outcome.listName}.`,
    });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    console.error('[favorites] toggle failed', error.status, error.type);
    // the API names what it refuses: a product no longer sold, a full list (1,000 products)
    const message = error.status === 400 ? (error.body?.errors?.[0]?.message ?? error.message) : MESSAGES.failed;
    return answer(
      { ok: false, message: error.status === 400 ? `Not saved: ${message}` : message },
      error.status >= 500 ? 502 : error.status,
    );
  }
}
