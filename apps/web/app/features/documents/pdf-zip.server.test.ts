import { strFromU8, strToU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { fileNameFromContentDisposition, zipFiles } from './pdf-zip.server.ts';

describe('PDF ZIP', () => {
  it('takes the file name the API gave, and nothing that leaves the folder', () => {
    expect(fileNameFromContentDisposition('attachment; filename="INV-000123.pdf"', 'x.pdf')).toBe('INV-000123.pdf');
    expect(fileNameFromContentDisposition("attachment; filename=a.pdf; filename*=UTF-8''INV%20000123.pdf", 'x')).toBe(
      'INV_000123.pdf',
    );
    expect(fileNameFromContentDisposition('attachment; filename=CM-000007.pdf', 'x.pdf')).toBe('CM-000007.pdf');
    expect(fileNameFromContentDisposition('attachment; filename="../../etc/passwd"', 'x.pdf')).toBe('etc_passwd');
    expect(fileNameFromContentDisposition(null, 'invoice.pdf')).toBe('invoice.pdf');
    expect(fileNameFromContentDisposition('attachment', 'invoice.pdf')).toBe('invoice.pdf');
  });

  it('stores every file under its own name', () => {
    const zip = zipFiles([
      { fileName: 'INV-000001.pdf', bytes: strToU8('%PDF-1 one') },
      { fileName: 'INV-000002.pdf', bytes: strToU8('%PDF-1 two') },
      { fileName: 'INV-000001.pdf', bytes: strToU8('%PDF-1 again') },
    ]);
    const files = unzipSync(zip);
    expect(Object.keys(files)).toEqual(['INV-000001.pdf', 'INV-000002.pdf', 'INV-000001_2.pdf']);
    expect(strFromU8(files['INV-000002.pdf'] ?? new Uint8Array())).toBe('%PDF-1 two');
    expect(strFromU8(files['INV-000001_2.pdf'] ?? new Uint8Array())).toBe('%PDF-1 again');
  });
});
