/**
 * The forms of one area (POST /api/Form/SendForm validates a submission against these fields): contact, mailed to
 * customer service, and request an account, mailed to sales.
 */
import type { FormField } from '@b2b/contract';
import type { AreaFacts } from './content-area-facts.ts';
import type { SeedContentDocument } from './content-documents.ts';

const CONTACT_SUBJECTS = [
  'Order or delivery',
  'Invoice or payment',
  'Returns and claims',
  'Product question',
  'Account or login',
  'Other',
];

const BUSINESS_TYPES = [
  'Skate shop',
  'Snow and ski shop',
  'Surf shop',
  'Bike shop',
  'Sporting goods store',
  'Online retailer',
  'Rental shop or school',
  'Other',
];

function textField(
  name: string,
  label: string,
  options: { required: boolean; maxLength?: number; autocomplete?: string; type?: FormField['type'] },
): FormField {
  const field: FormField = {
    name,
    label,
    type: options.type ?? 'text',
    required: options.required,
    maxLength: options.maxLength ?? 200,
  };
  if (options.autocomplete) field.autocomplete = options.autocomplete;
  return field;
}

export function buildContentForms(facts: AreaFacts): SeedContentDocument[] {
  return [
    {
      key: 'contact',
      url: null,
      title: 'Contact customer service',
      body: {
        kind: 'form',
        intro: `Write to customer service and we reply within one ${facts.workingDay}. Fields marked required must be filled in.`,
        fields: [
          textField('name', 'Your name', { required: true, autocomplete: 'name' }),
          textField('company', 'Company', { required: true, autocomplete: 'organization' }),
          textField('email', 'E-mail', { required: true, type: 'email', maxLength: 254, autocomplete: 'email' }),
          textField('phone', 'Phone', { required: false, type: 'tel', maxLength: 40, autocomplete: 'tel' }),
          textField('customerNumber', 'Customer number (if you have one)', { required: false, maxLength: 20 }),
          { name: 'subject', label: 'Subject', type: 'select', required: true, options: CONTACT_SUBJECTS },
          textField('message', 'Message', { required: true, type: 'textarea', maxLength: 5000 }),
        ],
        submitLabel: 'Send message',
        successMessage: `Thank you: your message has been sent. We reply within one ${facts.workingDay}.`,
        recipient: 'service@ridgeline.example',
      },
    },
    {
      key: 'request-account',
      url: null,
      title: 'Request a trade account',
      body: {
        kind: 'form',
        intro:
          'Tell us about your business. We check the details and reply with your login, usually within one ' +
          `${facts.workingDay}.`,
        fields: [
          textField('company', 'Company name', { required: true, autocomplete: 'organization' }),
          textField('taxId', facts.areaId === 'eu' ? 'VAT number' : 'Tax ID (EIN)', { required: true, maxLength: 30 }),
          textField('contactName', 'Contact person', { required: true, autocomplete: 'name' }),
          textField('email', 'E-mail', { required: true, type: 'email', maxLength: 254, autocomplete: 'email' }),
          textField('phone', 'Phone', { required: true, type: 'tel', maxLength: 40, autocomplete: 'tel' }),
          {
            name: 'country',
            label: 'Country',
            type: 'select',
            required: true,
            options: [...facts.countries],
            autocomplete: 'country-name',
          },
          { name: 'businessType', label: 'Type of business', type: 'select', required: true, options: BUSINESS_TYPES },
          textField('website', 'Website or web shop', { required: false, maxLength: 300, autocomplete: 'url' }),
          { name: 'acceptTerms', label: 'I accept the terms of trade', type: 'checkbox', required: true },
        ],
        submitLabel: 'Request account',
        successMessage: `Thank you: we have your request and reply within one ${facts.workingDay}.`,
        recipient: 'sales@ridgeline.example',
      },
    },
  ];
}
