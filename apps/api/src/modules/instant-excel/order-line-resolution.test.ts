import { describe, expect, it } from 'vitest';
import type { OrderLineMatchRow } from './instant-excel.repository.ts';
import { groupMatches, lookupFormsOf, resolveItemNumber, resolveVariantKey } from './order-line-resolution.ts';

function match(
  fields: Partial<OrderLineMatchRow> & Pick<OrderLineMatchRow, 'number' | 'productId'>,
): OrderLineMatchRow {
  return {
    variantId: null,
    variantCount: 0,
    firstVariantId: null,
    name: 'Helmet',
    size: null,
    colour: null,
    unitOfMeasure: 'STK',
    maxLineQuantity: null,
    isDiscontinued: false,
    available: 5,
    newStockDate: null,
    listUnitPriceMinor: 2_000,
    groupUnitPriceMinor: 1_750,
    ...fields,
  };
}

const matches = groupMatches([
  match({ number: 'AB-1-01', productId: 'AB-1', variantId: 'AB-1-01', variantCount: 2, size: 'M', colour: 'Black' }),
  match({ number: 'AB-1', productId: 'AB-1', variantCount: 2, firstVariantId: 'AB-1-01' }),
  match({ number: 'ONE', productId: 'ONE', variantId: 'ONE-01', variantCount: 1 }),
  match({ number: 'OLD', productId: 'OLD', isDiscontinued: true }),
  match({ number: 'USD', productId: 'USD', listUnitPriceMinor: null, groupUnitPriceMinor: null }),
  match({ number: 'LIST', productId: 'LIST', groupUnitPriceMinor: null }),
]);

describe('resolveItemNumber', () => {
  it('orders a variant by its number, in any case, at the group price', () => {
    expect(resolveItemNumber(' ab-1-01 ', matches)).toEqual({
      status: 'orderable',
      line: {
        productKey: { productId: 'AB-1', variantId: 'AB-1-01', unitOfMeasure: 'STK' },
        name: 'Helmet',
        variantLabel: 'M Black',
        netUnitPrice: 17.5,
        availableQuantity: 5,
        newStockDate: null,
        maxLineQuantity: 1_000,
      },
    });
  });

  it.each([
    ['AB-1', { status: 'needsVariant', name: 'Helmet', exampleVariantId: 'AB-1-01' }],
    ['OLD', { status: 'discontinued', name: 'Helmet', exampleVariantId: null }],
    ['USD', { status: 'notSoldInCurrency', name: 'Helmet', exampleVariantId: null }],
    ['NOPE', { status: 'unknownItem', name: null, exampleVariantId: null }],
    ['', { status: 'unknownItem', name: null, exampleVariantId: null }],
  ])('%j → %j', (itemNumber, expected) => {
    expect(resolveItemNumber(itemNumber, matches)).toEqual(expected);
  });

  it('orders the only variant of a product by the product number, and the list price without a group price', () => {
    expect(resolveItemNumber('ONE', matches)).toMatchObject({ line: { productKey: { variantId: 'ONE-01' } } });
    expect(resolveItemNumber('LIST', matches)).toMatchObject({ line: { netUnitPrice: 20 } });
  });
});

describe('resolveVariantKey', () => {
  it('resolves a key of a variant of the product, and nothing for a key that no longer matches', () => {
    expect(resolveVariantKey({ productId: 'AB-1', variantId: 'AB-1-01' }, matches)).toMatchObject({
      status: 'orderable',
    });
    expect(resolveVariantKey({ productId: 'OTHER', variantId: 'AB-1-01' }, matches)).toBeNull();
    expect(resolveVariantKey({ productId: 'GONE', variantId: null }, matches)).toBeNull();
  });
});

describe('lookupFormsOf', () => {
  it('looks a number up as typed and in upper case', () => {
    expect(lookupFormsOf(' ab-1 ')).toEqual(['ab-1', 'AB-1']);
    expect(lookupFormsOf('AB-1')).toEqual(['AB-1']);
    expect(lookupFormsOf('  ')).toEqual([]);
  });
});
