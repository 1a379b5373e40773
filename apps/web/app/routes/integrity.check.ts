import { healthEndpoints } from '@b2b/contract/endpoints/health';
import { integrityCheckAnswer, integrityTokenHeaders } from '~/features/integrity/integrity-check.server.ts';
import { getApi } from '~/lib/api.server.ts';
import { getSession } from '~/lib/session.server.ts';
import type { Route } from './+types/integrity.check';

/**
 * /integrity/Check (spec §2 static server routes): the API's integrity report, 200 when ok, 503 when failing. The API
 * decides who reads the checks: it is called with the back office's own token, and with a monitor's X-Integrity-Token.
 */
export function loader({ context, request }: Route.LoaderArgs) {
  const isBackOffice = getSession(context).user?.roles.includes('backoffice') ?? false;
  const headers = integrityTokenHeaders(request);
  return integrityCheckAnswer(
    (signal) =>
      getApi(context).call(
        healthEndpoints.getIntegrityCheck,
        {},
        { auth: isBackOffice ? 'auto' : 'none', headers, signal },
      ),
    request.signal,
    { isBackOffice },
  );
}
