/**
 * The back office's mail calls (issue 28) under /backoffice/api/Mail/: the mails' templates (read, update, reset to
 * the built-in text, preview from a real order) and the outbox (search, one mail, retry of a mail given up).
 * Role `backoffice` only. The older User/GetRecoveryMailTemplates (endpoints/user.ts) answers the recovery template.
 */
import {
  getMailTemplatesBody,
  getMailTemplatesResponse,
  getOutboxBySearchBody,
  getOutboxBySearchResponse,
  getOutboxMailBody,
  mailTemplateResponse,
  outboxMailResponse,
  previewMailTemplateBody,
  previewMailTemplateResponse,
  resetMailTemplateBody,
  retryOutboxMailBody,
  updateMailTemplateBody,
} from '../backoffice-mail.ts';
import { defineEndpoint } from '../endpoint.ts';

export const backofficeMailEndpoints = {
  getMailTemplates: defineEndpoint({
    method: 'POST',
    path: '/backoffice/api/Mail/GetTemplates',
    policy: 'backoffice',
    tag: 'Back office',
    summary: 'The texts of the shop’s mails per area and language, with their placeholders',
    body: getMailTemplatesBody,
    response: getMailTemplatesResponse,
  }),
  updateMailTemplate: defineEndpoint({
    method: 'POST',
    path: '/backoffice/api/Mail/UpdateTemplate',
    policy: 'backoffice',
    tag: 'Back office',
    summary: 'Saves a mail’s subject and body; the shop sends it from then on',
    description:
      'An unknown placeholder, a multi-line one in the subject or a required one missing (the recovery link) is 400 ' +
      'naming it. A version another save has passed is 409; nothing is saved. Written to the audit log.',
    body: updateMailTemplateBody,
    response: mailTemplateResponse,
    errors: [409],
  }),
  resetMailTemplate: defineEndpoint({
    method: 'POST',
    path: '/backoffice/api/Mail/ResetTemplate',
    policy: 'backoffice',
    tag: 'Back office',
    summary: 'Brings back a mail’s built-in text',
    description: 'A version another save has passed is 409; 404 when the text is the built-in one. Audited.',
    body: resetMailTemplateBody,
    response: mailTemplateResponse,
    errors: [404, 409],
  }),
  previewMailTemplate: defineEndpoint({
    method: 'POST',
    path: '/backoffice/api/Mail/PreviewTemplate',
    policy: 'backoffice',
    tag: 'Back office',
    summary: 'Renders an unsaved subject and body from a real order, as the mail would go out',
    description:
      'From the order named, or the newest order of the area (404 when there is none). The recovery mail shows a ' +
      'sample link for the order’s buyer. The same checks as UpdateTemplate (400). Writes nothing.',
    body: previewMailTemplateBody,
    response: previewMailTemplateResponse,
    errors: [404],
  }),
  getOutboxBySearch: defineEndpoint({
    method: 'POST',
    path: '/backoffice/api/Mail/GetOutboxBySearch',
    policy: 'backoffice',
    tag: 'Back office',
    summary: 'One page of the mail outbox, newest first, by state, kind, recipient and period',
    body: getOutboxBySearchBody,
    response: getOutboxBySearchResponse,
  }),
  getOutboxMail: defineEndpoint({
    method: 'POST',
    path: '/backoffice/api/Mail/GetOutboxMail',
    policy: 'backoffice',
    tag: 'Back office',
    summary: 'One mail of the outbox with its text and delivery state',
    body: getOutboxMailBody,
    response: outboxMailResponse,
    errors: [404],
  }),
  retryOutboxMail: defineEndpoint({
    method: 'POST',
    path: '/backoffice/api/Mail/RetryOutboxMail',
    policy: 'backoffice',
    tag: 'Back office',
    summary: 'Puts a mail delivery gave up on back in line, due now',
    description:
      'Its attempts start again from 0; its last error stays until the next attempt. A mail that was sent, or is ' +
      'still pending, is 409. Written to the audit log.',
    body: retryOutboxMailBody,
    response: outboxMailResponse,
    errors: [404, 409],
  }),
};
