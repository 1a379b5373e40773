/** Forms and modals defined in content (definitions in @b2b/contract/endpoints/forms). */
import { IDEMPOTENCY_KEY_HEADER } from '@b2b/contract';
import { formsEndpoints } from '@b2b/contract/endpoints/forms';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoints.ts';
import { sendForm } from './form-submission.service.ts';
import { getModalRequest } from './modal.service.ts';

export async function formsRoutes(app: FastifyInstance) {
  // request.ip honours TRUST_PROXY, as the login rate limit does: behind the storefront it is the browser's address.
  registerEndpoint(app, formsEndpoints.sendForm, async (request, reply) => {
    const idempotencyKey = request.headers[IDEMPOTENCY_KEY_HEADER];
    const { isNew, ...answer } = await sendForm(request.ctx, {
      ...request.body,
      clientAddress: request.ip,
      idempotencyKey: typeof idempotencyKey === 'string' ? idempotencyKey : undefined,
    });
    // 201 for a new submission; the same form sent again with the same Idempotency-Key answers 200 (otherResponses).
    return reply.code(isNew ? 201 : 200).send(answer);
  });

  registerEndpoint(app, formsEndpoints.getModalRequest, async (request) => getModalRequest(request.ctx, request.body));
}
