import { describe, expect, it } from 'vitest';
import {
  contentDisposition,
  decodeDownloadFileName,
  decodeDownloadPath,
  fileDownloadResponse,
} from './file-download.server.ts';

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

/** A media store as GetMediaFile answers from it, remembering every path it was asked for. */
function storeWith(files: Record<string, { body: string; type: string }>, status?: number) {
  const asked: string[] = [];
  const fetchStoredFile = async (path: string) => {
    asked.push(path);
    if (status) return new Response('upstream', { status });
    const file = files[path];
    if (!file) return new Response(JSON.stringify({ type: 'NotFoundException' }), { status: 404 });
    return new Response(file.body, { status: 200, headers: { 'content-type': file.type } });
  };
  return { asked, fetchStoredFile };
}

const SHEET = 'files/datasheets/100123.pdf';
const signal = new AbortController().signal;

describe('fileDownloadResponse (/files/{b64Path}/{b64FileName})', () => {
  it('sends a stored file under files/ as an attachment with the given name', async () => {
    const store = storeWith({ [SHEET]: { body: '%PDF-1.7 sheet', type: 'application/pdf' } });
    const response = await fileDownloadResponse(
      { b64Path: b64(SHEET), b64FileName: b64('Ridge Deck 8.0 – data sheet.pdf') },
      store.fetchStoredFile,
      signal,
    );
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('%PDF-1.7 sheet');
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="Ridge Deck 8.0 _ data sheet.pdf"; filename*=UTF-8''Ridge%20Deck%208.0%20%E2%80%93%20data%20sheet.pdf`,
    );
    expect(response.headers.get('content-security-policy')).toContain('sandbox');
    expect(store.asked).toEqual([SHEET]);
  });

  it.each([
    ['traversal', '../../etc/passwd'],
    ['traversal inside files/', 'files/../../etc/passwd'],
    ['a dot segment', 'files/./x.pdf'],
    ['an absolute path', '/files/x.pdf'],
    ['a backslash', 'files\\..\\x.pdf'],
    ['another folder of the store', 'products/100123.svg'],
    ['the folder itself', 'files/'],
    ['a NUL byte', 'files/x.pdf\u0000.png'],
    ['a control character', 'files/x\n.pdf'],
    ['over-long', `files/${'a'.repeat(600)}.pdf`],
    ['a space', 'files/data sheet.pdf'],
  ])('answers 404 for a path with %s and never asks the store', async (_case, path) => {
    const store = storeWith({});
    const response = await fileDownloadResponse(
      { b64Path: b64(path), b64FileName: b64('x.pdf') },
      store.fetchStoredFile,
      signal,
    );
    expect(response.status).toBe(404);
    expect(store.asked).toEqual([]);
  });

  it.each([
    ['junk', '%%%'],
    ['plain base64 with +', `${b64(SHEET).slice(0, 4)}+${b64(SHEET).slice(5)}`],
    ['a length no base64 has (4n + 1)', 'ZmlsZXMvA'],
    ['invalid UTF-8', Buffer.from([0x66, 0xff, 0xfe, 0x2f]).toString('base64url')],
    ['nothing', ''],
    ['huge', 'A'.repeat(100_000)],
  ])('answers 404 for a b64Path that is %s', async (_case, b64Path) => {
    const store = storeWith({});
    const response = await fileDownloadResponse({ b64Path, b64FileName: b64('x.pdf') }, store.fetchStoredFile, signal);
    expect(response.status).toBe(404);
    expect(store.asked).toEqual([]);
  });

  it.each([
    ['a slash', 'sheets/x.pdf'],
    ['a backslash', '..\\x.pdf'],
    ['a NUL byte', 'x.pdf\u0000.exe'],
    ['a line break (header injection)', 'x.pdf\r\nSet-Cookie: a=b'],
    ['over 200 characters', `${'a'.repeat(201)}.pdf`],
    ['only dots', '..'],
    ['only spaces', '   '],
  ])('answers 400 for a file name with %s', async (_case, name) => {
    const store = storeWith({ [SHEET]: { body: 'x', type: 'application/pdf' } });
    const response = await fileDownloadResponse(
      { b64Path: b64(SHEET), b64FileName: b64(name) },
      store.fetchStoredFile,
      signal,
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('Invalid file name');
    expect(store.asked).toEqual([]);
  });

  it('answers 400 for a file name that is not base64url', async () => {
    const store = storeWith({});
    for (const b64FileName of ['!!', 'A'.repeat(5000), undefined]) {
      const response = await fileDownloadResponse({ b64Path: b64(SHEET), b64FileName }, store.fetchStoredFile, signal);
      expect(response.status).toBe(400);
    }
  });

  it('answers 404 for a file the store does not have, 502 when the API fails or cannot be reached', async () => {
    const missing = storeWith({});
    const name = b64('x.pdf');
    expect(
      (await fileDownloadResponse({ b64Path: b64(SHEET), b64FileName: name }, missing.fetchStoredFile, signal)).status,
    ).toBe(404);
    const failing = storeWith({}, 500);
    expect(
      (await fileDownloadResponse({ b64Path: b64(SHEET), b64FileName: name }, failing.fetchStoredFile, signal)).status,
    ).toBe(502);
    const unreachable = async () => {
      throw new TypeError('fetch failed');
    };
    expect((await fileDownloadResponse({ b64Path: b64(SHEET), b64FileName: name }, unreachable, signal)).status).toBe(
      502,
    );
  });

  it('passes on the content type without its parameters; a malformed one becomes bytes', async () => {
    const store = storeWith({ [SHEET]: { body: 'x', type: 'text/html; charset=utf-8"><script>' } });
    const response = await fileDownloadResponse(
      { b64Path: b64(SHEET), b64FileName: b64('x.pdf') },
      store.fetchStoredFile,
      signal,
    );
    expect(response.headers.get('content-type')).toBe('text/html');
    const odd = storeWith({ [SHEET]: { body: 'x', type: 'what ever' } });
    const oddResponse = await fileDownloadResponse(
      { b64Path: b64(SHEET), b64FileName: b64('x.pdf') },
      odd.fetchStoredFile,
      signal,
    );
    expect(oddResponse.headers.get('content-type')).toBe('application/octet-stream');
  });
});

describe('download names', () => {
  it('decodes names and paths, trimming the name', () => {
    expect(decodeDownloadPath(b64(SHEET))).toBe(SHEET);
    expect(decodeDownloadFileName(b64('  Data sheet.pdf '))).toBe('Data sheet.pdf');
  });

  it('writes quotes, backslashes, percent signs and non-ASCII as _ in the ASCII name, all of it in filename*', () => {
    expect(contentDisposition('a "b" \\ 50% ø(1).pdf')).toBe(
      `attachment; filename="a _b_ _ 50_ _(1).pdf"; filename*=UTF-8''a%20%22b%22%20%5C%2050%25%20%C3%B8%281%29.pdf`,
    );
  });
});
