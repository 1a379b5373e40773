/**
 * The shop's editable mails (issue 28): for each kind, its placeholders and its built-in text, and the pure rules
 * the back office and the senders share: which placeholders a template may and must use, how a template is filled
 * in, and the HTML part made from the plain text. Where the texts are stored and read: mail-templates.service.ts.
 */
import type { MailTemplateKind, MailTemplatePlaceholder } from '@b2b/contract';

export type MailTemplateText = { subject: string; body: string };

type MailTemplateDefinition = {
  label: string;
  placeholders: readonly MailTemplatePlaceholder[];
  builtIn: MailTemplateText;
};

const ORDER_PLACEHOLDERS: readonly MailTemplatePlaceholder[] = [
  { name: 'name', description: 'The recipient’s name', isRequired: false, isMultiline: false },
  { name: 'orderNumber', description: 'The order number, e.g. SO-000123', isRequired: true, isMultiline: false },
  { name: 'customerName', description: 'The customer the order is for', isRequired: false, isMultiline: false },
  {
    name: 'reference',
    description: 'The buyer’s own reference (empty when none)',
    isRequired: false,
    isMultiline: false,
  },
  { name: 'total', description: 'The total including VAT, e.g. 375.00 EUR', isRequired: false, isMultiline: false },
  {
    name: 'notes',
    description: 'Who placed it for the customer, the reference, a backorder (one line each; empty when none)',
    isRequired: false,
    isMultiline: true,
  },
  {
    name: 'lines',
    description: 'One line per item: quantity, name, number, price',
    isRequired: true,
    isMultiline: true,
  },
  { name: 'totals', description: 'Shipping, totals and VAT, one line each', isRequired: true, isMultiline: true },
];

const ORDER_BODY = [
  'Dear {name},',
  '',
  'thank you for your order {orderNumber}.',
  '{notes}',
  '',
  '{lines}',
  '',
  '{totals}',
  '',
].join('\n');

export const MAIL_TEMPLATE_DEFINITIONS: Record<MailTemplateKind, MailTemplateDefinition> = {
  'order-confirmation': {
    label: 'Order confirmation',
    placeholders: ORDER_PLACEHOLDERS,
    builtIn: { subject: 'Order confirmation {orderNumber}', body: ORDER_BODY },
  },
  'order-confirmation-copy': {
    label: 'Receipt copy',
    placeholders: ORDER_PLACEHOLDERS,
    builtIn: { subject: 'Copy: Order confirmation {orderNumber}', body: ORDER_BODY },
  },
  'password-recovery': {
    label: 'Password recovery',
    placeholders: [
      { name: 'name', description: 'The user’s name', isRequired: false, isMultiline: false },
      {
        name: 'link',
        description: 'The one-time link that sets a new password (the mail is useless without it)',
        isRequired: true,
        isMultiline: false,
      },
      {
        name: 'validMinutes',
        description: 'How long the link works, in minutes',
        isRequired: false,
        isMultiline: false,
      },
    ],
    builtIn: {
      subject: 'Reset your password',
      body: [
        'Hello {name},',
        '',
        'somebody (we hope you) asked to reset the password of your account. Open this link to choose a new one:',
        '',
        '{link}',
        '',
        'The link works once and for {validMinutes} minutes. If you did not ask for it, ignore this mail: your password',
        'stays as it is.',
      ].join('\n'),
    },
  },
};

const PLACEHOLDER_PATTERN = /\{(\w*)\}/g;

function placeholdersIn(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER_PATTERN)].map((match) => match[1] ?? '');
}

export type TemplateProblem = { field: 'subject' | 'body'; message: string };

/**
 * What is wrong with a template of `kind`, as field errors: an unknown placeholder (a typo would reach every
 * customer as `{ordernumber}`), a multi-line one in the subject, a required one used nowhere (a recovery mail
 * without its link). Empty when it may be saved.
 */
export function findTemplateProblems(kind: MailTemplateKind, template: MailTemplateText): TemplateProblem[] {
  const { placeholders } = MAIL_TEMPLATE_DEFINITIONS[kind];
  const byName = new Map(placeholders.map((placeholder) => [placeholder.name, placeholder]));
  const known = placeholders.map((placeholder) => `{${placeholder.name}}`).join(', ');
  const problems: TemplateProblem[] = [];
  for (const field of ['subject', 'body'] as const) {
    for (const name of new Set(placeholdersIn(template[field]))) {
      const placeholder = byName.get(name);
      if (!placeholder) {
        problems.push({ field, message: `{${name}} is not a placeholder of this mail; it knows ${known}` });
      } else if (field === 'subject' && placeholder.isMultiline) {
        problems.push({ field, message: `{${name}} fills several lines: use it in the body` });
      }
    }
  }
  const used = new Set([...placeholdersIn(template.subject), ...placeholdersIn(template.body)]);
  for (const placeholder of placeholders) {
    if (placeholder.isRequired && !used.has(placeholder.name)) {
      problems.push({ field: 'body', message: `must contain {${placeholder.name}}: ${placeholder.description}` });
    }
  }
  return problems;
}

/**
 * Fills the placeholders in. A line that holds only a placeholder whose value is empty is left out (no gap where an
 * order has no reference or notes). Text in braces that is not a placeholder of the values stays as written.
 */
export function fillMailTemplate(text: string, values: Record<string, string>): string {
  return text
    .split('\n')
    .filter((line) => {
      const only = /^\{(\w+)\}$/.exec(line.trim());
      return !(only?.[1] !== undefined && values[only[1]] === '');
    })
    .map((line) => line.replace(PLACEHOLDER_PATTERN, (match, name: string) => values[name] ?? match))
    .join('\n');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The HTML part of a mail made from its plain text: each non-empty line a paragraph, escaped. */
export function mailTextToHtml(text: string): string {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('\n');
}

/** A filled-in mail: subject (one line), text, and the HTML part made from the text. */
export function renderMailTemplate(template: MailTemplateText, values: Record<string, string>) {
  const subject = fillMailTemplate(template.subject, values).replace(/\s+/g, ' ').trim();
  const text = fillMailTemplate(template.body, values);
  return { subject, text, html: mailTextToHtml(text) };
}
