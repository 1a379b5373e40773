/**
 * A quantity cell as read from a sheet, a CSV file or a pasted line → a whole number, empty, or why it is refused.
 * Values only: a formula is refused as a formula and never evaluated (issue 26 §2), whatever its cached result.
 */
import type { InvalidQuantityReason } from '@b2b/contract';

/** A cell as the readers hand it over: a number, text, a formula (its text with "="), or nothing. */
export type QuantityCell =
  | { kind: 'number'; value: number }
  | { kind: 'text'; value: string }
  | { kind: 'formula'; formula: string }
  | { kind: 'empty' };

export type ParsedQuantity =
  | { kind: 'empty' }
  | { kind: 'quantity'; quantity: number }
  | { kind: 'invalid'; reason: Exclude<InvalidQuantityReason, 'aboveLineLimit'> };

/** "12", "+12", "12.0", "12,00", "1 200" (a space between thousands): digits, with a decimal part or not. */
const NUMBER_TEXT = /^([+-]?)(\d+)(?:[.,](\d+))?$/;

function parseNumber(value: number): ParsedQuantity {
  if (!Number.isFinite(value)) return { kind: 'invalid', reason: 'text' };
  if (value < 0) return { kind: 'invalid', reason: 'negative' };
  if (!Number.isInteger(value)) return { kind: 'invalid', reason: 'decimal' };
  return { kind: 'quantity', quantity: value };
}

function parseText(text: string): ParsedQuantity {
  const trimmed = text.replace(/[\s\u00a0\u202f]/g, '');
  if (trimmed === '') return { kind: 'empty' };
  // In a CSV file, text a spreadsheet would compute is a formula too (and is not run here either).
  if (trimmed.startsWith('=')) return { kind: 'invalid', reason: 'formula' };
  const match = NUMBER_TEXT.exec(trimmed);
  if (!match) return { kind: 'invalid', reason: 'text' };
  const [, sign, whole = '', fraction = ''] = match;
  if (sign === '-' && /[1-9]/.test(whole + fraction)) return { kind: 'invalid', reason: 'negative' };
  if (/[1-9]/.test(fraction)) return { kind: 'invalid', reason: 'decimal' };
  return parseNumber(Number(whole));
}

export function parseQuantity(cell: QuantityCell): ParsedQuantity {
  switch (cell.kind) {
    case 'empty':
      return { kind: 'empty' };
    case 'formula':
      return { kind: 'invalid', reason: 'formula' };
    case 'number':
      return parseNumber(cell.value);
    case 'text':
      return parseText(cell.value);
  }
}

/** The cell as the preview shows it. */
export function quantityTextOf(cell: QuantityCell): string {
  switch (cell.kind) {
    case 'empty':
      return '';
    case 'formula':
      return cell.formula.startsWith('=') ? cell.formula : `=${cell.formula}`;
    case 'number':
      return String(cell.value);
    case 'text':
      return cell.value.trim();
  }
}
