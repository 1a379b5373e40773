/**
 * The facts the demo content quotes per area: addresses, phone numbers, opening hours, delivery countries. No amounts
 * of money: fees, the free-freight threshold and the small-order surcharge depend on the viewer's currency, so the
 * content names them (`money` runs, shippingMethods blocks) and the storefront shows them from GetOrderTerms, the
 * rules the cart charges.
 */
import type { AreaId } from '@b2b/contract';
import { AREA_TEXTS } from './area-settings.ts';
import { SEED_SHIPPING_COUNTRIES } from './checkout-data.ts';

export type AreaFacts = {
  areaId: AreaId;
  companyName: string;
  addressLines: readonly string[];
  phone: string;
  openingHours: string;
  /** Orders placed before this local time leave the warehouse the same working day. */
  cutOffTime: string;
  warehouse: string;
  countries: readonly string[];
  /** "working day" (EU) or "business day" (US), and its plural. */
  workingDay: string;
  workingDays: string;
  governingLaw: string;
  latePaymentInterest: string;
};

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
      'interest at the statutory rate for commercial transactions (EU Late Payment Directive 2011/7/EU) plus the fixed compensation for recovery costs the Directive sets per invoice',
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
  return {
    areaId,
    companyName: AREA_TEXTS[areaId].seller.name,
    addressLines: AREA_TEXTS[areaId].seller.addressLines,
    countries: SEED_SHIPPING_COUNTRIES.filter((country) => country.areaId === areaId).map((country) => country.name),
    ...AREA_CONTACTS[areaId],
  };
}
