import { describe, expect, it } from 'vitest';
import { fillMailTemplate, findTemplateProblems, mailTextToHtml, renderMailTemplate } from './mail-templates.ts';

describe('findTemplateProblems', () => {
  it('accepts the built-in texts', () => {
    expect(
      findTemplateProblems('password-recovery', { subject: 'Reset your password', body: 'Hi {name}: {link}' }),
    ).toEqual([]);
  });

  it('names an unknown placeholder with the ones the mail knows, a multi-line one in the subject, a missing one', () => {
    const problems = findTemplateProblems('order-confirmation', {
      subject: 'Order {orderNumber} {lines}',
      body: 'Dear {Name}\n{lines}',
    });
    expect(problems).toEqual([
      { field: 'subject', message: '{lines} fills several lines: use it in the body' },
      {
        field: 'body',
        message:
          '{Name} is not a placeholder of this mail; it knows {name}, {orderNumber}, {customerName}, {reference}, ' +
          '{total}, {notes}, {lines}, {totals}',
      },
      { field: 'body', message: 'must contain {totals}: Shipping, totals and VAT, one line each' },
    ]);
  });

  it('counts empty braces as an unknown placeholder', () => {
    expect(findTemplateProblems('password-recovery', { subject: 'x', body: '{link} {}' })[0]?.message).toContain(
      '{} is not a placeholder',
    );
  });
});

describe('fillMailTemplate', () => {
  it('fills placeholders, leaves out a line holding only an empty one, and keeps other braces', () => {
    const text = fillMailTemplate('Hi {name},\n{notes}\n  {reference}  \nRef: {reference} {other}', {
      name: 'Ada',
      notes: '',
      reference: '',
    });
    expect(text).toBe('Hi Ada,\nRef:  {other}');
  });

  it('does not fill placeholders inside values', () => {
    expect(fillMailTemplate('{name}', { name: '{link}', link: 'x' })).toBe('{link}');
  });
});

describe('renderMailTemplate', () => {
  it('makes the subject one line and the HTML a paragraph per line, escaped', () => {
    const mail = renderMailTemplate(
      { subject: 'Order {notes}', body: 'Dear {name},\n\n{notes}' },
      {
        name: 'Ada & <Co>',
        notes: 'one\ntwo',
      },
    );
    expect(mail.subject).toBe('Order one two');
    expect(mail.text).toBe('Dear Ada & <Co>,\n\none\ntwo');
    expect(mail.html).toBe('<p>Dear Ada &#38; &#60;Co&#62;,</p>\n<p>one</p>\n<p>two</p>');
    expect(mailTextToHtml('\n\n')).toBe('');
  });
});
