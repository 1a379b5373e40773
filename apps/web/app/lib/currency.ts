/**
 * spec §1 display currencies: the rule lives in the contract (the API's sheets need it too); formatting amounts in
 * them is format.ts's (formatMoney).
 */
export { toDisplayCurrency } from '@b2b/contract/constants';
