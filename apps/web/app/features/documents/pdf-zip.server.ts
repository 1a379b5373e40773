/**
 * Several documents' PDFs as one ZIP (issue 9: "select several and download their PDFs as one ZIP"). PDFs are
 * compressed already, so the entries are stored, not deflated again: the ZIP is built as fast as it is copied.
 */
import { type Zippable, zipSync } from 'fflate';

export type NamedFile = { fileName: string; bytes: Uint8Array };

const SAFE_FILE_NAME = /[^A-Za-z0-9._-]+/g;

/**
 * The file name the API gave a document in its Content-Disposition (`filename*=UTF-8''…` preferred over
 * `filename="…"`), reduced to letters, digits, dot, dash and underscore so no entry can climb out of the folder it
 * is unpacked into; `fallback` when there is none.
 */
export function fileNameFromContentDisposition(header: string | null, fallback: string): string {
  const extended = header?.match(/filename\*\s*=\s*UTF-8''([^;]+)/i)?.[1];
  const plain = header?.match(/filename\s*=\s*"([^"]*)"/i)?.[1] ?? header?.match(/filename\s*=\s*([^;\s]+)/i)?.[1];
  let name = '';
  try {
    name = extended ? decodeURIComponent(extended.trim()) : (plain ?? '');
  } catch {
    name = plain ?? '';
  }
  const safe = name.replace(SAFE_FILE_NAME, '_').replace(/^[._]+/, '');
  return safe || fallback;
}

/** One ZIP of the files; a name seen twice gets " (2)", " (3)" … before its extension. */
export function zipFiles(files: readonly NamedFile[]): Uint8Array<ArrayBuffer> {
  const entries: Zippable = {};
  for (const file of files) {
    let name = file.fileName;
    for (let copy = 2; name in entries; copy += 1) name = file.fileName.replace(/(\.[^.]*)?$/, `_${copy}$1`);
    entries[name] = [file.bytes, { level: 0 }];
  }
  return zipSync(entries);
}
