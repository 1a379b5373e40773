/**
 * The order terms in the browser (issue 24): the amounts content texts name (`money` runs, the shippingMethods
 * block) in the viewer's currency, from GetOrderTerms (lib/order-terms.server.ts, loaded by the root route for every
 * page). Browser-safe: types only from the contract.
 */
import type { MoneyTerm } from '@b2b/contract/content-blocks';
import type { GetOrderTermsResponse } from '@b2b/contract/shipping';
import { createContext, useContext } from 'react';
import { formatMoney } from './format.ts';

export type OrderTerms = GetOrderTermsResponse;

/** What a named amount shows when the terms could not be loaded, or the viewer's currency has no such rule. */
export const UNKNOWN_AMOUNT_TEXT = '–';

/** The amount a text names, in the terms' currency; null when that currency has no such rule. */
export function moneyTermAmount(terms: OrderTerms, term: MoneyTerm): number | null {
  switch (term) {
    case 'freeFreightFrom':
      return terms.freeFreightFrom;
    case 'smallOrderSurchargeBelow':
      return terms.smallOrderSurcharge?.below ?? null;
    case 'smallOrderSurchargeFee':
      return terms.smallOrderSurcharge?.fee ?? null;
  }
}

/** A named amount as a text shows it, e.g. "€500.00", "NOK 5,000.00", "US$500.00" (formatMoney). */
export function formatMoneyTerm(terms: OrderTerms | null, term: MoneyTerm): string {
  const amount = terms === null ? null : moneyTermAmount(terms, term);
  return terms === null || amount === null ? UNKNOWN_AMOUNT_TEXT : formatMoney(amount, terms.currencyCode);
}

/** The viewer's order terms; null while unknown (the root loader could not load them). */
export const OrderTermsContext = createContext<OrderTerms | null>(null);

export function useOrderTerms(): OrderTerms | null {
  return useContext(OrderTermsContext);
}
