/** Forms and modals defined in content (definitions in @b2b/contract/endpoints/forms). */
import { formsEndpoints } from '@b2b/contract/endpoints/forms';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoints.ts';
import { sendForm } from './form-submission.service.ts';
import { getModalRequest } from './modal.service.ts';

export async function formsRoutes(app: FastifyInstance) {
  // request.ip honours TRUST_PROXY, as the login rate limit does: behind the storefront it is the browser's address.
  registerEndpoint(app, formsEndpoints.sendForm, async (request, reply) =>
    reply.code(201).send(await sendForm(request.ctx, { ...request.body, clientAddress: request.ip })),
  );

  registerEndpoint(app, formsEndpoints.getModalRequest, async (request) => getModalRequest(request.ctx, request.body));
}
