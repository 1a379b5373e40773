import type { z } from 'zod';
import { type FacetField, type FacetSelection, getProductsBySearchBody } from './search.ts';

/** What each facet field holds: checkbox facets hold text; sliders hold numbers or dates (yyyy-mm-dd). */
export const FACET_VALUE_TYPES: Record<FacetField, 'text' | 'number' | 'date'> = {
  brand: 'text',
  category: 'text',
  size: 'text',
  colour: 'text',
  material: 'text',
  gender: 'text',
  season: 'text',
  stockLevel: 'number',
  newStockDate: 'date',
};

const NUMBER_PATTERN = /^-?\d+(\.\d+)?$/;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `text` is a real calendar date written yyyy-mm-dd. */
export function isIsoDate(text: string): boolean {
  const match = DATE_PATTERN.exec(text);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === text;
}

/**
 * A slider bound as a comparable number (dates as days since 1970-01-01), null when not set (an empty string
 * counts as not set), undefined when it is not a valid value of the field's type.
 */
export function parseSliderBound(field: FacetField, text: string | undefined): number | null | undefined {
  const trimmed = text?.trim() ?? '';
  if (trimmed === '') return null;
  if (FACET_VALUE_TYPES[field] === 'date')
    return isIsoDate(trimmed) ? Date.parse(`${trimmed}T00:00:00Z`) / 86_400_000 : undefined;
  return NUMBER_PATTERN.test(trimmed) ? Number(trimmed) : undefined;
}

type Issue = { path: Array<string | number>; message: string };

/** Rules a facet selection must follow beyond its shape (spec §2 listing pages, §5 sliders). */
export function checkFacetSelections(facets: readonly FacetSelection[]): Issue[] {
  const issues: Issue[] = [];
  const seen = new Set<string>();
  facets.forEach((facet, index) => {
    const path = (key: string) => ['facets', index, key];
    if (seen.has(facet.field)) issues.push({ path: path('field'), message: 'is selected more than once' });
    seen.add(facet.field);
    const valueType = FACET_VALUE_TYPES[facet.field];
    if (facet.type === 'Slider') {
      if (valueType === 'text') {
        issues.push({
          path: path('type'),
          message: `must be CheckboxAnd or CheckboxOr: ${facet.field} is not a number or date field`,
        });
        return;
      }
      if (facet.values !== undefined && facet.values.length > 0) {
        issues.push({ path: path('values'), message: 'is not allowed on a Slider; use min and max' });
      }
      const reason = valueType === 'date' ? 'must be a date as yyyy-mm-dd' : 'must be a number';
      const min = parseSliderBound(facet.field, facet.min);
      const max = parseSliderBound(facet.field, facet.max);
      if (min === undefined) issues.push({ path: path('min'), message: reason });
      if (max === undefined) issues.push({ path: path('max'), message: reason });
      if (typeof min === 'number' && typeof max === 'number' && min > max) {
        issues.push({ path: path('min'), message: 'must not be greater than max' });
      }
      return;
    }
    if (valueType !== 'text') {
      issues.push({ path: path('type'), message: `must be Slider: ${facet.field} is a ${valueType} field` });
      return;
    }
    if (facet.min !== undefined) issues.push({ path: path('min'), message: 'is only allowed on a Slider' });
    if (facet.max !== undefined) issues.push({ path: path('max'), message: 'is only allowed on a Slider' });
  });
  return issues;
}

/**
 * POST /api/Product/GetProductsBySearch with the facet rules checked: a Slider only on stockLevel / newStockDate,
 * bounds of the field's type (numbers, or dates as yyyy-mm-dd), min ≤ max, each field once.
 */
export const getProductsBySearchRefinedBody = getProductsBySearchBody.superRefine((body, context) => {
  for (const issue of checkFacetSelections(body.facets)) context.addIssue({ code: 'custom', ...issue });
});
export type GetProductsBySearchRefinedBody = z.infer<typeof getProductsBySearchRefinedBody>;
