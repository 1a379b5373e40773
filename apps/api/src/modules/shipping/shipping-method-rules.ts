/**
 * Which shipping methods ship to a country, and in which order they are offered: the one rule behind
 * GetShippingMethods, SetShipping and the method CalculateCart prices (the data comes from the database, the
 * decision is made here only).
 */

export type ShippingDestination = {
  countryCode: string;
  /** Whether the country is one of the area's shipping countries (GetShippingCountries). */
  isAreaCountry: boolean;
};

export type ShippingMethodCandidate = {
  id: string;
  /** The method's own country list; empty = every country of its area. */
  countryCodes: readonly string[];
  /** The fee in the currency asked about, in minor units. */
  feeMinor: number;
  /** The shop's order of its methods. */
  sortOrder: number;
};

/** A method ships to a country of its area that is on its own list (an empty list: any of the area's). */
export function shipsTo(method: Pick<ShippingMethodCandidate, 'countryCodes'>, destination: ShippingDestination) {
  return (
    destination.isAreaCountry &&
    (method.countryCodes.length === 0 || method.countryCodes.includes(destination.countryCode))
  );
}

/**
 * The methods that ship to the destination, cheapest first, then in the shop's order, then by id (a total order,
 * so every caller sees the same list). The first is what CalculateCart prices while the cart has no method chosen:
 * the fee a buyer sees before choosing is that of the method checkout preselects (the first GetShippingMethods lists).
 */
export function shippingMethodsTo<M extends ShippingMethodCandidate>(
  methods: readonly M[],
  destination: ShippingDestination,
): M[] {
  return methods
    .filter((method) => shipsTo(method, destination))
    .sort((a, b) => a.feeMinor - b.feeMinor || a.sortOrder - b.sortOrder || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
