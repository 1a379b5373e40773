import { contentDocumentBodySchema } from '@b2b/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  defaultValueOf,
  fieldKindOf,
  fieldLabel,
  matchVariant,
  moveItem,
  resolveNode,
  type SchemaNode,
  variantLabel,
  variantsOf,
} from './schema-form-model.ts';

// The editor is generated from the same JSON Schema the loader makes of the contract's page body.
const pageVariant = contentDocumentBodySchema.options[0];
const root = z.toJSONSchema(pageVariant, { io: 'input', unrepresentable: 'any' }) as SchemaNode;
const blockNode = resolveNode(root, root.properties?.blocks?.items as SchemaNode);
const blockVariants = variantsOf(blockNode) ?? [];

describe('the page body schema as the editor reads it', () => {
  it('offers every block type of the contract by name', () => {
    expect(blockVariants.map((variant) => variantLabel(root, variant))).toEqual([
      'Hero',
      'Rich text',
      'Product carousel',
      'Category tiles',
      'Banner',
      'Form',
      'Faq',
      'Element',
      'Shipping methods',
    ]);
  });

  it('starts a new hero with its required fields, a fresh id and no optional ones', () => {
    const hero = defaultValueOf(root, blockVariants[0] as SchemaNode) as Record<string, unknown>;
    expect(hero).toMatchObject({ type: 'hero', heading: '', image: { path: '', alt: '', width: 1, height: 1 } });
    expect(hero.id).toMatch(/^block-[a-z0-9]+$/);
    expect(hero).not.toHaveProperty('callToAction');
    // what the editor starts with is what the schema describes, apart from the texts the editor must fill
    const filled = { ...hero, heading: 'Winter', image: { path: 'content/a.jpg', alt: '', width: 1, height: 1 } };
    expect(pageVariant.shape.blocks.element.safeParse(filled).success).toBe(true);
  });

  it('tells the shapes of a value apart: a block by its type, a banner text by being text or runs', () => {
    expect(matchVariant(root, blockVariants, { type: 'faq' })).toBe(6);
    const banner = resolveNode(root, blockVariants[4] as SchemaNode);
    const textVariants = variantsOf(resolveNode(root, banner.properties?.text as SchemaNode)) ?? [];
    expect(matchVariant(root, textVariants, 'Free freight')).toBe(0);
    expect(matchVariant(root, textVariants, [{ text: 'Free freight from ' }])).toBe(1);
  });

  it('follows the rich text reference to its paragraphs, headings and lists', () => {
    const richText = resolveNode(root, blockVariants[1] as SchemaNode);
    const content = resolveNode(root, richText.properties?.content as SchemaNode);
    expect(fieldKindOf(content)).toBe('array');
    const nodes = variantsOf(resolveNode(root, content.items as SchemaNode)) ?? [];
    expect(nodes.map((node) => variantLabel(root, node))).toEqual(['Paragraph', 'Heading', 'List']);
  });
});

describe('moveItem and fieldLabel', () => {
  it('moves an item by one and leaves the list alone past its ends', () => {
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
  });

  it('turns camelCase names into labels', () => {
    expect(fieldLabel('callToAction')).toBe('Call to action');
    expect(fieldLabel('productIds')).toBe('Product ids');
  });
});
