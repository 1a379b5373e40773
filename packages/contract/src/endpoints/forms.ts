/** Forms and modals defined in content (spec §7 "Order, payment, shipping, other"). */
import { defineEndpoint } from '../endpoint.ts';
import {
  getModalRequestBody,
  getModalRequestResponse,
  sendFormBody,
  sendFormHeaders,
  sendFormResponse,
} from '../forms.ts';

export const formsEndpoints = {
  sendForm: defineEndpoint({
    method: 'POST',
    path: '/api/Form/SendForm',
    // Public: the contact form and "request an account" are for visitors without a login.
    policy: 'public',
    tag: 'Forms',
    summary: 'Send a form defined in content (contact, request an account)',
    description:
      "Values are checked against the form's fields (required, type, length, choices; unknown fields refused); the " +
      "submission is stored and mailed to the form's recipient through the outbox. At most " +
      '`FORM_RATE_LIMIT.maxPerClientAddress` forms per client address in 10 minutes (429 beyond). A form sent ' +
      'again with the same `Idempotency-Key` header answers the first submission (HTTP 200; 201 when new) and ' +
      'stores and mails nothing; the same key for another form is a 409.',
    headers: sendFormHeaders,
    body: sendFormBody,
    response: sendFormResponse,
    successStatus: 201,
    // The replay of a form sent before with the same Idempotency-Key: the same answer.
    otherResponses: { 200: sendFormResponse },
    errors: [404, 409, 429],
  }),
  getModalRequest: defineEndpoint({
    method: 'POST',
    path: '/api/Modal/GetModalRequest',
    policy: 'public',
    tag: 'Forms',
    summary: 'The modals defined in content that apply to a page',
    body: getModalRequestBody,
    response: getModalRequestResponse,
  }),
};
