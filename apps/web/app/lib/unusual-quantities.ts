import { formatCount } from './format.ts';

/**
 * A quantity to add that is far above what the customer usually orders of the product (the API's GetUsualQuantities
 * says from which quantity, ADR 019): the storefront asks before adding it. Browser-safe.
 */
export type UnusualQuantity = {
  /** The variant's (else the product's) item number, as the buyer entered or chose it. */
  itemNumber: string;
  /** What the buyer knows it by ("Helmet Pro, M Black"); null when the answer does not know (the page fills it). */
  name: string | null;
  quantity: number;
  /** The customer's usual (median) line quantity of the product; null when never ordered. */
  usualQuantity: number | null;
};

/** What an action answers when it asks instead of adding (the dialog asks the question itself). */
export const CONFIRM_QUANTITIES_MESSAGE = 'Nothing was added yet: confirm the quantities, or change them.';

/** The form field that says the buyer confirmed the quantities as entered (the action then asks no more). */
export const CONFIRMED_QUANTITIES_FIELD = 'confirmedQuantities';

/** "You usually order 6 of Helmet Pro, M Black." / "You have not ordered Helmet Pro before." */
export function usualQuantityText(item: UnusualQuantity): string {
  const name = item.name ?? item.itemNumber;
  if (item.usualQuantity === null) return `You have not ordered ${name} before.`;
  return `You usually order ${formatCount(item.usualQuantity)} of ${name}.`;
}

/** The dialog's title: "Check the quantity" for one, "Check the quantities" for several. */
export function confirmTitle(items: readonly UnusualQuantity[]): string {
  return items.length === 1 ? 'Check the quantity' : 'Check the quantities';
}

/** The confirming button's text: "Add 240" for one, "Add as entered" for several. */
export function confirmLabel(items: readonly UnusualQuantity[]): string {
  const [only, ...others] = items;
  if (only && others.length === 0) return `Add ${formatCount(only.quantity)}`;
  return 'Add as entered';
}
