import type { RichText } from '@b2b/contract';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { toContentLink } from './content-link.ts';
import { RichTextView } from './rich-text.tsx';

function render(content: RichText): string {
  return renderToStaticMarkup(
    <MemoryRouter>
      <RichTextView content={content} />
    </MemoryRouter>,
  );
}

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
    expect(html).toBe('<div class="flex flex-col gap-3 leading-relaxed "><p>click</p></div>');
    expect(toContentLink(href)).toBeNull();
  });
});
