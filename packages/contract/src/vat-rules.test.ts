import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allocateVatMinor,
  creditVatMinor,
  customerVatOf,
  EU_MEMBER_STATES,
  isVatNumberOf,
  missingVatNumberNote,
  VAT_NOTES,
  vatAmountMinor,
  vatLabel,
} from './vat-rules.ts';

const DENMARK = { countryCode: 'DK', rateBasisPoints: 2500 };
const USA = { countryCode: 'US', rateBasisPoints: 0 };

describe('customerVatOf', () => {
  it.each([
    {
      name: 'a customer in the seller’s country pays the seller’s rate',
      seller: DENMARK,
      customer: { countryCode: 'DK', vatNumber: 'DK12345678' },
      expected: { treatment: 'domestic', rateBasisPoints: 2500, note: null },
    },
    {
      name: 'an Austrian business with an Austrian VAT number: reverse charge, 0 %',
      seller: DENMARK,
      customer: { countryCode: 'AT', vatNumber: 'ATU12345675' },
      expected: { treatment: 'reverse-charge', rateBasisPoints: 0, note: VAT_NOTES.reverseCharge },
    },
    {
      name: 'a VAT number written with spaces and dots counts',
      seller: DENMARK,
      customer: { countryCode: 'de', vatNumber: 'de 123.456.789' },
      expected: { treatment: 'reverse-charge', rateBasisPoints: 0, note: VAT_NOTES.reverseCharge },
    },
    {
      name: 'Greek VAT numbers begin with EL',
      seller: DENMARK,
      customer: { countryCode: 'GR', vatNumber: 'EL123456789' },
      expected: { treatment: 'reverse-charge', rateBasisPoints: 0, note: VAT_NOTES.reverseCharge },
    },
    {
      name: 'an EU customer in another member state without a VAT number pays the seller’s rate',
      seller: DENMARK,
      customer: { countryCode: 'AT', vatNumber: null },
      expected: { treatment: 'domestic', rateBasisPoints: 2500, note: missingVatNumberNote('DK') },
    },
    {
      name: 'a VAT number of another member state is not the customer’s',
      seller: DENMARK,
      customer: { countryCode: 'AT', vatNumber: 'DE123456789' },
      expected: { treatment: 'domestic', rateBasisPoints: 2500, note: missingVatNumberNote('DK') },
    },
    {
      name: 'a Norwegian business (outside the EU) with a VAT number: export, 0 %',
      seller: DENMARK,
      customer: { countryCode: 'NO', vatNumber: 'NO923456783MVA' },
      expected: { treatment: 'export', rateBasisPoints: 0, note: VAT_NOTES.export },
    },
    {
      name: 'a customer outside the EU without a VAT number: export, 0 %',
      seller: DENMARK,
      customer: { countryCode: 'CH', vatNumber: null },
      expected: { treatment: 'export', rateBasisPoints: 0, note: VAT_NOTES.export },
    },
    {
      name: 'the USA area: no VAT',
      seller: USA,
      customer: { countryCode: 'US', vatNumber: null },
      expected: { treatment: 'no-vat', rateBasisPoints: 0, note: VAT_NOTES.noVat },
    },
    {
      name: 'the USA area sells to Canada without VAT too',
      seller: USA,
      customer: { countryCode: 'CA', vatNumber: null },
      expected: { treatment: 'no-vat', rateBasisPoints: 0, note: VAT_NOTES.noVat },
    },
    {
      name: 'an area without a VAT registration charges none',
      seller: null,
      customer: { countryCode: 'DK', vatNumber: null },
      expected: { treatment: 'no-vat', rateBasisPoints: 0, note: VAT_NOTES.noVat },
    },
  ] as const)('$name', ({ seller, customer, expected }) => {
    expect(customerVatOf(seller, customer)).toEqual({ ...expected, customerVatNumber: customer.vatNumber });
  });

  it('cites the articles of the VAT Directive that exempt the supply', () => {
    expect(VAT_NOTES.reverseCharge).toBe(
      'Reverse charge: intra-Community supply of goods, exempt from VAT under Article 138 of Council Directive ' +
        '2006/112/EC; VAT to be accounted for by the recipient.',
    );
    expect(VAT_NOTES.export).toBe(
      'Export outside the EU, exempt from VAT (Article 146, Council Directive 2006/112/EC).',
    );
  });

  it('knows the 27 member states, Norway and Switzerland not among them', () => {
    expect(EU_MEMBER_STATES).toHaveLength(27);
    expect(new Set(EU_MEMBER_STATES).size).toBe(27);
    expect(EU_MEMBER_STATES).toEqual(expect.arrayContaining(['AT', 'DK', 'DE', 'GR', 'IE', 'HR']));
    expect(EU_MEMBER_STATES).not.toEqual(expect.arrayContaining(['NO']));
    expect(EU_MEMBER_STATES).not.toEqual(expect.arrayContaining(['CH']));
    expect(EU_MEMBER_STATES).not.toEqual(expect.arrayContaining(['GB']));
  });
});

describe('isVatNumberOf', () => {
  it.each([
    ['AT', 'ATU12345675', true],
    ['AT', 'atu12345675', true],
    ['NL', 'NL123456789B01', true],
    ['AT', 'AT', false],
    ['AT', 'ATU1234567890123', false],
    ['AT', 'AT-U1234/5675', false],
    ['AT', null, false],
    ['GR', 'GR123456789', false],
  ] as const)('%s %s → %s', (country, number, expected) => {
    expect(isVatNumberOf(country, number)).toBe(expected);
  });
});

describe('vatLabel', () => {
  it.each([
    [{ treatment: 'domestic', rateBasisPoints: 2500 }, 'VAT 25 %'],
    [{ treatment: 'domestic', rateBasisPoints: 1250 }, 'VAT 12.5 %'],
    [{ treatment: 'reverse-charge', rateBasisPoints: 0 }, 'VAT 0 % — reverse charge'],
    [{ treatment: 'export', rateBasisPoints: 0 }, 'VAT 0 % — export'],
    [{ treatment: 'no-vat', rateBasisPoints: 0 }, 'No VAT'],
  ] as const)('%o → %s', (vat, label) => {
    expect(vatLabel(vat)).toBe(label);
  });
});

describe('vatAmountMinor', () => {
  it.each([
    { amount: 10_000, rate: 2500, vat: 2500 }, // 100.00 at 25 % → 25.00
    { amount: 1999, rate: 2500, vat: 500 }, // 4.9975 → 5.00 (half-up)
    { amount: 2, rate: 2500, vat: 1 }, // 0.005 → 0.01: exactly half rounds up
    { amount: 1, rate: 2500, vat: 0 }, // 0.0025 → 0.00
    { amount: 999, rate: 0, vat: 0 },
    { amount: 12_345, rate: 1900, vat: 2346 }, // 23.4555 → 23.46
    { amount: 1050, rate: 700, vat: 74 }, // 0.735 → 0.74
    { amount: -2, rate: 2500, vat: -1 }, // half away from zero for credits
    { amount: 0, rate: 2500, vat: 0 },
  ])('$amount at $rate bp → $vat', ({ amount, rate, vat }) => {
    expect(vatAmountMinor(amount, rate)).toBe(vat);
  });

  it('stays exact for amounts beyond 2^53 / rate', () => {
    expect(vatAmountMinor(9_007_199_254_740_991, 2500)).toBe(2_251_799_813_685_248);
  });

  it('refuses fractional minor units and bad rates', () => {
    expect(() => vatAmountMinor(1.5, 2500)).toThrow(RangeError);
    expect(() => vatAmountMinor(100, -1)).toThrow(RangeError);
    expect(() => vatAmountMinor(100, 12.5)).toThrow(RangeError);
  });
});

describe('allocateVatMinor', () => {
  it('shares a document’s VAT out in proportion, the largest remainders first', () => {
    // 3 × 0.01 at 25 %: VAT of 0.03 is 0.0075 → 0.01, given to the first of three equal lines.
    expect(allocateVatMinor([1, 1, 1], vatAmountMinor(3, 2500))).toEqual([1, 0, 0]);
    expect(allocateVatMinor([1_000, 3_000], 1_000)).toEqual([250, 750]);
    expect(allocateVatMinor([0, 0], 0)).toEqual([0, 0]);
    expect(allocateVatMinor([], 0)).toEqual([]);
  });

  it('refuses VAT without amounts and negative amounts', () => {
    expect(() => allocateVatMinor([0], 1)).toThrow(RangeError);
    expect(() => allocateVatMinor([-1, 2], 0)).toThrow(RangeError);
  });

  it('adds up exactly, each share within a cent of its exact proportion', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 0, max: 10_000 }),
        (amounts, rate) => {
          const whole = amounts.reduce((sum, amount) => sum + amount, 0);
          const total = vatAmountMinor(whole, rate);
          if (whole === 0) return;
          const shares = allocateVatMinor(amounts, total);
          expect(shares.reduce((sum, share) => sum + share, 0)).toBe(total);
          shares.forEach((share, index) => {
            const exact = (total * (amounts[index] ?? 0)) / whole;
            expect(Math.abs(share - exact)).toBeLessThan(1);
          });
        },
      ),
    );
  });
});

describe('creditVatMinor', () => {
  it('gives back exactly the document’s VAT in any number of credits, each within a cent of rate × net', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 0, max: 10_000 }),
        (credits, rate) => {
          let credited = 0;
          let creditedVat = 0;
          for (const net of credits) {
            const vat = creditVatMinor(credited, net, rate);
            expect(Math.abs(vat - (net * rate) / 10_000)).toBeLessThanOrEqual(1);
            credited += net;
            creditedVat += vat;
            expect(creditedVat).toBeLessThanOrEqual(vatAmountMinor(credited, rate));
          }
          expect(creditedVat).toBe(vatAmountMinor(credited, rate));
        },
      ),
    );
  });
});
