import { describe, expect, it } from 'vitest';
import { contentBlockSchema, contentDocumentBodySchema, isInAudience, richTextSchema } from './content-blocks.ts';

describe('content audiences (modals and blocks)', () => {
  it('puts logged-in users and anonymous visitors in their own audiences, and both in everyone', () => {
    expect(isInAudience('everyone', false)).toBe(true);
    expect(isInAudience('everyone', true)).toBe(true);
    expect(isInAudience('anonymous', false)).toBe(true);
    expect(isInAudience('anonymous', true)).toBe(false);
    expect(isInAudience('logged-in', true)).toBe(true);
    expect(isInAudience('logged-in', false)).toBe(false);
  });

  it('shows a block without an audience to everyone', () => {
    expect(isInAudience(undefined, false)).toBe(true);
    expect(isInAudience(undefined, true)).toBe(true);
  });

  it('takes an audience on every kind of block and refuses an unknown one', () => {
    const banner = { id: 'b', type: 'banner', text: 'Hi', tone: 'info' } as const;
    expect(contentBlockSchema.parse({ ...banner, audience: 'anonymous' })).toMatchObject({ audience: 'anonymous' });
    expect(contentBlockSchema.parse({ id: 'e', type: 'element', elementId: 'x', audience: 'logged-in' })).toMatchObject(
      {
        audience: 'logged-in',
      },
    );
    expect(contentBlockSchema.safeParse({ ...banner, audience: 'staff' }).success).toBe(false);
  });
});

describe('amounts of money in content (issue 24)', () => {
  const money = (term: string) => ({ type: 'money', term });

  it('takes a named amount of the order terms in paragraphs, list items and banners', () => {
    const text = [
      { type: 'paragraph', runs: [{ text: 'Free freight from ' }, money('freeFreightFrom')] },
      { type: 'list', ordered: false, items: [[money('smallOrderSurchargeBelow'), { text: ' or more' }]] },
    ];
    expect(richTextSchema.parse(text)).toEqual(text);
    const banner = {
      id: 'b',
      type: 'banner',
      text: [{ text: 'Under ' }, money('smallOrderSurchargeBelow')],
      tone: 'info',
    };
    expect(contentBlockSchema.parse(banner)).toEqual(banner);
    // plain text stays valid: documents stored before keep working
    expect(contentBlockSchema.safeParse({ ...banner, text: 'Free freight' }).success).toBe(true);
  });

  it('refuses an amount it does not know, an amount written with its figure, and extra fields', () => {
    const paragraphWith = (run: object) => [{ type: 'paragraph', runs: [run] }];
    expect(richTextSchema.safeParse(paragraphWith(money('discount'))).success).toBe(false);
    expect(richTextSchema.safeParse(paragraphWith({ ...money('freeFreightFrom'), amount: 500 })).success).toBe(false);
    expect(richTextSchema.safeParse(paragraphWith({ ...money('freeFreightFrom'), href: '/x' })).success).toBe(false);
    expect(richTextSchema.safeParse(paragraphWith({ type: 'money' })).success).toBe(false);
  });

  it('has a shippingMethods block that stores nothing but its heading', () => {
    const page = {
      kind: 'page',
      description: 'Delivery',
      template: 'page',
      categoryId: null,
      blocks: [{ id: 'methods', type: 'shippingMethods', heading: 'Shipping methods' }],
    };
    expect(contentDocumentBodySchema.parse(page)).toEqual(page);
    const withFees = { ...page, blocks: [{ ...page.blocks[0], methods: [{ name: 'Standard', fee: 14.95 }] }] };
    expect(contentDocumentBodySchema.safeParse(withFees).success).toBe(false);
  });
});
