import { throwNotFoundOrRedirect } from '~/features/content/redirect.server.ts';
import { findInvoice } from '~/features/documents/documents.server.ts';
import { InvoicePage } from '~/features/documents/invoice-page.tsx';
import { requireCustomer } from '~/lib/auth.server.ts';
import { titleMeta } from '~/lib/meta.ts';
import type { Route } from './+types/customer-center.invoices.$linkId';

export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  titleMeta(loaderData ? `Invoice ${loaderData.invoice.invoiceNumber}` : 'Invoice');

/** /customer-center/invoices/{linkId} (spec §2): one of the customer's invoices; another's or an unknown one is a 404. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireCustomer(context, request);
  const invoice = await findInvoice(context, params.linkId);
  if (!invoice) return throwNotFoundOrRedirect(context, new URL(request.url).pathname);
  return { invoice };
}

export default function InvoiceRoute({ loaderData }: Route.ComponentProps) {
  return <InvoicePage invoice={loaderData.invoice} />;
}
