/**
 * The facts the demo content quotes per area: freight fees and the free-freight threshold (read from the seeded
 * shipping methods, so a page never promises another figure than checkout charges), addresses, phone numbers and
 * opening hours.
 */
import type { AreaId } from '@b2b/contract';
import { AREA_TEXTS } from './area-settings.ts';
import { SEED_SHIPPING_COUNTRIES, SEED_SHIPPING_METHOD_FEES, SEED_SHIPPING_METHODS } from './checkout-data.ts';

type ShippingFact = {
  name: string;
  description: string;
  /** The fee in each currency the area sells in, e.g. "EUR 14.95 (NOK 169)"; "free" when it costs nothing. */
  fee: string;
  /** "EUR 500 (NOK 5,000)" when the method is free from a goods total, else null. */
  freeFrom: string | null;
};

export type AreaFacts = {
  areaId: AreaId;
  /** The area's own currency as printed: EUR, USD. */
  currency: string;
  companyName: string;
  addressLines: readonly string[];
  phone: string;
  openingHours: string;
  /** Orders placed before this local time leave the warehouse the same working day. */
  cutOffTime: string;
  warehouse: string;
  shipping: readonly ShippingFact[];
  /** The standard method's threshold, e.g. "EUR 500 (NOK 5,000)". */
  freeFreightFrom: string;
  countries: readonly string[];
  /** "working day" (EU) or "business day" (US), and its plural. */
  workingDay: string;
  workingDays: string;
  governingLaw: string;
  latePaymentInterest: string;
};

/** A seeded amount as printed in copy: "EUR 500", "EUR 14.95", "NOK 5,000" (XNOK is the demo's Norwegian krone). */
function formatCopyAmount(minor: number, currencyCode: string): string {
  const code = currencyCode === 'XNOK' ? 'NOK' : currencyCode;
  const major = minor / 100;
  const digits = Number.isInteger(major) ? 0 : 2;
  return `${code} ${major.toLocaleString('en-GB', { minimumFractionDigits: digits, maximumFractionDigits: digits })}`;
}

/** "EUR 14.95 (NOK 169)": the area's currency first, other currencies it also sells in after it. */
function joinAmounts(amounts: readonly string[]): string {
  const [first, ...others] = amounts;
  return others.length > 0 ? `${first} (${others.join(', ')})` : (first ?? '');
}

function buildShippingFacts(areaId: AreaId, currency: string): ShippingFact[] {
  return SEED_SHIPPING_METHODS.filter((method) => method.areaId === areaId).map((method) => {
    const fees = SEED_SHIPPING_METHOD_FEES.filter((fee) => fee.shippingMethodId === method.id).sort(
      (a, b) => Number(b.currencyCode === currency) - Number(a.currencyCode === currency),
    );
    const isFree = fees.every((fee) => fee.feeMinor === 0);
    const thresholds = fees.filter((fee) => fee.freeAboveMinor != null);
    return {
      name: method.name,
      description: method.description ?? '',
      fee: isFree ? 'free' : joinAmounts(fees.map((fee) => formatCopyAmount(fee.feeMinor, fee.currencyCode))),
      freeFrom:
        thresholds.length > 0
          ? joinAmounts(thresholds.map((fee) => formatCopyAmount(fee.freeAboveMinor ?? 0, fee.currencyCode)))
          : null,
    };
  });
}

const AREA_CONTACTS: Record<
  AreaId,
  Pick<
    AreaFacts,
    | 'phone'
    | 'openingHours'
    | 'cutOffTime'
    | 'warehouse'
    | 'workingDay'
    | 'workingDays'
    | 'governingLaw'
    | 'latePaymentInterest'
  >
> = {
  eu: {
    phone: '+45 70 20 30 40',
    openingHours: 'Monday to Friday, 08:00–16:00 CET',
    cutOffTime: '14:00 CET',
    warehouse: 'our warehouse in Copenhagen',
    workingDay: 'working day',
    workingDays: 'working days',
    governingLaw: 'Danish law; disputes go to the courts of Copenhagen',
    latePaymentInterest:
      'interest at the statutory rate for commercial transactions (EU Late Payment Directive 2011/7/EU) plus a fixed EUR 40 recovery charge per invoice',
  },
  us: {
    phone: '+1 310 555 0142',
    openingHours: 'Monday to Friday, 7:00 am–3:00 pm Pacific Time',
    cutOffTime: '12:00 noon Pacific Time',
    warehouse: 'our warehouse in Santa Monica, California',
    workingDay: 'business day',
    workingDays: 'business days',
    governingLaw: 'the laws of the State of California; disputes go to the courts of Los Angeles County',
    latePaymentInterest: 'interest of 1.5 % per month (18 % a year) or the highest rate the law allows, if lower',
  },
};

/** The facts of one area. */
export function buildAreaFacts(areaId: AreaId): AreaFacts {
  const currency = areaId === 'eu' ? 'EUR' : 'USD';
  const shipping = buildShippingFacts(areaId, currency);
  const freeFreightFrom = shipping.find((method) => method.freeFrom !== null)?.freeFrom;
  if (!freeFreightFrom) throw new Error(`seed: area ${areaId} has no shipping method with free freight`);
  return {
    areaId,
    currency,
    companyName: AREA_TEXTS[areaId].seller.name,
    addressLines: AREA_TEXTS[areaId].seller.addressLines,
    shipping,
    freeFreightFrom,
    countries: SEED_SHIPPING_COUNTRIES.filter((country) => country.areaId === areaId).map((country) => country.name),
    ...AREA_CONTACTS[areaId],
  };
}
