/** The back office's mail calls (issue 28): templates and the outbox, under /backoffice/api/Mail/. */
import { backofficeMailEndpoints } from '@b2b/contract/endpoints/backoffice-mail';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoints.ts';
import { previewMailTemplate } from './mail-preview.service.ts';
import { getMailTemplates, resetMailTemplate, updateMailTemplate } from './mail-templates.service.ts';
import { getOutboxBySearch, getOutboxMail, retryOutboxMail } from './outbox.service.ts';

export async function mailRoutes(app: FastifyInstance) {
  const endpoints = backofficeMailEndpoints;
  registerEndpoint(app, endpoints.getMailTemplates, async (request) => getMailTemplates(request.ctx, request.body));
  registerEndpoint(app, endpoints.updateMailTemplate, async (request) => updateMailTemplate(request.ctx, request.body));
  registerEndpoint(app, endpoints.resetMailTemplate, async (request) => resetMailTemplate(request.ctx, request.body));
  registerEndpoint(app, endpoints.previewMailTemplate, async (request) =>
    previewMailTemplate(request.ctx, request.body, { storefrontUrl: app.config.payment.storefrontUrl }),
  );
  registerEndpoint(app, endpoints.getOutboxBySearch, async (request) => getOutboxBySearch(request.ctx, request.body));
  registerEndpoint(app, endpoints.getOutboxMail, async (request) => getOutboxMail(request.ctx, request.body));
  registerEndpoint(app, endpoints.retryOutboxMail, async (request) => retryOutboxMail(request.ctx, request.body));
}
