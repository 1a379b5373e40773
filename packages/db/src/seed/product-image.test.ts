import { describe, expect, it } from 'vitest';
import { CATEGORY_TREE, COLOURS } from './catalogue-data.ts';
import { DRAWN_LEAF_SLUGS, renderProductSvg, toProductImagePath } from './product-image.ts';

describe('generated product images', () => {
  it('draws every leaf category of the catalogue as its own product type', () => {
    const leaves = CATEGORY_TREE.flatMap((root) => root.children.map((leaf) => leaf.slug));
    expect(leaves.filter((slug) => !DRAWN_LEAF_SLUGS.has(slug))).toEqual([]);
    const drawings = new Set(
      leaves.map((slug) => renderProductSvg({ leafSlug: slug, colour: '#dc2626', brandName: 'B', label: 'L' })),
    );
    expect(drawings.size).toBe(leaves.length);
  });

  it('paints the product in the colour and outlines it, so white and yellow products read on white', () => {
    for (const colour of COLOURS) {
      const svg = renderProductSvg({
        leafSlug: 'helmets',
        colour: colour.hex,
        brandName: 'Ridge & Co',
        label: 'Helmet',
      });
      expect(svg).toContain(`fill="${colour.hex}"`);
      expect(svg).toContain('stroke="#1f2937"');
      expect(svg).toContain('Ridge &amp; Co');
      expect(svg.length).toBeLessThan(4_000);
    }
  });

  it('names an image by product type, brand and colour, so products share it', () => {
    expect(toProductImagePath({ leafSlug: 'helmets', brandId: 'ironclad', colourName: 'Red' })).toBe(
      'products/helmets/ironclad-red.svg',
    );
  });
});
