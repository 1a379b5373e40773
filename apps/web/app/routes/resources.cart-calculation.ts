import { cartIdSchema } from '@b2b/contract/cart';
import { data } from 'react-router';
import { calculateCart } from '~/features/cart/cart.server.ts';
import { ApiError } from '~/lib/api.server.ts';
import { getSession } from '~/lib/session.server.ts';
import type { Route } from './+types/resources.cart-calculation';

/**
 * POST cartId, version, shipToCountryCode?, internal? (`1`: InternalCalculateCart) → the calculated cart (spec §4), or `{ error: { type, message } }` with the API's status,
 * so the browser can tell CartHasBeenModifiedException (409) from other failures.
 */
export async function action({ request, context }: Route.ActionArgs) {
  // a 401 rather than a redirect to /login: this answers fetch(), not a page
  if (!getSession(context).isLoggedIn) {
    return data(
      { error: { type: 'UnauthorizedException', message: 'Log in to calculate the cart.' } },
      { status: 401 },
    );
  }
  const form = await request.formData();
  const cartId = cartIdSchema.safeParse(form.get('cartId'));
  const version = Number(form.get('version'));
  if (!cartId.success || !Number.isInteger(version) || version < 1) {
    return data(
      { error: { type: 'ValidationException', message: 'cartId and version are required' } },
      { status: 400 },
    );
  }
  try {
    const country = String(form.get('shipToCountryCode') ?? '');
    const shipToCountryCode = /^[A-Z]{2}$/.test(country) ? country : undefined;
    const internal = form.get('internal') === '1';
    const { cart } = await calculateCart(context, { cartId: cartId.data, version, shipToCountryCode, internal });
    return { cart };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.type !== 'CartHasBeenModifiedException')
      console.error('[cart] CalculateCart failed', error.status, error.type);
    return data({ error: { type: error.type, message: error.message } }, { status: error.status });
  }
}
