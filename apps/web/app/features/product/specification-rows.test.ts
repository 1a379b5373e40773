import type { Specifications } from '@b2b/contract';
import { describe, expect, it } from 'vitest';
import { getSpecificationRows } from './specification-rows.ts';

describe('getSpecificationRows', () => {
  it('lists brand first, then the attributes $meta labels, skipping empty and unlabelled ones', () => {
    // zod's catchall type cannot express `$meta` next to the string attributes, hence the cast
    const specifications = {
      brand: 'Ridge',
      $meta: { material: 'Material', season: 'Season', sizes: 'Sizes', empty: 'Empty' },
      material: 'Maple',
      sizes: ['S', 'M'],
      season: 'SS25',
      empty: '',
      secret: 'not labelled',
    } as unknown as Specifications;
    const rows = getSpecificationRows(specifications);
    expect(rows).toEqual([
      { key: 'brand', label: 'Brand', value: 'Ridge' },
      { key: 'material', label: 'Material', value: 'Maple' },
      { key: 'season', label: 'Season', value: 'SS25' },
      { key: 'sizes', label: 'Sizes', value: 'S, M' },
    ]);
  });
});
