import { describe, expect, it } from 'vitest';
import { getProductsBySearchRefinedBody, parseSliderBound } from './search-rules.ts';

const area = { areaId: 'eu', languageCode: 'en-GB', currencyCode: 'EUR' } as const;

function issuesOf(facets: unknown[]): Array<{ path: string; message: string }> {
  const result = getProductsBySearchRefinedBody.safeParse({ area, facets });
  return result.success
    ? []
    : result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

describe('getProductsBySearchRefinedBody', () => {
  it.each<[string, unknown[]]>([
    [
      'checkbox facets',
      [
        { field: 'brand', type: 'CheckboxOr', values: ['bb'] },
        { field: 'size', type: 'CheckboxAnd', values: ['M'] },
      ],
    ],
    ['a number slider', [{ field: 'stockLevel', type: 'Slider', min: '1', max: '10' }]],
    ['a date slider with one bound', [{ field: 'newStockDate', type: 'Slider', min: '2025-01-31' }]],
    ['a slider with no bound (ignored, spec §5)', [{ field: 'stockLevel', type: 'Slider' }]],
    ['an empty bound counts as not set', [{ field: 'stockLevel', type: 'Slider', min: '', max: '4' }]],
  ])('accepts %s', (_, facets) => {
    expect(issuesOf(facets)).toEqual([]);
  });

  it.each<[string, unknown[], { path: string; message: string }]>([
    [
      'a Slider on a text field',
      [{ field: 'brand', type: 'Slider', min: '1' }],
      { path: 'facets.0.type', message: expect.stringContaining('CheckboxAnd or CheckboxOr') },
    ],
    [
      'a checkbox on a number field',
      [{ field: 'stockLevel', type: 'CheckboxOr', values: ['1'] }],
      { path: 'facets.0.type', message: expect.stringContaining('must be Slider') },
    ],
    [
      'a date that is not yyyy-mm-dd',
      [{ field: 'newStockDate', type: 'Slider', min: '01/02/2025' }],
      { path: 'facets.0.min', message: 'must be a date as yyyy-mm-dd' },
    ],
    [
      'a date that does not exist',
      [{ field: 'newStockDate', type: 'Slider', max: '2025-02-30' }],
      { path: 'facets.0.max', message: 'must be a date as yyyy-mm-dd' },
    ],
    [
      'a number that is not one',
      [{ field: 'stockLevel', type: 'Slider', max: 'ten' }],
      { path: 'facets.0.max', message: 'must be a number' },
    ],
    [
      'min above max',
      [{ field: 'stockLevel', type: 'Slider', min: '10', max: '2' }],
      { path: 'facets.0.min', message: 'must not be greater than max' },
    ],
    [
      'min above max for dates',
      [{ field: 'newStockDate', type: 'Slider', min: '2025-02-01', max: '2025-01-01' }],
      { path: 'facets.0.min', message: 'must not be greater than max' },
    ],
    [
      'values on a slider',
      [{ field: 'stockLevel', type: 'Slider', values: ['1'] }],
      { path: 'facets.0.values', message: expect.any(String) },
    ],
    [
      'min on a checkbox',
      [{ field: 'size', type: 'CheckboxOr', min: '1' }],
      { path: 'facets.0.min', message: 'is only allowed on a Slider' },
    ],
    [
      'the same field twice',
      [
        { field: 'size', type: 'CheckboxOr', values: ['M'] },
        { field: 'size', type: 'CheckboxAnd', values: ['L'] },
      ],
      { path: 'facets.1.field', message: 'is selected more than once' },
    ],
    [
      'an unknown field',
      [{ field: 'price', type: 'Slider', min: '1' }],
      { path: 'facets.0.field', message: expect.any(String) },
    ],
  ])('refuses %s', (_, facets, expected) => {
    expect(issuesOf(facets)).toContainEqual(expected);
  });
});

describe('parseSliderBound', () => {
  it.each([
    ['stockLevel', '12', 12],
    ['stockLevel', '-3.5', -3.5],
    ['stockLevel', ' ', null],
    ['stockLevel', undefined, null],
    ['stockLevel', '1e3', undefined],
    ['newStockDate', '1970-01-02', 1],
    ['newStockDate', '2024-02-29', 19_782],
    ['newStockDate', '2023-02-29', undefined],
  ] as const)('%s %j → %j', (field, text, expected) => {
    expect(parseSliderBound(field, text)).toBe(expected);
  });
});
