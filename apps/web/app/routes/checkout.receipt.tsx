import { cartIdSchema } from '@b2b/contract/cart';
import { data } from 'react-router';
import { findOrderByCartId } from '~/features/checkout/checkout.server.ts';
import { ReceiptPage } from '~/features/checkout/receipt-page.tsx';
import { requireUser } from '~/lib/auth.server.ts';
import { titleMeta } from '~/lib/meta.ts';
import { getSession } from '~/lib/session.server.ts';
import type { Route } from './+types/checkout.receipt';

export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  titleMeta(loaderData ? `Order ${loaderData.order.orderNumber}` : 'Receipt');

/** /checkout/receipt?cartId=… (spec §2): the order placed from the cart; another customer's cart is a 404. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireUser(context, request);
  const cartId = cartIdSchema.safeParse(new URL(request.url).searchParams.get('cartId'));
  if (!cartId.success) throw data(null, { status: 404 });
  const order = await findOrderByCartId(context, cartId.data);
  if (!order) throw data(null, { status: 404 });
  return { order, priceGroup: getSession(context).customer?.priceGroup ?? '' };
}

export default function ReceiptRoute({ loaderData }: Route.ComponentProps) {
  return <ReceiptPage order={loaderData.order} priceGroup={loaderData.priceGroup} />;
}
