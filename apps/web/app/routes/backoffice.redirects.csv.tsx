import { AREA_IDS, type AreaId } from '@b2b/contract/constants';
import { REDIRECTS_CSV_CONTENT_TYPE, redirectsEndpoints } from '@b2b/contract/endpoints/redirects';
import { requireBackoffice } from '~/features/backoffice/backoffice-access.server.ts';
import { getApi } from '~/lib/api.server.ts';
import { PRIVATE_FILE_HEADERS } from '~/lib/private-file-headers.server.ts';
import type { Route } from './+types/backoffice.redirects.csv';

/**
 * /backoffice/redirects/csv?area=eu: the area's redirects as a CSV download; `?template`: the header row alone. A
 * resource route, so the file comes through the web with the staff member's token and never names the API.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireBackoffice(context, request);
  const params = new URL(request.url).searchParams;
  const areaParam = params.get('area') ?? '';
  const area: AreaId = (AREA_IDS as readonly string[]).includes(areaParam) ? (areaParam as AreaId) : 'eu';
  const api = getApi(context);
  const file = params.has('template')
    ? await api.fetchFile(redirectsEndpoints.getRedirectsHeaderAsCsv, {}, { signal: request.signal })
    : await api.fetchFile(redirectsEndpoints.getAllRedirectsAsCsv, { body: { area } }, { signal: request.signal });
  return new Response(file.body, {
    status: 200,
    headers: {
      ...PRIVATE_FILE_HEADERS,
      'content-type': REDIRECTS_CSV_CONTENT_TYPE,
      'content-disposition': file.headers.get('content-disposition') ?? 'attachment; filename="redirects.csv"',
    },
  });
}
