import { describe, expect, it } from 'vitest';
import { calculateCart } from './cart-calculation.ts';
import { freeFreightStanding, smallOrderSurchargeStanding } from './cart-order-terms.ts';

const EUR_RULE = { belowMinor: 10_000, feeMinor: 995 };
const STANDARD = { shippingMethodId: 'eu-standard', feeMinor: 1_495, freeAboveMinor: 50_000 };

describe('smallOrderSurchargeStanding', () => {
  it('charges goods above 0 and below the threshold, and says what is missing to avoid it (issue 24: 78.66)', () => {
    expect(smallOrderSurchargeStanding(EUR_RULE, 7_866)).toEqual({
      belowMinor: 10_000,
      feeMinor: 995,
      isCharged: true,
      amountToAvoidMinor: 2_134,
    });
    expect(smallOrderSurchargeStanding(EUR_RULE, 9_999)?.amountToAvoidMinor).toBe(1);
  });

  it('charges nothing from the threshold on, nor an empty cart', () => {
    for (const goods of [10_000, 25_000, 0]) {
      expect(smallOrderSurchargeStanding(EUR_RULE, goods)).toMatchObject({ isCharged: false, amountToAvoidMinor: 0 });
    }
  });

  it('has nothing to say in a currency without a rule', () => {
    expect(smallOrderSurchargeStanding(null, 500)).toBeNull();
  });

  it('agrees with the calculation: the surcharge line is there exactly when the standing says it is charged', () => {
    for (const goods of [0, 1, 7_866, 9_999, 10_000, 10_001]) {
      const lines =
        goods === 0
          ? []
          : [
              {
                id: 'line',
                parentId: null,
                productId: 'P',
                variantId: null,
                unitOfMeasure: 'STK',
                name: 'P',
                quantity: 1,
                priceRows: { listUnitPriceMinor: goods, listBeforePriceMinor: null, netUnitPriceMinor: null },
                availableQuantity: 10,
              },
            ];
      const calculation = calculateCart({
        lines,
        vatRateBasisPoints: 0,
        shipping: null,
        smallOrderSurcharge: EUR_RULE,
        campaigns: [],
      });
      const hasLine = calculation.lines.some((line) => line.type === 'Generated');
      expect(smallOrderSurchargeStanding(EUR_RULE, calculation.goodsNetMinor)?.isCharged, `goods ${goods}`).toBe(
        hasLine,
      );
    }
  });
});

describe('freeFreightStanding', () => {
  it('says what is missing for free freight, and 0 from the threshold on', () => {
    expect(freeFreightStanding(STANDARD, 7_866)).toEqual({
      shippingMethodId: 'eu-standard',
      fromMinor: 50_000,
      amountToGoMinor: 42_134,
    });
    expect(freeFreightStanding(STANDARD, 50_000)?.amountToGoMinor).toBe(0);
    expect(freeFreightStanding(STANDARD, 90_000)?.amountToGoMinor).toBe(0);
  });

  it('has nothing to say without a method or for a method that is never free', () => {
    expect(freeFreightStanding(null, 100)).toBeNull();
    expect(freeFreightStanding({ ...STANDARD, freeAboveMinor: null }, 100)).toBeNull();
  });
});
