import { describe, expect, it } from 'vitest';
import {
  campaignNote,
  discountLabel,
  orderTotals,
  payableTotal,
  type TotalsSource,
  toSummaryLines,
} from './order-totals.ts';

const money = (priceWithoutVat: number, priceWithVat = priceWithoutVat) => ({ priceWithoutVat, priceWithVat });

const DANISH_VAT = { treatment: 'domestic', label: 'VAT 25 %', note: null, customerVatNumber: null } as const;
const REVERSE_CHARGE = {
  treatment: 'reverse-charge',
  label: 'VAT 0 % — reverse charge',
  note: 'Reverse charge: intra-Community supply of goods …',
  customerVatNumber: 'ATU12345675',
} as const;

/** Two lines of group A (list 100.00 → net 80.00, list 45.50 → net 40.95), a bundle part, 25 % VAT. */
const cart: TotalsSource = {
  currencyCode: 'EUR',
  lines: [
    { id: 'a', type: 'Product', parentId: null, name: 'Helmet', linePrice: money(100), netLinePrice: money(80, 100) },
    {
      id: 'b',
      type: 'Product',
      parentId: null,
      name: 'Gloves',
      linePrice: money(45.5),
      netLinePrice: money(40.95, 51.19),
    },
    { id: 'b1', type: 'Product', parentId: 'b', name: 'Liner', linePrice: money(0), netLinePrice: money(0) },
  ],
  shippingFee: money(14.95, 18.69),
  totalPrice: money(135.9, 169.88),
  vat: DANISH_VAT,
};

const amounts = (rows: ReturnType<typeof orderTotals>['rows']) => rows.map((row) => [row.kind, row.amount]);

describe('orderTotals', () => {
  it('lists subtotal, discount, freight, total excl. VAT, VAT and total incl. VAT in an order that adds up', () => {
    const totals = orderTotals(cart, { priceGroup: 'A', shippingName: 'Standard freight' });
    expect(amounts(totals.rows)).toEqual([
      ['subtotal', 145.5],
      ['discount', -24.55],
      ['freight', 14.95],
      ['total-excl-vat', 135.9],
      ['vat', 33.98],
      ['total', 169.88],
    ]);
    expect(totals.rows.map((row) => row.label)).toEqual([
      'Subtotal (list prices)',
      'Your price agreement (group A)',
      'Freight (Standard freight)',
      'Total excl. VAT',
      'VAT 25 %',
      'Total incl. VAT',
    ]);
    expect(totals.freight).toBe(14.95);
  });

  it("splits the discount into the price agreement's and the campaigns', to the cent (issue 27)", () => {
    // Helmet: list 100.00, agreement 80.00, a campaign takes 8.00 more → net line 72.00
    const withCampaign: TotalsSource = {
      ...cart,
      lines: cart.lines.map((line) =>
        line.id === 'a' ? { ...line, netLinePrice: money(72, 90), campaign: { discount: 8 } } : line,
      ),
      totalPrice: money(127.9, 159.88),
    };
    const totals = orderTotals(withCampaign, { priceGroup: 'A', shippingName: null });
    expect(amounts(totals.rows).slice(0, 4)).toEqual([
      ['subtotal', 145.5],
      ['discount', -24.55],
      ['campaign-discount', -8],
      ['freight', 14.95],
    ]);
    expect(totals.rows.find((row) => row.kind === 'campaign-discount')?.label).toBe('Campaign discounts');
    const cents = (kind: string) =>
      totals.rows.filter((row) => row.kind === kind).reduce((sum, row) => sum + Math.round(row.amount * 100), 0);
    expect(cents('subtotal') + cents('discount') + cents('campaign-discount') + cents('freight')).toBe(
      cents('total-excl-vat'),
    );
  });

  it('labels the VAT row with the rate and treatment, and passes the note on: reverse charge at 0 %', () => {
    const totals = orderTotals(
      { ...cart, totalPrice: money(135.9), vat: REVERSE_CHARGE },
      { priceGroup: 'A', shippingName: null },
    );
    expect(totals.rows.find((row) => row.kind === 'vat')).toMatchObject({
      label: 'VAT 0 % — reverse charge',
      amount: 0,
    });
    expect(totals.rows.find((row) => row.kind === 'total')?.amount).toBe(135.9);
    expect(totals.vat).toEqual(REVERSE_CHARGE);
  });

  it('derives each figure from the ones above it, to the cent', () => {
    const totals = orderTotals(cart, { priceGroup: 'A', shippingName: null });
    const cents = (kind: string) =>
      totals.rows.filter((row) => row.kind === kind).reduce((sum, row) => sum + Math.round(row.amount * 100), 0);
    expect(
      cents('subtotal') + cents('discount') + cents('campaign-discount') + cents('surcharge') + cents('freight'),
    ).toBe(cents('total-excl-vat'));
    expect(cents('total-excl-vat') + cents('vat')).toBe(cents('total'));
  });

  it('shows surcharges as their own rows, leaves out a discount of nothing, and free freight as 0', () => {
    const small: TotalsSource = {
      currencyCode: 'EUR',
      lines: [
        { id: 'a', type: 'Product', parentId: null, name: 'Cap', linePrice: money(20), netLinePrice: money(20, 25) },
        {
          id: 's',
          type: 'Generated',
          parentId: null,
          name: 'Small-order surcharge',
          linePrice: money(9.95),
          netLinePrice: money(9.95, 12.44),
        },
      ],
      shippingFee: money(0),
      totalPrice: money(29.95, 37.44),
      vat: DANISH_VAT,
    };
    const totals = orderTotals(small, { priceGroup: '', shippingName: 'Pick-up' });
    expect(amounts(totals.rows)).toEqual([
      ['subtotal', 20],
      ['surcharge', 9.95],
      ['freight', 0],
      ['total-excl-vat', 29.95],
      ['vat', 7.49],
      ['total', 37.44],
    ]);
  });
});

describe('discountLabel', () => {
  it('names the price agreement and its group', () => {
    expect(discountLabel('B')).toBe('Your price agreement (group B)');
    expect(discountLabel('')).toBe('Your price agreement');
  });
});

describe('toSummaryLines', () => {
  const priced = (
    id: string,
    parentId: string | null,
    quantity: number,
    listUnit: number,
    netUnit: number,
    type = 'Product',
  ) => ({
    id,
    type,
    parentId,
    name: id,
    quantity,
    isBackorder: false,
    productKey: { productId: `p-${id}`, variantId: null },
    netUnitPrice: money(netUnit),
    netLinePrice: money(netUnit * quantity),
    linePrice: money(listUnit * quantity),
    campaign: null,
  });
  const lines = [
    priced('helmet', null, 2, 50, 40),
    priced('gloves', null, 1, 45.5, 40.95),
    priced('liner', 'gloves', 1, 0, 0),
    priced('small-order', null, 1, 9.95, 9.95, 'Generated'),
  ];

  it("shows each line's list amount the subtotal adds up (checkout reads like the cart page)", () => {
    const summary = toSummaryLines(lines);
    const subtotal = orderTotals(
      { currencyCode: 'EUR', lines, shippingFee: money(0), totalPrice: money(0), vat: DANISH_VAT },
      { priceGroup: 'A', shippingName: null },
    ).rows.find((row) => row.kind === 'subtotal')?.amount;
    const topLevelCents = summary
      .filter((line) => !line.isSubLine)
      .reduce((sum, line) => sum + Math.round(line.figures.listLineAmount * 100), 0);
    expect(topLevelCents).toBe(Math.round((subtotal ?? Number.NaN) * 100));
    expect(summary[0]?.figures).toEqual({
      quantity: 2,
      netLineAmount: 80,
      netUnitAmount: 40,
      listLineAmount: 100,
      hasDiscount: true,
    });
    expect(summary.find((line) => line.id === 'liner')).toMatchObject({
      isSubLine: true,
      figures: { hasDiscount: false },
    });
  });

  it('leaves surcharges to their totals row, so they are not counted twice', () => {
    expect(toSummaryLines(lines).map((line) => line.id)).toEqual(['helmet', 'gloves', 'liner']);
  });

  it('names the campaign on its line and gives campaigns a discount row of their own (issue 27)', () => {
    // 12 × 8.00 = 96.00 net, 10 % off = 86.40; list 120.00.
    const level = { minimumQuantity: 12, discountPercentage: 10 };
    const line = {
      ...priced('deck', null, 12, 10, 8),
      netLinePrice: money(86.4),
      campaign: { name: 'Summer mix & match', discount: 9.6, level },
    };
    expect(toSummaryLines([line])[0]?.campaign).toEqual({ note: 'Summer mix & match −10\u00a0%', discount: 9.6 });
    const totals = orderTotals(
      { currencyCode: 'EUR', lines: [line], shippingFee: money(0), totalPrice: money(86.4), vat: REVERSE_CHARGE },
      { priceGroup: 'A', shippingName: null },
    );
    expect(totals.rows.slice(0, 3).map((row) => [row.kind, row.label, row.amount])).toEqual([
      ['subtotal', 'Subtotal (list prices)', 120],
      ['discount', 'Your price agreement (group A)', -24],
      ['campaign-discount', 'Campaign discounts', -9.6],
    ]);
    // A calculated cart's line names its current level; one with no level reached has no note (nothing applied).
    expect(
      campaignNote({
        name: 'Grip week',
        discount: 1.25,
        currentLevel: { minimumQuantity: 5, discountPercentage: 12.5 },
      }),
    ).toBe('Grip week −12.5\u00a0%');
    expect(campaignNote({ name: 'Grip week', discount: 0, currentLevel: null })).toBeNull();
    expect(campaignNote(null)).toBeNull();
  });
});

describe('payableTotal (spec §4 Cart: total price treated as zero when priceWithVat is 0)', () => {
  it('reads 0 for both totals when the total incl. VAT is 0, and leaves any other total as it is', () => {
    expect(payableTotal(money(0.01, 0))).toEqual({ priceWithoutVat: 0, priceWithVat: 0 });
    expect(payableTotal(money(135.9, 169.88))).toEqual({ priceWithoutVat: 135.9, priceWithVat: 169.88 });
    expect(payableTotal(money(0, 0))).toEqual({ priceWithoutVat: 0, priceWithVat: 0 });
  });

  it('the totals rows of a cart whose total incl. VAT is 0 read 0 excl. VAT, 0 VAT and 0 incl. VAT', () => {
    const free: TotalsSource = { ...cart, totalPrice: money(0.01, 0) };
    const totals = orderTotals(free, { priceGroup: 'A', shippingName: null });
    expect(amounts(totals.rows).slice(-3)).toEqual([
      ['total-excl-vat', 0],
      ['vat', 0],
      ['total', 0],
    ]);
  });
});
