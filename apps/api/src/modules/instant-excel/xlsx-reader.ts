/**
 * Reads an .xlsx's order rows from the sheet XML itself, streamed: the worksheet's text is scanned row by row as it is
 * inflated, so neither a workbook model nor the whole sheet sits in memory (issue 26's peak RSS bound), and a 5,000-row
 * sheet reads in tens of milliseconds (a general workbook reader took about 300: bench/results/excel.txt). Values
 * only: a formula cell is handed on as a formula and never evaluated, nor is its cached result used. The first
 * worksheet (in the workbook's order) with a Quantity header is read; the package is checked as it is opened
 * (upload-file-checks.ts: a real workbook, no bomb).
 *
 * The cells read are those of SpreadsheetML (ECMA-376 part 1, §18.3.1.4 c, §18.4 shared strings): `t="s"` a shared
 * string, `inlineStr` an inline one, `str` a formula's text, `b` a boolean, `e` an error, `d` an ISO date, otherwise a
 * number.
 */
import type { QuantityCell } from './quantity-parser.ts';
import { MissingQuantityColumn, SheetRowReader } from './table-rows.ts';
import { openXlsxPackage, SAVE_AS_XLSX, UploadRefusal, type XlsxPackage } from './upload-file-checks.ts';

const WORKBOOK = 'xl/workbook.xml';
const WORKBOOK_RELATIONS = 'xl/_rels/workbook.xml.rels';
const SHARED_STRINGS = 'xl/sharedStrings.xml';

/** The parts this reader inflates itself (the others are only checked). */
function isReadPart(name: string): boolean {
  return (
    name === WORKBOOK ||
    name === WORKBOOK_RELATIONS ||
    name === SHARED_STRINGS ||
    (name.startsWith('xl/worksheets/') && name.endsWith('.xml') && !name.includes('/_rels/'))
  );
}

function damaged(): UploadRefusal {
  return new UploadRefusal(`The workbook is damaged and cannot be read: ${SAVE_AS_XLSX} again.`);
}

const ENTITY_PATTERN = /&(?:(amp|lt|gt|quot|apos)|#(\d+)|#x([0-9a-fA-F]+));/g;
const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
/** SpreadsheetML escapes characters XML cannot hold as `_xHHHH_`. */
const ESCAPED_CHARACTER_PATTERN = /_x([0-9a-fA-F]{4})_/g;

function decodeXmlText(text: string): string {
  if (!text.includes('&') && !text.includes('_x')) return text;
  return text
    .replace(ENTITY_PATTERN, (_match, named: string | undefined, decimal: string | undefined, hex: string) =>
      named ? (NAMED_ENTITIES[named] ?? '') : String.fromCodePoint(Number.parseInt(decimal ?? hex, decimal ? 10 : 16)),
    )
    .replace(ESCAPED_CHARACTER_PATTERN, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

const TEXT_RUN_PATTERN = /<t(?:\s[^>]*)?>([\s\S]*?)<\/t>/g;
const PHONETIC_RUN_PATTERN = /<rPh\b[\s\S]*?<\/rPh>/g;

/** The text of a string item (`<si>`, `<is>`): its runs joined, phonetic guides left out. */
function stringItemText(xml: string): string {
  let text = '';
  for (const match of xml.replace(PHONETIC_RUN_PATTERN, '').matchAll(TEXT_RUN_PATTERN)) text += match[1] ?? '';
  return decodeXmlText(text);
}

/**
 * Reads a part's text and hands `onElement` each complete element that `pattern` (global, matching whole elements)
 * finds, as the text arrives: a part is never held whole. Returns the text after the last element (its end tags).
 */
async function scanElements(
  xlsx: XlsxPackage,
  name: string,
  pattern: RegExp,
  onElement: (match: RegExpExecArray) => void,
): Promise<string> {
  let pending = '';
  const scan = () => {
    pattern.lastIndex = 0;
    let consumed = 0;
    for (let match = pattern.exec(pending); match; match = pattern.exec(pending)) {
      onElement(match);
      consumed = pattern.lastIndex;
    }
    pending = pending.slice(consumed);
  };
  await xlsx.readText(name, (text) => {
    pending += text;
    scan();
  });
  return pending;
}

async function readSharedStrings(xlsx: XlsxPackage): Promise<string[]> {
  if (!xlsx.names.has(SHARED_STRINGS)) return [];
  const strings: string[] = [];
  await scanElements(xlsx, SHARED_STRINGS, /<si>([\s\S]*?)<\/si>|<si\/>/g, (match) => {
    strings.push(stringItemText(match[1] ?? ''));
  });
  return strings;
}

async function readWholePart(xlsx: XlsxPackage, name: string): Promise<string> {
  let text = '';
  await xlsx.readText(name, (chunk) => {
    text += chunk;
  });
  return text;
}

/** The worksheet parts in the workbook's order (by its relationships; by part name when they are missing). */
async function worksheetParts(xlsx: XlsxPackage): Promise<string[]> {
  const byName = [...xlsx.names]
    .filter((name) => name.startsWith('xl/worksheets/') && isReadPart(name))
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  if (!xlsx.names.has(WORKBOOK_RELATIONS)) return byName;
  const targets = new Map<string, string>();
  for (const match of (await readWholePart(xlsx, WORKBOOK_RELATIONS)).matchAll(/<Relationship\b[^>]*>/g)) {
    const id = /\bId="([^"]*)"/.exec(match[0])?.[1];
    const target = /\bTarget="([^"]*)"/.exec(match[0])?.[1];
    if (id && target) {
      targets.set(id, target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`);
    }
  }
  const ordered: string[] = [];
  for (const match of (await readWholePart(xlsx, WORKBOOK)).matchAll(/<sheet\b[^>]*>/g)) {
    const relationId = /\br:id="([^"]*)"|\bid="([^"]*)"/.exec(match[0]);
    const part = targets.get(relationId?.[1] ?? relationId?.[2] ?? '');
    if (part && xlsx.names.has(part) && !ordered.includes(part)) ordered.push(part);
  }
  return ordered.length > 0 ? ordered : byName;
}

/** "AB12" → 27 (1-based column of a cell reference); null without letters. */
function columnOf(reference: string): number | null {
  let column = 0;
  for (const character of reference) {
    const code = character.charCodeAt(0);
    if (code < 65 || code > 90) break;
    column = column * 26 + (code - 64);
  }
  return column === 0 ? null : column;
}

const CELL_PATTERN = /<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g;
const FORMULA_PATTERN = /<f\b([^>]*?)(?:\/>|>([\s\S]*?)<\/f>)/;
const VALUE_PATTERN = /<v>([\s\S]*?)<\/v>/;
const INLINE_STRING_PATTERN = /<is>([\s\S]*?)<\/is>/;

function attributeOf(attributes: string, name: string): string | null {
  return new RegExp(`\\b${name}="([^"]*)"`).exec(attributes)?.[1] ?? null;
}

function textCell(text: string): QuantityCell {
  return text.trim() === '' ? { kind: 'empty' } : { kind: 'text', value: text };
}

/** One `<c>` element → a cell of ours. */
function toCell(attributes: string, content: string, sharedStrings: readonly string[]): QuantityCell {
  const formula = FORMULA_PATTERN.exec(content);
  if (formula) {
    // a shared formula's other cells carry only its index: still a formula, never a number
    const text = decodeXmlText(formula[2] ?? '');
    return { kind: 'formula', formula: text === '' ? `shared ${attributeOf(formula[1] ?? '', 'si') ?? ''}` : text };
  }
  const type = attributeOf(attributes, 't');
  if (type === 'inlineStr') return textCell(stringItemText(INLINE_STRING_PATTERN.exec(content)?.[1] ?? ''));
  const value = VALUE_PATTERN.exec(content)?.[1];
  if (value === undefined) return { kind: 'empty' };
  switch (type) {
    case 's': {
      const text = sharedStrings[Number(value)];
      if (text === undefined) throw damaged();
      return textCell(text);
    }
    case 'b':
      return { kind: 'text', value: value === '1' ? 'TRUE' : 'FALSE' };
    case 'd':
      return textCell(value.slice(0, 10));
    case 'str':
    case 'e':
      return textCell(decodeXmlText(value));
    default: {
      const number = Number(value);
      return Number.isFinite(number) && value.trim() !== '' ? { kind: 'number', value: number } : textCell(value);
    }
  }
}

/** The rows of one worksheet into `reader` (which refuses what is wrong with the table, e.g. too many rows). */
async function readWorksheet(
  xlsx: XlsxPackage,
  part: string,
  sharedStrings: readonly string[],
  reader: SheetRowReader,
): Promise<void> {
  let previousRowNumber = 0;
  const rest = await scanElements(xlsx, part, /<row\b([^>]*?)(?:\/>|>([\s\S]*?)<\/row>)/g, (match) => {
    const rowNumber = Number(attributeOf(match[1] ?? '', 'r') ?? previousRowNumber + 1);
    if (!Number.isSafeInteger(rowNumber) || rowNumber <= previousRowNumber) throw damaged();
    previousRowNumber = rowNumber;
    const cells: QuantityCell[] = [];
    let previousColumn = 0;
    for (const cell of (match[2] ?? '').matchAll(CELL_PATTERN)) {
      const attributes = cell[1] ?? '';
      const column = columnOf(attributeOf(attributes, 'r') ?? '') ?? previousColumn + 1;
      previousColumn = column;
      cells[column - 1] = toCell(attributes, cell[2] ?? '', sharedStrings);
    }
    for (let index = 0; index < cells.length; index++) cells[index] ??= { kind: 'empty' };
    reader.add({ rowNumber, cells });
  });
  // a worksheet cut short (a damaged file) lacks its end
  if (!rest.includes('</worksheet>')) throw damaged();
  reader.finish();
}

/**
 * The order rows of the workbook: those of the first worksheet that has a Quantity column (a sheet without one, or
 * a workbook without any, is refused as SheetRowReader refuses it).
 */
export async function readXlsxRows(bytes: Buffer): Promise<SheetRowReader> {
  try {
    return await readFirstOrderTable(bytes);
  } catch (error) {
    if (error instanceof UploadRefusal) throw error;
    // what the XML held could not be read as a workbook's (a character reference out of range, say)
    throw damaged();
  }
}

async function readFirstOrderTable(bytes: Buffer): Promise<SheetRowReader> {
  const xlsx = await openXlsxPackage(bytes, isReadPart);
  const sharedStrings = await readSharedStrings(xlsx);
  let firstRefusal: UploadRefusal | null = null;
  for (const part of await worksheetParts(xlsx)) {
    const reader = new SheetRowReader();
    try {
      await readWorksheet(xlsx, part, sharedStrings, reader);
      return reader;
    } catch (error) {
      // a worksheet without a Quantity column: the next one may have it; any other refusal stands
      if (!(error instanceof MissingQuantityColumn)) throw error;
      firstRefusal ??= error;
    }
  }
  throw firstRefusal ?? new UploadRefusal('The workbook has no worksheet.');
}
