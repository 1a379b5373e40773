import { describe, expect, it } from 'vitest';
import { decodeCsvBytes, detectDelimiter, parseCsv } from './csv-reader.ts';

function texts(csv: string) {
  return [...parseCsv(csv)].map((row) => [
    row.rowNumber,
    row.cells.map((cell) => (cell.kind === 'text' ? cell.value : '')),
  ]);
}

describe('decodeCsvBytes', () => {
  it('reads UTF-8 with and without a byte order mark', () => {
    const text = 'Item number;Quantity\nÜber-1;2';
    expect(decodeCsvBytes(Buffer.from(text, 'utf8'))).toBe(text);
    expect(decodeCsvBytes(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]))).toBe(text);
  });

  it('reads Windows-1252 when the bytes are no valid UTF-8', () => {
    // "Größe;€" in Windows-1252: ö = F6, ß = DF, € = 80
    const bytes = Buffer.from([0x47, 0x72, 0xf6, 0xdf, 0x65, 0x3b, 0x80]);
    expect(decodeCsvBytes(bytes)).toBe('Größe;€');
  });

  it('reads UTF-16 by its byte order mark', () => {
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Item\tQuantity', 'utf16le')]);
    expect(decodeCsvBytes(bytes)).toBe('Item\tQuantity');
  });
});

describe('detectDelimiter', () => {
  it.each([
    ['Item number,Quantity\n1,2', ','],
    ['Item number;Quantity\n1;2,5', ';'],
    ['Item number\tQuantity', '\t'],
    ['"Item, number";Quantity', ';'],
    ['\n\nItem number;Quantity', ';'],
    ['Quantity', ','],
  ])('%j → %j', (text, delimiter) => {
    expect(detectDelimiter(text)).toBe(delimiter);
  });
});

describe('parseCsv', () => {
  it('reads comma-separated records with CRLF line ends', () => {
    expect(texts('Item number,Quantity\r\n10001-01,5\r\n10002-02,7\r\n')).toEqual([
      [1, ['Item number', 'Quantity']],
      [2, ['10001-01', '5']],
      [3, ['10002-02', '7']],
    ]);
  });

  it('reads semicolons with a decimal comma left in the cell', () => {
    expect(texts('Item number;Quantity\n10001-01;2,5')).toEqual([
      [1, ['Item number', 'Quantity']],
      [2, ['10001-01', '2,5']],
    ]);
  });

  it('reads quoted cells with delimiters, quotes and line breaks, numbering rows by the line they start on', () => {
    expect(texts('Item number,Note,Quantity\n"10001-01","a, ""b""\nc",3\n10002-02,,4')).toEqual([
      [1, ['Item number', 'Note', 'Quantity']],
      [2, ['10001-01', 'a, "b"\nc', '3']],
      [4, ['10002-02', '', '4']],
    ]);
  });

  it('skips blank lines but keeps the line numbers of the rest', () => {
    expect(texts('Item number;Quantity\n\n;\n10001-01;1')).toEqual([
      [1, ['Item number', 'Quantity']],
      [4, ['10001-01', '1']],
    ]);
  });
});
