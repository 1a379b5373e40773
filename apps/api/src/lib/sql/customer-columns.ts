/**
 * The customer's columns that other modules' statements embed, so what a request needs of the customer arrives in
 * the statement that reads the rest (the principal on every request, a cart with its VAT, the rep's book) rather
 * than in a query of its own. Column sets and their mapping only; the customer module's queries stay in
 * modules/customer/customer.repository.ts.
 */
import type { AreaId } from '@b2b/contract';
import { type CustomerVat, customerVatOf } from '@b2b/contract/vat-rules';
import { areas, customers, vatRates } from '@b2b/db/schema';
import { type SQL, sql } from 'drizzle-orm';
import type { ContextCustomer } from '../../context.ts';

/**
 * The columns a request context needs of the customer acted for; select them from `customers` joined with its area
 * (`areas.id = customers.area_id`) and turn the row into the context's customer with `toContextCustomer`.
 */
export const contextCustomerColumns = {
  customerId: customers.id,
  customerNumber: customers.customerNumber,
  customerCurrencyCode: customers.currencyCode,
  areaCurrencyCode: areas.currencyCode,
  priceGroupId: customers.priceGroupId,
  areaId: customers.areaId,
  countryCode: customers.countryCode,
  vatNumber: customers.vatNumber,
};

type ContextCustomerRow = {
  customerId: string;
  customerNumber: string;
  customerCurrencyCode: string | null;
  areaCurrencyCode: string;
  priceGroupId: string | null;
  areaId: string;
  countryCode: string;
  vatNumber: string | null;
};

/** spec §1: the customer's own currency overrides the area's. */
export function effectiveCurrencyCode(customerCurrencyCode: string | null, areaCurrencyCode: string): string {
  return customerCurrencyCode ?? areaCurrencyCode;
}

/** The context's customer from the columns of `contextCustomerColumns`, with the effective currency. */
export function toContextCustomer(row: ContextCustomerRow): ContextCustomer {
  return {
    id: row.customerId,
    customerNumber: row.customerNumber,
    currencyCode: effectiveCurrencyCode(row.customerCurrencyCode, row.areaCurrencyCode),
    priceGroupId: row.priceGroupId,
    areaId: row.areaId as AreaId,
    countryCode: row.countryCode,
    vatNumber: row.vatNumber,
  };
}

/**
 * What decides a customer's VAT (ADR 018), as one JSON array column for a statement that reads something of the
 * customer (a cart, the rep's book): the seller's country and rate in `areaId` (nulls when the area has no VAT row),
 * the customer's country and VAT number. `toCustomerVat` applies the rule to it.
 */
export function customerVatInputs(areaId: SQL, customerId: SQL) {
  return sql<RawCustomerVatInputs>`(
    select json_build_array(v.country_code, v.rate_basis_points, cu.country_code, cu.vat_number)
      from ${customers} cu
      left join ${vatRates} v on v.area_id = ${areaId}
     where cu.id = ${customerId})`;
}

/** A customerVatInputs column as the driver returns it (parsed or as text). */
export type RawCustomerVatInputs =
  | [
      sellerCountryCode: string | null,
      sellerRate: number | string | null,
      countryCode: string,
      vatNumber: string | null,
    ]
  | string;

/** The customer's VAT from a customerVatInputs column (the one rule: vat-rules' customerVatOf). */
export function toCustomerVat(value: RawCustomerVatInputs): CustomerVat {
  const [sellerCountryCode, sellerRate, countryCode, vatNumber] =
    typeof value === 'string' ? (JSON.parse(value) as Exclude<RawCustomerVatInputs, string>) : value;
  const seller =
    sellerCountryCode === null ? null : { countryCode: sellerCountryCode, rateBasisPoints: Number(sellerRate ?? 0) };
  return customerVatOf(seller, { countryCode, vatNumber });
}
