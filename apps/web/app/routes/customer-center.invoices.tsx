import { parseInvoiceListParams } from '~/features/documents/document-list-params.ts';
import { getInvoicesPage } from '~/features/documents/documents.server.ts';
import { InvoicesPage } from '~/features/documents/invoices-page.tsx';
import { requireCustomer } from '~/lib/auth.server.ts';
import { titleMeta } from '~/lib/meta.ts';
import type { Route } from './+types/customer-center.invoices';

export const meta: Route.MetaFunction = () => titleMeta('Invoices');

/** /customer-center/invoices (spec §2): the customer's invoices, 20 a page; q, status, from, to and p in the URL. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireCustomer(context, request);
  const params = parseInvoiceListParams(new URL(request.url).searchParams);
  const page = await getInvoicesPage(context, params);
  return { params, page };
}

export default function InvoicesRoute({ loaderData }: Route.ComponentProps) {
  return <InvoicesPage params={loaderData.params} page={loaderData.page} />;
}
