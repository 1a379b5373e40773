import { CreditMemosPage } from '~/features/documents/credit-memos-page.tsx';
import { parseDocumentListParams } from '~/features/documents/document-list-params.ts';
import { getCreditMemosPage } from '~/features/documents/documents.server.ts';
import { requireCustomer } from '~/lib/auth.server.ts';
import { titleMeta } from '~/lib/meta.ts';
import type { Route } from './+types/customer-center.credit-memos';

export const meta: Route.MetaFunction = () => titleMeta('Credit memos');

/** /customer-center/credit-memos (spec §2): the customer's credit memos, 20 a page; q, from, to and p in the URL. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireCustomer(context, request);
  const params = parseDocumentListParams(new URL(request.url).searchParams);
  const page = await getCreditMemosPage(context, params);
  return { params, page };
}

export default function CreditMemosRoute({ loaderData }: Route.ComponentProps) {
  return <CreditMemosPage params={loaderData.params} page={loaderData.page} />;
}
