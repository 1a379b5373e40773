/**
 * CSV files as spreadsheets and ERPs write them (issue 26 §2): comma, semicolon (Excel in most of Europe) or tab
 * between cells, quoted cells with "" inside, CRLF or LF; UTF-8 with or without a byte order mark, UTF-16 with one
 * (Excel's "Unicode text"), else Windows-1252 (Excel's "CSV" on Windows in western Europe). Pure.
 */
import type { QuantityCell } from './quantity-parser.ts';
import type { TableRow } from './table-rows.ts';

const UTF8_BOM = [0xef, 0xbb, 0xbf];

/** The file's text: UTF-8 when it is valid UTF-8 (a BOM is dropped), UTF-16 by its BOM, else Windows-1252. */
export function decodeCsvBytes(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  const hasBom = UTF8_BOM.every((byte, index) => bytes[index] === byte);
  const body = hasBom ? bytes.subarray(3) : bytes;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return decodeWindows1252(body);
  }
}

/**
 * Windows-1252's characters for the bytes 0x80–0x9F (Latin-1 has control characters there; the euro sign, curly
 * quotes and dashes live here). Node's own decoder for the label may treat it as Latin-1, hence this table.
 */
const WINDOWS_1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

function decodeWindows1252(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    .toString('latin1')
    .replace(/[\u0080-\u009f]/g, (character) => WINDOWS_1252_HIGH[character.charCodeAt(0) - 0x80] ?? character);
}

export type CsvDelimiter = ',' | ';' | '\t';
const DELIMITERS: readonly CsvDelimiter[] = [';', '\t', ','];

/**
 * The delimiter of the first non-blank line (the header): the one found most often outside quotes; a tie goes to the
 * semicolon, then the tab (a comma may be a decimal separator in a quantity).
 */
export function detectDelimiter(text: string): CsvDelimiter {
  const firstLine = text.split(/\r\n|\n|\r/, 50).find((line) => line.trim() !== '') ?? '';
  const counts = new Map<CsvDelimiter, number>(DELIMITERS.map((delimiter) => [delimiter, 0]));
  let isQuoted = false;
  for (const character of firstLine) {
    if (character === '"') isQuoted = !isQuoted;
    else if (!isQuoted && counts.has(character as CsvDelimiter)) {
      counts.set(character as CsvDelimiter, (counts.get(character as CsvDelimiter) ?? 0) + 1);
    }
  }
  let best: CsvDelimiter = ',';
  let bestCount = 0;
  for (const delimiter of DELIMITERS) {
    const count = counts.get(delimiter) ?? 0;
    if (count > bestCount) {
      best = delimiter;
      bestCount = count;
    }
  }
  return best;
}

function toCell(text: string): QuantityCell {
  return text.trim() === '' ? { kind: 'empty' } : { kind: 'text', value: text };
}

/**
 * The records of a CSV text, each with the line it starts on (the row number the preview shows). A quoted cell may
 * hold the delimiter, line breaks and "" for a quote. Blank lines are left out.
 */
export function* parseCsv(text: string, delimiter: CsvDelimiter = detectDelimiter(text)): Generator<TableRow> {
  let cells: string[] = [];
  let cell = '';
  let isQuoted = false;
  let line = 1;
  let recordLine = 1;
  let index = 0;
  function* endRecord(): Generator<TableRow> {
    cells.push(cell);
    if (cells.some((value) => value.trim() !== '')) yield { rowNumber: recordLine, cells: cells.map(toCell) };
    cells = [];
    cell = '';
  }
  while (index < text.length) {
    const character = text[index] as string;
    if (isQuoted) {
      if (character === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 2;
        continue;
      }
      if (character === '"') isQuoted = false;
      else {
        if (character === '\n' || (character === '\r' && text[index + 1] !== '\n')) line++;
        cell += character;
      }
      index++;
      continue;
    }
    if (character === '"' && cell.trim() === '') {
      isQuoted = true;
      cell = '';
    } else if (character === delimiter) {
      cells.push(cell);
      cell = '';
    } else if (character === '\r' || character === '\n') {
      if (character === '\r' && text[index + 1] === '\n') index++;
      yield* endRecord();
      line++;
      recordLine = line;
    } else cell += character;
    index++;
  }
  if (cell !== '' || cells.length > 0) yield* endRecord();
}
