/**
 * What an uploaded file is, and whether an .xlsx may be unpacked at all, decided from its bytes before any parsing
 * (issue 26 §2: bad files get a clear message and change nothing). Pure; ValidateUpload turns a refusal into a 400
 * on `file`.
 */
import { StringDecoder } from 'node:string_decoder';
import { createInflateRaw } from 'node:zlib';
import { MAX_UPLOAD_UNPACKED_BYTES } from '@b2b/contract';

/** A file ValidateUpload refuses, with the reason the buyer reads. */
export class UploadRefusal extends Error {
  override name = 'UploadRefusal';
}

export type UploadFileKind = 'xlsx' | 'csv';

const ZIP_LOCAL_HEADER = 0x04034b50;
const ZIP_CENTRAL_HEADER = 0x02014b50;
const ZIP_END_OF_DIRECTORY = 0x06054b50;
/** OLE compound files (.xls, .doc, and Office files encrypted with a password) start with these bytes. */
const COMPOUND_FILE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
/** Most parts an .xlsx may have (a sheet from DownloadSheet has about ten). */
const MAX_ZIP_ENTRIES = 1_000;

export const SAVE_AS_XLSX = 'save it as an Excel workbook (.xlsx) or a CSV file and upload that';

/** Decides the kind from the bytes (the name is only a hint to the buyer), or refuses the file. */
export function detectUploadFileKind(bytes: Buffer): UploadFileKind {
  if (bytes.length === 0) throw new UploadRefusal('The file is empty.');
  const signature = bytes.length >= 4 ? bytes.readUInt32LE(0) : 0;
  if (signature === ZIP_LOCAL_HEADER || signature === ZIP_END_OF_DIRECTORY) return 'xlsx';
  if (bytes.subarray(0, 8).equals(COMPOUND_FILE_MAGIC)) {
    // An encrypted .xlsx is a compound file holding the stream "EncryptedPackage" (names are UTF-16LE).
    if (bytes.includes(Buffer.from('EncryptedPackage', 'utf16le'))) {
      throw new UploadRefusal(`The workbook is protected with a password: remove the password, ${SAVE_AS_XLSX}.`);
    }
    throw new UploadRefusal(`This is an old Excel file (.xls) or another Office file: ${SAVE_AS_XLSX}.`);
  }
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') {
    throw new UploadRefusal(`This is a PDF, not a spreadsheet: ${SAVE_AS_XLSX}.`);
  }
  // Text has no NUL bytes (UTF-16 text starts with its byte order mark and is read as text)
  const isUtf16 = (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);
  if (!isUtf16 && bytes.subarray(0, 4096).includes(0)) {
    throw new UploadRefusal(`The file is not a spreadsheet: ${SAVE_AS_XLSX}.`);
  }
  return 'csv';
}

type ZipEntry = {
  name: string;
  flags: number;
  method: number;
  compressedSize: number;
  declaredSize: number;
  localHeaderOffset: number;
};

function corrupt(): UploadRefusal {
  return new UploadRefusal(`The workbook is damaged and cannot be read: ${SAVE_AS_XLSX} again.`);
}

function readCentralDirectory(bytes: Buffer): ZipEntry[] {
  if (bytes.length < 22) throw corrupt();
  // The end-of-directory record is in the last 65,557 bytes (22 bytes + a comment of at most 65,535).
  const searchFrom = Math.max(0, bytes.length - 65_557);
  let end = -1;
  for (let at = bytes.length - 22; at >= searchFrom; at--) {
    if (bytes.readUInt32LE(at) === ZIP_END_OF_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) throw corrupt();
  const entryCount = bytes.readUInt16LE(end + 10);
  const directoryOffset = bytes.readUInt32LE(end + 16);
  if (entryCount === 0xffff || directoryOffset === 0xffffffff) throw corrupt(); // ZIP64: no spreadsheet this size
  if (entryCount > MAX_ZIP_ENTRIES) throw new UploadRefusal('The workbook has too many parts to be a spreadsheet.');
  const entries: ZipEntry[] = [];
  let at = directoryOffset;
  for (let index = 0; index < entryCount; index++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== ZIP_CENTRAL_HEADER) throw corrupt();
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    entries.push({
      flags: bytes.readUInt16LE(at + 8),
      method: bytes.readUInt16LE(at + 10),
      compressedSize: bytes.readUInt32LE(at + 20),
      declaredSize: bytes.readUInt32LE(at + 24),
      localHeaderOffset: bytes.readUInt32LE(at + 42),
      name: bytes.subarray(at + 46, at + 46 + nameLength).toString('utf8'),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** A checked .xlsx: the names of its parts, and the text of a part kept for reading (see openXlsxPackage). */
export type XlsxPackage = {
  names: ReadonlySet<string>;
  /** Streams the part's text (UTF-8) to `onText`, inflating at most its declared size; refuses a damaged part. */
  readText(name: string, onText: (text: string) => void): Promise<void>;
};

/**
 * Checks an .xlsx before it is parsed: a zip whose parts are an Excel workbook (a Numbers or Word file is named),
 * not encrypted, and unpacking to at most `maxUnpackedBytes` — by the sizes the zip declares and by the bytes
 * actually inflated (a zip bomb may declare small sizes): each part is inflated in chunks that stop just past its
 * declared size, so no more than the budget is ever unpacked. The parts `isReadLater` names are left to `readText`
 * (which inflates them the same way, once, as they are read); the others are inflated here into a counter and
 * thrown away.
 */
export async function openXlsxPackage(
  bytes: Buffer,
  isReadLater: (name: string) => boolean,
  maxUnpackedBytes = MAX_UPLOAD_UNPACKED_BYTES,
): Promise<XlsxPackage> {
  const entries = readCentralDirectory(bytes);
  const names = new Set(entries.map((entry) => entry.name));
  if (names.has('Index/Document.iwa') || [...names].some((name) => name.startsWith('Index/'))) {
    throw new UploadRefusal(`This is an Apple Numbers file: export it from Numbers as Excel (.xlsx) or CSV.`);
  }
  if (!names.has('xl/workbook.xml')) {
    throw new UploadRefusal(`The file is not an Excel workbook: ${SAVE_AS_XLSX}.`);
  }
  if (entries.some((entry) => (entry.flags & 0x1) !== 0)) {
    throw new UploadRefusal(`The workbook is protected with a password: remove the password, ${SAVE_AS_XLSX}.`);
  }
  const declared = entries.reduce((sum, entry) => sum + entry.declaredSize, 0);
  if (declared > maxUnpackedBytes) throw tooLargeUnpacked(maxUnpackedBytes);
  const dataOf = (entry: ZipEntry): Buffer => {
    const at = entry.localHeaderOffset;
    if (at + 30 > bytes.length || bytes.readUInt32LE(at) !== ZIP_LOCAL_HEADER) throw corrupt();
    const dataStart = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
    const data = bytes.subarray(dataStart, dataStart + entry.compressedSize);
    if (data.length !== entry.compressedSize) throw corrupt();
    if (entry.method !== 0 && entry.method !== 8) throw corrupt();
    return data;
  };
  const inflate = async (entry: ZipEntry, onChunk: ((chunk: Buffer) => void) | null) => {
    const data = dataOf(entry);
    if (entry.method === 0) onChunk?.(data);
    // a part inflating past its declared size is a bomb (the declared sizes were checked against the budget above)
    const size =
      entry.method === 0 ? data.length : await inflateBounded(data, entry.declaredSize, maxUnpackedBytes, onChunk);
    if (size !== entry.declaredSize) throw corrupt();
  };
  const kept = new Map<string, ZipEntry>();
  for (const entry of entries) {
    if (isReadLater(entry.name)) kept.set(entry.name, entry);
    else await inflate(entry, null);
  }
  return {
    names,
    async readText(name, onText) {
      const entry = kept.get(name);
      if (!entry) throw corrupt();
      const decoder = new StringDecoder('utf8');
      await inflate(entry, (chunk) => onText(decoder.write(chunk)));
      onText(decoder.end());
    },
  };
}

function tooLargeUnpacked(maxUnpackedBytes: number): UploadRefusal {
  return new UploadRefusal(
    `The workbook unpacks to more than ${Math.round(maxUnpackedBytes / 1024 / 1024)} MB, far more than any order ` +
      'sheet: it is refused unread.',
  );
}

/**
 * The bytes `data` inflates to, counted chunk by chunk and handed to `onChunk` (or thrown away: memory stays at one
 * chunk), stopping as soon as the count passes `budget`.
 */
function inflateBounded(
  data: Buffer,
  budget: number,
  maxUnpackedBytes: number,
  onChunk: ((chunk: Buffer) => void) | null,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const inflate = createInflateRaw();
    let count = 0;
    let isDone = false;
    const finish = (error: Error | null) => {
      if (isDone) return;
      isDone = true;
      if (error) {
        inflate.destroy();
        reject(error);
      } else resolve(count);
    };
    inflate.on('data', (chunk: Buffer) => {
      if (isDone) return;
      count += chunk.length;
      if (count > budget) return finish(tooLargeUnpacked(maxUnpackedBytes));
      try {
        onChunk?.(chunk);
      } catch (error) {
        // what the reader refused in the chunk (a sheet with too many rows) ends the inflation
        finish(error instanceof Error ? error : corrupt());
      }
    });
    inflate.on('error', () => finish(corrupt()));
    inflate.on('end', () => finish(null));
    inflate.end(data);
  });
}
