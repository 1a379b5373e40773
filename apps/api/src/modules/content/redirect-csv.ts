/**
 * The redirects' CSV (issue 28): read with csv-parse (quoted fields holding commas, quotes and line breaks, a UTF-8
 * BOM, CRLF or LF) and written with csv-stringify, so an exported file imports back unchanged.
 */
import { REDIRECT_CSV_COLUMNS, type RedirectCsvProblem } from '@b2b/contract';
import { CsvError, parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { validationError } from '../../errors.ts';

export type RedirectCsvRow = { row: number; fromPath: string; toUrl: string; status: string };
type Column = (typeof REDIRECT_CSV_COLUMNS)[number];

const BYTE_ORDER_MARK = '\uFEFF';

/**
 * `;` when the header row holds more semicolons than commas (a spreadsheet saved with a semicolon list separator, as
 * in much of Europe), else `,`. The header's names hold neither, so the count cannot be fooled by a quoted value.
 */
export function detectDelimiter(text: string): ',' | ';' {
  const headerLine = text.replace(BYTE_ORDER_MARK, '').split(/\r?\n/, 1)[0] ?? '';
  const count = (character: string) => headerLine.split(character).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

/**
 * The rows of a redirects CSV by their line in the file (the header is line 1, as a spreadsheet numbers rows), and
 * the rows that cannot be read (a stray quote, a wrong number of fields). A header without the three columns is a 400
 * on `csv`: nothing else in the file can be read without it.
 */
export function parseRedirectsCsv(text: string): { rows: RedirectCsvRow[]; problems: RedirectCsvProblem[] } {
  const problems = new Map<number, RedirectCsvProblem>();
  const skipped = (error: CsvError | undefined, raw: string | undefined) => {
    const line = error === undefined ? 0 : lineOf(error);
    // csv-parse may report one broken row twice (where the quote opens and where it fails); one problem per row.
    if (!problems.has(line)) {
      problems.set(line, {
        row: line,
        fromPath: '',
        problem: `the row cannot be read: ${readableCsvError(error, raw)}`,
      });
    }
    return undefined;
  };
  // The line each record ends on (its own line, unless a quoted field holds a line break); cheaper than `info`.
  const lines: number[] = [];
  let records: string[][];
  try {
    records = parse(text, {
      bom: true,
      delimiter: detectDelimiter(text),
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_error: true,
      on_skip: skipped,
      on_record: (record, context) => {
        lines.push(context.lines);
        return record;
      },
    });
  } catch (error) {
    // An error csv-parse cannot skip (a quote never closed): the rest of the file cannot be read.
    if (!(error instanceof CsvError)) throw error;
    throw validationError('csv', `line ${lineOf(error)} cannot be read: ${readableCsvError(error, undefined)}`);
  }

  const [header, ...body] = records;
  if (header === undefined)
    throw validationError('csv', `must start with the header row ${REDIRECT_CSV_COLUMNS.join(',')}`);
  const positions = columnPositions(header);

  const rows: RedirectCsvRow[] = [];
  for (const [index, record] of body.entries()) {
    const row = lines[index + 1] ?? 0;
    if (record.length !== header.length) {
      problems.set(row, {
        row,
        fromPath: record[positions.fromPath] ?? '',
        problem: `the row has ${record.length} fields, the header ${header.length}`,
      });
      continue;
    }
    rows.push({
      row,
      fromPath: record[positions.fromPath] ?? '',
      toUrl: record[positions.toUrl] ?? '',
      status: record[positions.status] ?? '',
    });
  }
  return { rows, problems: [...problems.values()].sort((a, b) => a.row - b.row) };
}

/** Where each column is in the header; a header without all three (any order, any case) is a 400 on `csv`. */
function columnPositions(header: readonly string[]): Record<Column, number> {
  const names = header.map((name) => name.trim().toLowerCase());
  const positions = {} as Record<Column, number>;
  const missing: string[] = [];
  for (const column of REDIRECT_CSV_COLUMNS) {
    const position = names.indexOf(column.toLowerCase());
    if (position === -1) missing.push(column);
    positions[column] = position;
  }
  if (missing.length > 0) {
    throw validationError(
      'csv',
      `the header row must name the columns ${REDIRECT_CSV_COLUMNS.join(',')}; missing: ${missing.join(', ')}`,
    );
  }
  return positions;
}

function lineOf(error: CsvError): number {
  const lines = (error as CsvError & { lines?: number }).lines;
  return typeof lines === 'number' ? lines : 0;
}

function readableCsvError(error: CsvError | undefined, raw: string | undefined): string {
  const reason = error?.code === 'CSV_QUOTE_NOT_CLOSED' ? 'a quote is opened and never closed' : error?.message;
  const text = raw === undefined ? '' : ` (${JSON.stringify(raw.trim().slice(0, 80))})`;
  return `${(reason ?? 'unreadable').replace(/^Invalid Record Length: |^Invalid Closing Quote: /, '')}${text}`;
}

/** A CSV file of redirects as GetAllRedirectsAsCsv answers it: a BOM so spreadsheets read UTF-8, CRLF, quoted as needed. */
export function writeRedirectsCsv(rows: ReadonlyArray<{ fromPath: string; toUrl: string; status: number }>): string {
  return (
    BYTE_ORDER_MARK +
    stringify(
      rows.map((row) => [row.fromPath, row.toUrl, String(row.status)]),
      { header: true, columns: [...REDIRECT_CSV_COLUMNS], record_delimiter: 'windows' },
    )
  );
}

/** The header row alone: the template GetRedirectsHeaderAsCsv answers. */
export function writeRedirectsCsvHeader(): string {
  return `${BYTE_ORDER_MARK}${REDIRECT_CSV_COLUMNS.join(',')}\r\n`;
}
