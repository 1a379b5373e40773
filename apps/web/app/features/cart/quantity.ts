import { MAX_LINE_QUANTITY } from '@b2b/contract/constants';

/**
 * A quantity typed by a person: a whole number within the API's bounds, else null. spec §5: 0 or less is valid and
 * means "delete the line" where a line is changed; adding needs at least 1.
 */
export function parseQuantity(value: FormDataEntryValue | null): number | null {
  if (typeof value !== 'string' || !/^-?\d+$/.test(value.trim())) return null;
  const quantity = Number(value.trim());
  return Math.abs(quantity) <= MAX_LINE_QUANTITY ? quantity : null;
}

/**
 * The quantity of a cart line the buyer changed (spec §5: "a line quantity of 0 or less, or invalid, means deleting
 * the line"): an empty or unparsable entry counts as 0 and deletes, as does 0 or less; only a quantity above the
 * API's limit is refused (null), since the buyer meant to order, not to delete.
 */
export function parseLineQuantity(value: FormDataEntryValue | null): number | null {
  const text = typeof value === 'string' ? value.trim() : '';
  if (!/^-?\d+$/.test(text)) return 0;
  const quantity = Number(text);
  if (quantity <= 0) return 0;
  return quantity <= MAX_LINE_QUANTITY ? quantity : null;
}
