import {
  applyUpload,
  loadDownloadChoices,
  refuseOversizedUpload,
  validateUpload,
} from '~/features/instant-excel/instant-excel.server.ts';
import { InstantExcelPage } from '~/features/instant-excel/instant-excel-page.tsx';
import { INSTANT_EXCEL_FIELDS } from '~/features/instant-excel/instant-excel-types.ts';
import { requireCustomer } from '~/lib/auth.server.ts';
import { titleMeta } from '~/lib/meta.ts';
import type { Route } from './+types/customer-center.instant-excel';

export const meta: Route.MetaFunction = () => titleMeta('Instant Excel');

/**
 * /customer-center/instant-excel (spec §2, issue 26 §2): the choices of the sheet's download (categories, brands,
 * favourite lists; `?scope=…` preselects one, as the favourite list page links here).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireCustomer(context, request);
  return { choices: await loadDownloadChoices(context, new URL(request.url).searchParams) };
}

/** Intent `validate` (a file or pasted lines → the preview) or `apply` (the preview's uploadId → the cart). */
export async function action({ request, context }: Route.ActionArgs) {
  requireCustomer(context, request);
  const oversized = refuseOversizedUpload(request);
  if (oversized) return oversized;
  const form = await request.formData();
  return form.get(INSTANT_EXCEL_FIELDS.intent) === 'apply' ? applyUpload(context, form) : validateUpload(context, form);
}

export default function InstantExcelRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <InstantExcelPage choices={loaderData.choices} actionData={actionData} />;
}
