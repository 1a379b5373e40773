import { type CampaignQuantity, sortCampaignQuantities } from '@b2b/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CampaignLineInput,
  type CampaignPricingInput,
  percentOfMinor,
  priceLinesByCampaigns,
} from './campaign-pricing.ts';
import { type CalculationLineInput, calculateCart } from './cart-calculation.ts';

/** Levels as a buyer reads them (lowest first), stored highest first (ADR 029). */
function levels(...entries: [minimumQuantity: number, discountPercentage: number][]): CampaignQuantity[] {
  return sortCampaignQuantities(
    entries.map(([minimumQuantity, discountPercentage]) => ({ minimumQuantity, discountPercentage })),
  );
}

function campaign(fields: Partial<CampaignPricingInput> & { campaignId: string }): CampaignPricingInput {
  return {
    name: `Campaign ${fields.campaignId}`,
    campaignType: 'Campaign',
    quantities: levels([12, 10], [24, 15]),
    productIds: ['A'],
    ...fields,
  };
}

function cartLine(fields: Partial<CampaignLineInput> & { id: string }): CampaignLineInput {
  return { parentId: null, productId: 'A', quantity: 1, netLinePriceMinor: 10_000, ...fields };
}

describe('priceLinesByCampaigns', () => {
  it('Campaign counts the product over all its lines (variants), not the other products', () => {
    const priced = priceLinesByCampaigns(
      [
        cartLine({ id: 'a1', quantity: 7, netLinePriceMinor: 7_000 }),
        cartLine({ id: 'a2', quantity: 5, netLinePriceMinor: 5_000 }),
        cartLine({ id: 'b', productId: 'B', quantity: 30, netLinePriceMinor: 30_000 }),
      ],
      [campaign({ campaignId: 'C', productIds: ['A', 'B'] })],
    );
    expect(priced.get('a1')).toMatchObject({
      countedQuantity: 12,
      currentLevel: { minimumQuantity: 12, discountPercentage: 10 },
      nextLevel: { minimumQuantity: 24, discountPercentage: 15 },
      quantityToNextLevel: 12,
      discountMinor: 700,
    });
    expect(priced.get('a2')?.discountMinor).toBe(500);
    expect(priced.get('b')).toMatchObject({ countedQuantity: 30, nextLevel: null, discountMinor: 4_500 });
  });

  it('MixMatch sums the range: 5 + 7 of two products reach the 12-piece level on both', () => {
    const priced = priceLinesByCampaigns(
      [
        cartLine({ id: 'a', quantity: 5, netLinePriceMinor: 5_000 }),
        cartLine({ id: 'b', productId: 'B', quantity: 7, netLinePriceMinor: 3_500 }),
        cartLine({ id: 'x', productId: 'X', quantity: 100, netLinePriceMinor: 100_000 }),
      ],
      [campaign({ campaignId: 'M', campaignType: 'MixMatch', productIds: ['A', 'B', 'Z'] })],
    );
    expect(priced.get('a')).toMatchObject({ countedQuantity: 12, quantityToNextLevel: 12, discountMinor: 500 });
    expect(priced.get('b')).toMatchObject({ countedQuantity: 12, discountMinor: 350 });
    expect(priced.has('x')).toBe(false);
  });

  it('exactly at a minimum reaches the level; one below does not and says what is missing', () => {
    const at = priceLinesByCampaigns([cartLine({ id: 'a', quantity: 12 })], [campaign({ campaignId: 'C' })]);
    expect(at.get('a')).toMatchObject({ currentLevel: { minimumQuantity: 12 }, discountMinor: 1_000 });
    const below = priceLinesByCampaigns([cartLine({ id: 'a', quantity: 11 })], [campaign({ campaignId: 'C' })]);
    expect(below.get('a')).toEqual({
      campaignId: 'C',
      name: 'Campaign C',
      campaignType: 'Campaign',
      countedQuantity: 11,
      currentLevel: null,
      nextLevel: { minimumQuantity: 12, discountPercentage: 10 },
      quantityToNextLevel: 1,
      discountMinor: 0,
    });
  });

  it('a 0 % level is never current, nor a nudge: the 10 % level below it applies', () => {
    const priced = priceLinesByCampaigns(
      [cartLine({ id: 'a', quantity: 30 })],
      [campaign({ campaignId: 'C', quantities: levels([12, 10], [24, 0]) })],
    );
    expect(priced.get('a')).toMatchObject({
      currentLevel: { minimumQuantity: 12, discountPercentage: 10 },
      nextLevel: { minimumQuantity: 24, discountPercentage: 0 },
      quantityToNextLevel: null,
      discountMinor: 1_000,
    });
    const allZero = priceLinesByCampaigns(
      [cartLine({ id: 'a', quantity: 30 })],
      [campaign({ campaignId: 'C', quantities: levels([1, 0]) })],
    );
    expect(allZero.get('a')).toMatchObject({ currentLevel: null, quantityToNextLevel: null, discountMinor: 0 });
  });

  it('two campaigns: the larger discount on the line wins, per line', () => {
    const priced = priceLinesByCampaigns(
      [
        cartLine({ id: 'a', quantity: 12 }),
        cartLine({ id: 'b', productId: 'B', quantity: 1, netLinePriceMinor: 1_000 }),
      ],
      [
        campaign({ campaignId: 'OWN', quantities: levels([12, 10]), productIds: ['A'] }),
        // The range holds 13 pieces: 8 % on both lines; A's own campaign gives it 10 %.
        campaign({ campaignId: 'MIX', campaignType: 'MixMatch', quantities: levels([13, 8]), productIds: ['A', 'B'] }),
      ],
    );
    expect(priced.get('a')).toMatchObject({ campaignId: 'OWN', discountMinor: 1_000 });
    expect(priced.get('b')).toMatchObject({ campaignId: 'MIX', discountMinor: 80 });
  });

  it('ties: the higher level, then the nearest next level, then the lower campaign id — whatever the load order', () => {
    const nearer = campaign({ campaignId: 'Z', quantities: levels([12, 10]) });
    const farther = campaign({ campaignId: 'A', quantities: levels([20, 10]) });
    const line = [cartLine({ id: 'a', quantity: 10 })];
    expect(priceLinesByCampaigns(line, [farther, nearer]).get('a')?.campaignId).toBe('Z');
    expect(priceLinesByCampaigns(line, [nearer, farther]).get('a')?.campaignId).toBe('Z');
    const twin = campaign({ campaignId: 'B', quantities: levels([12, 10]) });
    expect(priceLinesByCampaigns(line, [nearer, twin]).get('a')?.campaignId).toBe('B');
    expect(priceLinesByCampaigns(line, [twin, nearer]).get('a')?.campaignId).toBe('B');
  });

  it('bundle components are neither discounted nor counted', () => {
    const priced = priceLinesByCampaigns(
      [
        cartLine({ id: 'bundle', productId: 'BUNDLE', quantity: 2, netLinePriceMinor: 20_000 }),
        cartLine({ id: 'part', parentId: 'bundle', productId: 'A', quantity: 20, netLinePriceMinor: 0 }),
        cartLine({ id: 'a', quantity: 2 }),
      ],
      [campaign({ campaignId: 'C' })],
    );
    expect(priced.has('part')).toBe(false);
    expect(priced.get('a')).toMatchObject({ countedQuantity: 2, discountMinor: 0 });
  });

  it('rounds half up per line, to the cent', () => {
    // 12.5 % of 0.04 = 0.005 → 0.01; 12.5 % of 0.03 = 0.00375 → 0.00; 33.33 % of 100.01 = 33.333333 → 33.33
    expect(percentOfMinor(4, 1250)).toBe(1);
    expect(percentOfMinor(3, 1250)).toBe(0);
    expect(percentOfMinor(10_001, 3333)).toBe(3_333);
    expect(percentOfMinor(Number.MAX_SAFE_INTEGER, 10_000)).toBe(Number.MAX_SAFE_INTEGER);
    const priced = priceLinesByCampaigns(
      [cartLine({ id: 'a', quantity: 12, netLinePriceMinor: 4 })],
      [campaign({ campaignId: 'C', quantities: levels([12, 12.5]) })],
    );
    expect(priced.get('a')?.discountMinor).toBe(1);
  });
});

describe('calculateCart with campaigns', () => {
  function calculationLine(fields: Partial<CalculationLineInput> & { id: string }): CalculationLineInput {
    return {
      parentId: null,
      productId: 'A',
      variantId: null,
      unitOfMeasure: 'STK',
      name: fields.id,
      quantity: 1,
      priceRows: { listUnitPriceMinor: 1_000, listBeforePriceMinor: null, netUnitPriceMinor: 800 },
      availableQuantity: 1_000,
      ...fields,
    };
  }

  it('takes the campaign off the net price: discount = price agreement + campaigns; goods after it', () => {
    const result = calculateCart({
      lines: [calculationLine({ id: 'a', quantity: 12 })],
      vatRateBasisPoints: 2500,
      shipping: { shippingMethodId: 'm', name: 'm', feeMinor: 500, freeAboveMinor: 9_000 },
      smallOrderSurcharge: { belowMinor: 9_000, feeMinor: 995 },
      campaigns: [campaign({ campaignId: 'C' })],
    });
    // 12 × 8.00 = 96.00 net; 10 % = 9.60 → 86.40, below 90.00: surcharge and the fee are charged.
    expect(result.lines[0]).toMatchObject({ netUnitPriceMinor: 800, netLinePriceMinor: 8_640 });
    expect(result.lines[0]?.campaign).toMatchObject({ campaignId: 'C', discountMinor: 960 });
    expect(result.goodsNetMinor).toBe(8_640);
    expect(result.priceAgreementDiscountMinor).toBe(2_400);
    expect(result.campaignDiscountMinor).toBe(960);
    expect(result.discountMinor).toBe(3_360);
    expect(result.lines.map((line) => line.type)).toEqual(['Product', 'Generated']);
    expect(result.shippingFeeMinor).toBe(500);
    expect(result.totalNetMinor).toBe(8_640 + 995 + 500);
  });

  const quantities = fc
    .uniqueArray(
      fc.record({
        minimumQuantity: fc.integer({ min: 1, max: 40 }),
        discountPercentage: fc.integer({ min: 0, max: 10_000 }).map((basisPoints) => basisPoints / 100),
      }),
      { minLength: 0, maxLength: 4, selector: (entry) => entry.minimumQuantity },
    )
    .map(sortCampaignQuantities);
  const products = ['A', 'B', 'C', 'D'];
  const cartInput = fc.record({
    lines: fc.array(
      fc.record({
        productId: fc.constantFrom(...products),
        quantity: fc.integer({ min: 1, max: 30 }),
        netUnitMinor: fc.integer({ min: 0, max: 100_000 }),
        listUnitMinor: fc.integer({ min: 0, max: 100_000 }),
        isComponent: fc.boolean(),
      }),
      { maxLength: 12 },
    ),
    campaigns: fc.array(
      fc.record({
        campaignType: fc.constantFrom('Campaign' as const, 'MixMatch' as const),
        quantities,
        productIds: fc.subarray(products, { minLength: 1 }),
      }),
      { maxLength: 5 },
    ),
    vat: fc.constantFrom(0, 2500, 1250),
  });

  it('for random carts and campaigns: lines add up to the total to the cent, no discount beyond its level', () => {
    fc.assert(
      fc.property(cartInput, ({ lines: drawn, campaigns: drawnCampaigns, vat }) => {
        const lines = drawn.map((drawnLine, index) =>
          calculationLine({
            id: String(index),
            parentId: drawnLine.isComponent && index > 0 ? '0' : null,
            productId: drawnLine.productId,
            quantity: drawnLine.quantity,
            priceRows: {
              listUnitPriceMinor: drawnLine.listUnitMinor,
              listBeforePriceMinor: null,
              netUnitPriceMinor: drawnLine.netUnitMinor,
            },
          }),
        );
        const campaigns = drawnCampaigns.map((drawnCampaign, index) => ({
          ...drawnCampaign,
          campaignId: `K${index}`,
          name: `K${index}`,
        }));
        const result = calculateCart({
          lines,
          vatRateBasisPoints: vat,
          shipping: null,
          smallOrderSurcharge: null,
          campaigns,
        });

        const lineSum = result.lines.reduce((sum, line) => sum + line.netLinePriceMinor, 0);
        expect(result.totalNetMinor).toBe(lineSum);
        expect(result.discountMinor).toBe(result.priceAgreementDiscountMinor + result.campaignDiscountMinor);
        expect(result.discountMinor).toBe(
          result.lines
            .filter((line) => line.type === 'Product')
            .reduce((sum, line) => sum + line.linePriceMinor - line.netLinePriceMinor, 0),
        );
        for (const line of result.lines) {
          const agreementMinor = line.netUnitPriceMinor * line.quantity;
          const discountMinor = line.campaign?.discountMinor ?? 0;
          expect(line.netLinePriceMinor).toBe(agreementMinor - discountMinor);
          if (line.parentId !== null) expect(line.campaign).toBeNull();
          const basisPoints = Math.round((line.campaign?.currentLevel?.discountPercentage ?? 0) * 100);
          // At most the level's percentage of the net line price, rounded half up: never half a cent beyond it.
          expect(discountMinor * 10_000).toBeLessThanOrEqual(agreementMinor * basisPoints + 5_000);
          expect(discountMinor).toBeGreaterThanOrEqual(0);
          // The chosen campaign is the best: no candidate campaign holding the product gives the line more.
          for (const candidate of campaigns.filter((entry) => entry.productIds.includes(line.productId))) {
            if (line.parentId !== null) continue;
            const counted =
              candidate.campaignType === 'MixMatch'
                ? lines
                    .filter((entry) => entry.parentId === null && candidate.productIds.includes(entry.productId))
                    .reduce((sum, entry) => sum + entry.quantity, 0)
                : lines
                    .filter((entry) => entry.parentId === null && entry.productId === line.productId)
                    .reduce((sum, entry) => sum + entry.quantity, 0);
            const reached = candidate.quantities.find(
              (level) => level.minimumQuantity <= counted && level.discountPercentage > 0,
            );
            const candidateDiscount = reached
              ? percentOfMinor(agreementMinor, Math.round(reached.discountPercentage * 100))
              : 0;
            expect(discountMinor).toBeGreaterThanOrEqual(candidateDiscount);
          }
        }
        expect(result.totalWithVatMinor).toBe(result.totalNetMinor + result.totalVatMinor);
      }),
      { numRuns: 500 },
    );
  });
});
