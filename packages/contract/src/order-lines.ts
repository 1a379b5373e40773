/**
 * Pasted order lines, as the quick order and Instant Excel's paste (ValidateUpload's pastedText) both read them: one
 * line per item, "item; quantity" with a semicolon, a tab (a spreadsheet's copied cells) or a comma between them.
 * Free of zod, so the storefront's browser code may import it. A line without a quantity orders one unit; blank lines are skipped. The quantity is
 * kept as typed, so the row shows what was pasted and says what is wrong with it rather than dropping it.
 */

export type PastedOrderLine = { itemNumber: string; quantity: string };

/** Separators between item number and quantity, in the order they are tried on a line. */
const SEPARATORS = [';', '\t', ','] as const;

/** Reads one pasted line; null for a blank one. */
export function parseOrderLine(line: string): PastedOrderLine | null {
  const trimmed = line.trim();
  if (trimmed === '') return null;
  const separator = SEPARATORS.find((candidate) => trimmed.includes(candidate));
  if (separator === undefined) {
    // "10001-01 12": item numbers hold no spaces, so a space may separate the quantity too
    const [itemNumber = '', quantity = '1', ...rest] = trimmed.split(/\s+/);
    return rest.length === 0 ? { itemNumber, quantity } : { itemNumber: trimmed, quantity: '1' };
  }
  const at = trimmed.indexOf(separator);
  const itemNumber = trimmed.slice(0, at).trim();
  // "10001; 5; extra" keeps everything after the item number as the quantity, so the row can say it is not a number
  const quantity = trimmed.slice(at + 1).trim();
  return { itemNumber, quantity: quantity === '' ? '1' : quantity };
}

/**
 * True when pasted text is order lines rather than one item number: several lines, or one line with a separator
 * ("10001-01; 5"). The quick order then spreads it over rows instead of pasting it into one field.
 */
export function isOrderLinesPaste(text: string): boolean {
  const lines = text.split(/\r\n|\r|\n/).filter((line) => line.trim() !== '');
  return lines.length > 1 || SEPARATORS.some((separator) => text.trim().includes(separator));
}

/** Reads pasted text into order lines, in the pasted order. */
export function parseOrderLines(text: string): PastedOrderLine[] {
  return text
    .split(/\r\n|\r|\n/)
    .map(parseOrderLine)
    .filter((line) => line !== null);
}
