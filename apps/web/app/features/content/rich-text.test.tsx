import type { RichText } from '@b2b/contract';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { type OrderTerms, OrderTermsContext } from '~/lib/order-terms.ts';
import { toContentLink } from './content-link.ts';
import { RichTextView } from './rich-text.tsx';

function render(content: RichText, orderTerms: OrderTerms | null = null): string {
  return renderToStaticMarkup(
    <MemoryRouter>
      <OrderTermsContext value={orderTerms}>
        <RichTextView content={content} />
      </OrderTermsContext>
    </MemoryRouter>,
  );
}

const terms = (currencyCode: string, freeFreightFrom: number, below: number, fee: number): OrderTerms => ({
  areaId: 'eu',
  currencyCode,
  smallOrderSurcharge: { below, fee },
  freeFreightFrom,
  shippingMethods: [],
});

describe('rich text renderer', () => {
  it('renders paragraphs, headings and lists with bold and italic runs', () => {
    const html = render([
      { type: 'heading', level: 2, text: 'Delivery' },
      { type: 'paragraph', runs: [{ text: 'We ship ' }, { text: 'fast', bold: true }, { text: '!', italic: true }] },
      { type: 'list', ordered: true, items: [[{ text: 'one' }], [{ text: 'two' }]] },
    ]);
    expect(html).toContain('<h2');
    expect(html).toContain('>Delivery</h2>');
    expect(html).toContain('<p>We ship <strong>fast</strong><em>!</em></p>');
    expect(html).toMatch(/<ol[^>]*><li>one<\/li><li>two<\/li><\/ol>/);
  });

  it('escapes text: stored markup stays text', () => {
    const html = render([
      { type: 'paragraph', runs: [{ text: '<script>alert(1)</script><img src=x onerror=alert(2)>' }] },
      { type: 'heading', level: 3, text: '<b>bold?</b>' },
    ]);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('links site paths in-app and other sites with rel noopener', () => {
    const html = render([
      {
        type: 'paragraph',
        runs: [
          { text: 'terms', href: '/terms' },
          { text: 'partner', href: 'https://example.com/a?b=1' },
          { text: 'mail us', href: 'mailto:shop@example.com' },
        ],
      },
    ]);
    // an in-app <Link>: no rel, router-discoverable
    expect(html).toMatch(/<a class="[^"]*" href="\/terms" data-discover="true">terms<\/a>/);
    expect(html).toContain('<a href="https://example.com/a?b=1" rel="noopener noreferrer"');
    expect(html).toContain('href="mailto:shop@example.com"');
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    '//evil.example/path',
    '/\\evil.example',
  ])('never renders %j as a link', (href) => {
    const html = render([{ type: 'paragraph', runs: [{ text: 'click', href }] }]);
    expect(html).toBe('<div class="flex flex-col gap-3 leading-relaxed"><p>click</p></div>');
    expect(toContentLink(href)).toBeNull();
  });
});

describe('amounts of money in rich text (issue 24)', () => {
  const content: RichText = [
    {
      type: 'paragraph',
      runs: [
        { text: 'Free freight from ' },
        { type: 'money', term: 'freeFreightFrom' },
        { text: '; under ' },
        { type: 'money', term: 'smallOrderSurchargeBelow' },
        { text: ' a surcharge of ' },
        { type: 'money', term: 'smallOrderSurchargeFee', bold: true },
        { text: '.' },
      ],
    },
    { type: 'list', ordered: false, items: [[{ type: 'money', term: 'freeFreightFrom' }]] },
  ];
  const textOf = (html: string) => html.replace(/<[^>]+>/g, '').replace(/\s/g, ' ');

  it("shows each named amount in the viewer's currency: the same text reads EUR, NOK or USD", () => {
    expect(textOf(render(content, terms('EUR', 500, 100, 9.95)))).toBe(
      'Free freight from €500.00; under €100.00 a surcharge of €9.95.€500.00',
    );
    expect(textOf(render(content, terms('XNOK', 5000, 1000, 99)))).toBe(
      'Free freight from NOK 5,000.00; under NOK 1,000.00 a surcharge of NOK 99.00.NOK 5,000.00',
    );
    expect(textOf(render(content, { ...terms('USD', 500, 100, 9.95), areaId: 'us' }))).toContain(
      'Free freight from US$500.00',
    );
  });

  it('marks each amount with its term, bold where asked, and never breaks it over two lines', () => {
    const html = render(content, terms('EUR', 500, 100, 9.95));
    expect(html).toContain('<span class="whitespace-nowrap" data-money-term="freeFreightFrom">€500.00</span>');
    expect(html).toContain('<strong><span class="whitespace-nowrap" data-money-term="smallOrderSurchargeFee">€9.95');
  });

  it('shows a dash while the terms are unknown, never a figure of another currency', () => {
    expect(textOf(render(content))).toBe('Free freight from –; under – a surcharge of –.–');
  });
});
