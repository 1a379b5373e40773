import { describe, expect, it } from 'vitest';
import { type ShippingMethodCandidate, shippingMethodsTo, shipsTo } from './shipping-method-rules.ts';

const method = (id: string, feeMinor: number, sortOrder: number, countryCodes: string[] = []) =>
  ({ id, feeMinor, sortOrder, countryCodes }) satisfies ShippingMethodCandidate;

const DK = { countryCode: 'DK', isAreaCountry: true };
const DE = { countryCode: 'DE', isAreaCountry: true };

describe('shipsTo', () => {
  it("ships to the area's countries, limited by the method's own list when it has one", () => {
    expect(shipsTo(method('standard', 1495, 0), DK)).toBe(true);
    expect(shipsTo(method('pickup', 0, 2, ['DK']), DK)).toBe(true);
    expect(shipsTo(method('pickup', 0, 2, ['DK']), DE)).toBe(false);
  });

  it('never ships to a country the area does not serve, whatever the method lists', () => {
    expect(shipsTo(method('standard', 1495, 0), { countryCode: 'US', isAreaCountry: false })).toBe(false);
    expect(shipsTo(method('us-only', 0, 0, ['US']), { countryCode: 'US', isAreaCountry: false })).toBe(false);
  });
});

describe('shippingMethodsTo', () => {
  // The seed's EU methods: the shop orders standard, express, pick-up; pick-up is free and ships to DK only.
  const methods = [method('eu-express', 3950, 1), method('eu-pickup', 0, 2, ['DK']), method('eu-standard', 1495, 0)];

  it('lists the methods that ship there cheapest first', () => {
    expect(shippingMethodsTo(methods, DK).map((candidate) => candidate.id)).toEqual([
      'eu-pickup',
      'eu-standard',
      'eu-express',
    ]);
    expect(shippingMethodsTo(methods, DE).map((candidate) => candidate.id)).toEqual(['eu-standard', 'eu-express']);
  });

  it("orders equal fees by the shop's order, then by id", () => {
    const tied = [method('b', 500, 1), method('c', 500, 0), method('a', 500, 1)];
    expect(shippingMethodsTo(tied, DE).map((candidate) => candidate.id)).toEqual(['c', 'a', 'b']);
  });

  it('leaves the given list as it was', () => {
    const before = methods.map((candidate) => candidate.id);
    shippingMethodsTo(methods, DK);
    expect(methods.map((candidate) => candidate.id)).toEqual(before);
  });
});
