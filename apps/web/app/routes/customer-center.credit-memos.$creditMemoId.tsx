import { data } from 'react-router';
import { CreditMemoPage } from '~/features/documents/credit-memo-page.tsx';
import { findCreditMemo } from '~/features/documents/documents.server.ts';
import { requireCustomer } from '~/lib/auth.server.ts';
import { titleMeta } from '~/lib/meta.ts';
import type { Route } from './+types/customer-center.credit-memos.$creditMemoId';

export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  titleMeta(loaderData ? `Credit memo ${loaderData.creditMemo.creditMemoNumber}` : 'Credit memo');

/** /customer-center/credit-memos/{creditMemoId} (spec §2): one of the customer's credit memos; otherwise a 404. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireCustomer(context, request);
  const creditMemo = await findCreditMemo(context, params.creditMemoId);
  // a redirect stored for this address was followed before the loader ran (redirectMiddleware)
  if (!creditMemo) throw data(null, { status: 404 });
  return { creditMemo };
}

export default function CreditMemoRoute({ loaderData }: Route.ComponentProps) {
  return <CreditMemoPage creditMemo={loaderData.creditMemo} />;
}
