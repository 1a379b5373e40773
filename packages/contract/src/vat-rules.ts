/**
 * The shop's VAT rule and VAT arithmetic (ADR 018), shared by the API (prices, cart, orders, invoices, credit memos)
 * and the demo seed's order history, so both book the same amounts. Pure, in integer minor units; imports nothing.
 *
 * Which VAT a customer pays follows from the seller's VAT registration in the customer's area (`vat_rates`: the
 * seller's country and its standard rate) and the customer's registered country and VAT number:
 *
 * | seller | customer | treatment | rate |
 * |---|---|---|---|
 * | outside the EU (the USA area) | anyone | `no-vat` | 0 |
 * | in the EU | same country | `domestic` | seller's |
 * | in the EU | another member state, with a VAT number of that state | `reverse-charge` | 0 |
 * | in the EU | another member state, without one | `domestic` | seller's |
 * | in the EU | outside the EU (e.g. Norway) | `export` | 0 |
 *
 * VAT is computed once per document on its total net amount and rounded half up to the cent, so a reader finds
 * VAT = rate × total excl. VAT; the lines are shown without VAT (their share of the VAT is kept for the records).
 */

/** The 27 member states of the European Union (ISO 3166-1 alpha-2; Greece is GR here, EL in its VAT numbers). */
export const EU_MEMBER_STATES = [
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
] as const;

/** How a sale is taxed (the table above). */
export const VAT_TREATMENTS = ['domestic', 'reverse-charge', 'export', 'no-vat'] as const;
export type VatTreatment = (typeof VAT_TREATMENTS)[number];

/**
 * The notes a document carries for a sale without VAT, and for an EU customer charged the seller's VAT for want of a
 * VAT number. The shop sells goods, which are dispatched to the customer: an intra-Community supply of goods is
 * exempt under Article 138 and the buyer accounts for the VAT of its acquisition (reverse charge); Article 196 is
 * the reverse charge of services, so it is not the one cited.
 */
export const VAT_NOTES = {
  reverseCharge:
    'Reverse charge: intra-Community supply of goods, exempt from VAT under Article 138 of Council Directive ' +
    '2006/112/EC; VAT to be accounted for by the recipient.',
  export: 'Export outside the EU, exempt from VAT (Article 146, Council Directive 2006/112/EC).',
  noVat:
    'No VAT is charged in this area, and the seller charges no sales tax; any sales or use tax due is the buyer’s to account for.',
} as const;

/** The note of an EU customer in another member state without a VAT number of it: why the seller's VAT applies. */
export function missingVatNumberNote(sellerCountryCode: string): string {
  return (
    'Reverse charge needs the customer’s VAT number of its EU member state; none is on file, so the VAT of the ' +
    `seller’s country (${sellerCountryCode}) is charged.`
  );
}

/** The seller's VAT registration in an area (`vat_rates`): its country and that country's standard rate. */
export type SellerVatRegistration = { countryCode: string; rateBasisPoints: number };

/** What decides a customer's VAT: the country it is registered in and its VAT number (null when it has none). */
export type CustomerTaxStatus = { countryCode: string; vatNumber: string | null };

/** The VAT a customer's sales carry: the treatment, the rate applied and the note documents print. */
export type CustomerVat = {
  treatment: VatTreatment;
  rateBasisPoints: number;
  note: string | null;
  /** The customer's VAT number as recorded (documents print it), null when it has none. */
  customerVatNumber: string | null;
};

export function isEuMemberState(countryCode: string): boolean {
  return (EU_MEMBER_STATES as readonly string[]).includes(countryCode.toUpperCase());
}

/** The prefix of a member state's VAT numbers: its country code, except Greece's EL. */
function vatNumberPrefixOf(countryCode: string): string {
  const code = countryCode.toUpperCase();
  return code === 'GR' ? 'EL' : code;
}

/**
 * Whether `vatNumber` is a VAT number of the member state `countryCode` by its form: the state's prefix, then 2 to
 * 12 letters or digits (spaces, dots and dashes as people write them are ignored). Whether the number is valid is
 * checked against VIES when it is recorded on the customer, not here.
 */
export function isVatNumberOf(countryCode: string, vatNumber: string | null): boolean {
  if (vatNumber === null) return false;
  const compact = vatNumber.replace(/[\s.-]/g, '').toUpperCase();
  const prefix = vatNumberPrefixOf(countryCode);
  return compact.startsWith(prefix) && /^[A-Z0-9]{2,12}$/.test(compact.slice(prefix.length));
}

/**
 * The VAT of a customer's sales (the table at the top). `seller` null (an area without a VAT row, a setup error)
 * counts as no VAT, as prices are shown without VAT anyway (spec §1).
 */
export function customerVatOf(seller: SellerVatRegistration | null, customer: CustomerTaxStatus): CustomerVat {
  const customerVatNumber = customer.vatNumber;
  if (!seller || !isEuMemberState(seller.countryCode)) {
    return { treatment: 'no-vat', rateBasisPoints: 0, note: VAT_NOTES.noVat, customerVatNumber };
  }
  const sellerCountry = seller.countryCode.toUpperCase();
  const customerCountry = customer.countryCode.toUpperCase();
  if (customerCountry === sellerCountry) {
    return { treatment: 'domestic', rateBasisPoints: seller.rateBasisPoints, note: null, customerVatNumber };
  }
  if (!isEuMemberState(customerCountry)) {
    return { treatment: 'export', rateBasisPoints: 0, note: VAT_NOTES.export, customerVatNumber };
  }
  if (isVatNumberOf(customerCountry, customer.vatNumber)) {
    return { treatment: 'reverse-charge', rateBasisPoints: 0, note: VAT_NOTES.reverseCharge, customerVatNumber };
  }
  return {
    treatment: 'domestic',
    rateBasisPoints: seller.rateBasisPoints,
    note: missingVatNumberNote(sellerCountry),
    customerVatNumber,
  };
}

/** A rate in basis points as a percentage: 2500 → 25, 1250 → 12.5. */
export function vatRatePercent(rateBasisPoints: number): number {
  return rateBasisPoints / 100;
}

const TREATMENT_SUFFIXES: Record<Exclude<VatTreatment, 'no-vat'>, string> = {
  domestic: '',
  'reverse-charge': ' — reverse charge',
  export: ' — export',
};

/**
 * The VAT row's label on cart, checkout, order, invoice and PDF: `VAT 25 %`, `VAT 0 % — reverse charge`,
 * `VAT 0 % — export`, and `No VAT` where the seller charges none (the USA area).
 */
export function vatLabel(vat: { treatment: VatTreatment; rateBasisPoints: number }): string {
  if (vat.treatment === 'no-vat') return 'No VAT';
  return `VAT ${vatRatePercent(vat.rateBasisPoints)} %${TREATMENT_SUFFIXES[vat.treatment]}`;
}

const BASIS_POINTS_PER_UNIT = 10_000n;

/** VAT on `amountMinor` at `rateBasisPoints`, in minor units, rounded half up to the cent (half away from zero). */
export function vatAmountMinor(amountMinor: number, rateBasisPoints: number): number {
  if (!Number.isSafeInteger(amountMinor)) throw new RangeError(`amountMinor must be a safe integer: ${amountMinor}`);
  if (!Number.isInteger(rateBasisPoints) || rateBasisPoints < 0) {
    throw new RangeError(`rateBasisPoints must be a non-negative integer: ${rateBasisPoints}`);
  }
  const product = BigInt(amountMinor) * BigInt(rateBasisPoints);
  const half = BASIS_POINTS_PER_UNIT / 2n;
  const rounded =
    product >= 0n ? (product + half) / BASIS_POINTS_PER_UNIT : -((-product + half) / BASIS_POINTS_PER_UNIT);
  return Number(rounded);
}

/**
 * A document's VAT shared out over its amounts in proportion to them (largest remainder: each share is the exact
 * proportion rounded down or up, the earlier amount first on a tie), so the shares add up to `totalVatMinor` exactly.
 * Used to keep each line's part of a document's VAT (order lines, invoice lines, credit memo lines).
 */
export function allocateVatMinor(amountsMinor: readonly number[], totalVatMinor: number): number[] {
  for (const amount of amountsMinor) {
    if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError(`amounts must be integers ≥ 0: ${amount}`);
  }
  if (!Number.isSafeInteger(totalVatMinor) || totalVatMinor < 0) {
    throw new RangeError(`totalVatMinor must be an integer ≥ 0: ${totalVatMinor}`);
  }
  const whole = amountsMinor.reduce((sum, amount) => sum + BigInt(amount), 0n);
  if (whole === 0n) {
    if (totalVatMinor !== 0) throw new RangeError('VAT cannot be shared out over amounts that are all 0');
    return amountsMinor.map(() => 0);
  }
  const total = BigInt(totalVatMinor);
  const parts = amountsMinor.map((amount, index) => {
    const numerator = total * BigInt(amount);
    return { index, share: numerator / whole, remainder: numerator % whole };
  });
  let left = total - parts.reduce((sum, part) => sum + part.share, 0n);
  const byRemainder = [...parts].sort((a, b) =>
    a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
  );
  for (const part of byRemainder) {
    if (left === 0n) break;
    part.share += 1n;
    left -= 1n;
  }
  return parts.map((part) => Number(part.share));
}

/**
 * The VAT of a credit of `creditNetMinor` on a document of which `creditedNetMinor` was credited before: the VAT of
 * all credited after it less the VAT of all credited before it, each rounded once. So the credits of a document
 * never take more VAT than the document's, crediting all of it gives back exactly its VAT, and each credit's VAT is
 * within a cent of rate × its net.
 */
export function creditVatMinor(creditedNetMinor: number, creditNetMinor: number, rateBasisPoints: number): number {
  return (
    vatAmountMinor(creditedNetMinor + creditNetMinor, rateBasisPoints) -
    vatAmountMinor(creditedNetMinor, rateBasisPoints)
  );
}
