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
