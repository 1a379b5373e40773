import { describe, expect, it } from 'vitest';
import type { OrderDetails } from './order.repository.ts';
import { toOrder } from './order-mapper.ts';

const placedAt = new Date('2026-11-20T10:00:00Z');

function details(overrides: Partial<OrderDetails['order']> = {}): OrderDetails {
  return {
    order: {
      id: '11111111-1111-4111-8111-111111111111',
      orderNumber: 'SO-000042',
      cartId: '22222222-2222-4222-8222-222222222222',
      customerId: '33333333-3333-4333-8333-333333333333',
      placedByUserId: '44444444-4444-4444-8444-444444444444',
      idempotencyKey: null,
      status: 'Placed',
      areaId: 'eu',
      currencyCode: 'EUR',
      vatRateBasisPoints: 2500,
      vatTreatment: 'domestic',
      vatNote: null,
      customerVatNumber: 'DK12345678',
      discountMinor: 4000,
      shippingFeeMinor: 1495,
      totalNetMinor: 17_495,
      totalVatMinor: 4374,
      totalWithVatMinor: 21_869,
      shippingMethodId: 'eu-standard',
      shippingMethodName: 'Standard freight',
      shipToAddress: null,
      shipToCountryCode: 'DK',
      paymentMethodId: 'invoice',
      comment: null,
      reference: 'PO-1',
      isBackorder: true,
      impersonationSessionId: null,
      createdAt: placedAt,
      updatedAt: placedAt,
      ...overrides,
    },
    lines: [
      {
        id: '55555555-5555-4555-8555-555555555555',
        orderId: '11111111-1111-4111-8111-111111111111',
        lineNumber: 1,
        parentId: null,
        type: 'Product',
        productId: 'P-1',
        variantId: 'P-1-01',
        unitOfMeasure: 'STK',
        name: 'Deck',
        quantity: 2,
        unitPriceMinor: 10_000,
        netUnitPriceMinor: 8000,
        linePriceMinor: 20_000,
        netLinePriceMinor: 16_000,
        vatMinor: 4000,
        quantityAvailable: 1,
        isBackorder: true,
        campaign: null,
        campaignDiscountMinor: 0,
      },
    ],
    paymentMethod: { id: 'invoice', name: 'Payment on account (invoice)', kind: 'Invoice' },
    assistedBy: null,
  };
}

describe('toOrder', () => {
  it('shows the stored minor units as major units, with the VAT rounded when the order was placed', () => {
    const order = toOrder(details());
    expect(order).toMatchObject({
      orderNumber: 'SO-000042',
      placedAt: '2026-11-20T10:00:00.000Z',
      totalNetPrice: 174.95,
      totalPrice: { priceWithoutVat: 174.95, priceWithVat: 218.69 },
      shippingFee: { priceWithoutVat: 14.95, priceWithVat: 18.69 },
      shippingMethod: { shippingMethodId: 'eu-standard', name: 'Standard freight' },
      paymentMethod: { paymentMethodId: 'invoice', kind: 'Invoice' },
      vat: {
        treatment: 'domestic',
        ratePercent: 25,
        label: 'VAT 25 %',
        note: null,
        customerVatNumber: 'DK12345678',
      },
      isBackorder: true,
    });
    expect(order.lines[0]).toEqual({
      id: '55555555-5555-4555-8555-555555555555',
      type: 'Product',
      parentId: null,
      productKey: { productId: 'P-1', variantId: 'P-1-01', unitOfMeasure: 'STK' },
      name: 'Deck',
      quantity: 2,
      netUnitPrice: { priceWithoutVat: 80, priceWithVat: 100 },
      unitPrice: { priceWithoutVat: 100, priceWithVat: 125 },
      netLinePrice: { priceWithoutVat: 160, priceWithVat: 200 },
      linePrice: { priceWithoutVat: 200, priceWithVat: 250 },
      asgLineItemsAvailCust: 1,
      isBackorder: true,
      campaign: null,
    });
  });

  it('answers the campaign and level a line kept, with what it took off, as stored when placed (issue 27)', () => {
    const stored = details();
    const [line] = stored.lines;
    if (!line) throw new Error('no line');
    const campaign = {
      campaignId: 'summer-mix',
      name: 'Summer mix & match',
      campaignType: 'MixMatch' as const,
      level: { minimumQuantity: 2, discountPercentage: 10 },
    };
    const order = toOrder({
      ...stored,
      lines: [{ ...line, netLinePriceMinor: 14_400, campaign, campaignDiscountMinor: 1_600 }],
    });
    expect(order.lines[0]?.campaign).toEqual({ ...campaign, discount: 16 });
    expect(order.lines[0]?.netLinePrice.priceWithoutVat).toBe(144);
  });

  it('shows the VAT as placed: a reverse-charge order keeps its 0 % and its note', () => {
    const note = 'Reverse charge: intra-Community supply of goods …';
    const order = toOrder(
      details({
        vatRateBasisPoints: 0,
        vatTreatment: 'reverse-charge',
        vatNote: note,
        customerVatNumber: 'ATU12345675',
        totalVatMinor: 0,
        totalWithVatMinor: 17_495,
      }),
    );
    expect(order.vat).toEqual({
      treatment: 'reverse-charge',
      ratePercent: 0,
      label: 'VAT 0 % — reverse charge',
      note,
      customerVatNumber: 'ATU12345675',
    });
    expect(order.totalPrice).toEqual({ priceWithoutVat: 174.95, priceWithVat: 174.95 });
  });

  it('names the sales rep who placed the order for the customer, and nobody for the customer’s own order', () => {
    const sessionId = '66666666-6666-4666-8666-666666666666';
    const assisted = details({ impersonationSessionId: sessionId });
    assisted.assistedBy = { salesPersonName: 'Sam Lindqvist', sessionId };
    expect(toOrder(assisted).assistedBy).toEqual({ salesPersonName: 'Sam Lindqvist', sessionId });
    expect(toOrder(details()).assistedBy).toBeNull();
  });

  it('has no shipping method when none applied', () => {
    expect(toOrder(details({ shippingMethodId: null, shippingMethodName: null })).shippingMethod).toBeNull();
  });
});
