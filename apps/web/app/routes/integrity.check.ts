import { healthEndpoints } from '@b2b/contract/endpoints/health';
import { integrityCheckAnswer } from '~/features/integrity/integrity-check.server.ts';
import { getApi } from '~/lib/api.server.ts';
import type { Route } from './+types/integrity.check';

/** /integrity/Check (spec §2 static server routes): the API's integrity report, 200 when ok, 503 when failing. */
export function loader({ context, request }: Route.LoaderArgs) {
  return integrityCheckAnswer(
    (signal) => getApi(context).call(healthEndpoints.getIntegrityCheck, {}, { auth: 'none', signal }),
    request.signal,
  );
}
