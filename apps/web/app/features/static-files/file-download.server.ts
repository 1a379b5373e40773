/**
 * /files/{b64Path}/{b64FileName} (spec §2 static server routes): a stored file (a product data sheet, say) sent as a
 * download under the file name the link gives. Both segments are base64url. The path must be a media path under
 * `files/`, so no link can reach the product images or anything outside the media store through this route.
 */
import { MEDIA_PATH_PATTERN } from '@b2b/contract';
import { MAX_MEDIA_PATH_LENGTH } from '@b2b/contract/constants';
import { type FetchStoredFile, fetchStoredMedia, plainTextResponse as plain } from '~/lib/stored-media.server.ts';

/** The folder of the media store this route serves from. */
const FILES_FOLDER = 'files/';
/** Longest download name accepted (characters, after decoding). */
const MAX_FILE_NAME_LENGTH = 200;
/** base64url only: plain base64's `/` would split the URL segment, so links use the URL-safe alphabet. */
const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;
/** Content types passed on from the store as they are; anything else is sent as bytes. */
const CONTENT_TYPE = /^[a-z]+\/[a-z0-9.+-]+$/i;

/** Decodes base64url text; null for bad base64, invalid UTF-8 or control characters. */
function decodeBase64UrlText(value: string | undefined, maxDecodedLength: number): string | null {
  // four characters of base64 carry three bytes, and a character is at most four bytes of UTF-8
  if (!value || value.length > Math.ceil((maxDecodedLength * 4 * 4) / 3) + 2 || !BASE64URL.test(value)) return null;
  const unpadded = value.replace(/=+$/, '');
  if (unpadded.length % 4 === 1) return null;
  const text = Buffer.from(unpadded, 'base64url').toString('utf8');
  if (!text || text.length > maxDecodedLength) return null;
  // U+FFFD: the bytes were not UTF-8; C0/C1 controls (NUL included) are never part of a path or a name
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters mean the input was not text
  if (/[\u0000-\u001f\u007f-\u009f\ufffd]/.test(text)) return null;
  return text;
}

/** The stored path of `b64Path` when it names a file under `files/`, else null. */
export function decodeDownloadPath(b64Path: string | undefined): string | null {
  const path = decodeBase64UrlText(b64Path, MAX_MEDIA_PATH_LENGTH);
  if (!path?.startsWith(FILES_FOLDER) || !MEDIA_PATH_PATTERN.test(path)) return null;
  return path;
}

/** The download name of `b64FileName`: ≤ 200 characters, no slashes, no control characters, not `.` or `..`. */
export function decodeDownloadFileName(b64FileName: string | undefined): string | null {
  const name = decodeBase64UrlText(b64FileName, MAX_FILE_NAME_LENGTH)?.trim();
  if (!name || /[/\\]/.test(name) || name === '.' || name === '..') return null;
  return name;
}

/**
 * `attachment` with the name twice (RFC 6266): `filename` in plain ASCII for old clients (anything else, and the
 * quote and backslash, become `_`), `filename*` as UTF-8 percent-encoded (RFC 5987) for everyone else.
 */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * The answer to /files/{b64Path}/{b64FileName}: 404 for a path that is not a stored file under `files/` (bad
 * base64, traversal, another folder, missing in the store), 400 for a file name that cannot be one, 502 when the
 * API fails; otherwise the bytes as an attachment. The store is asked only for a path that passed every check.
 */
export async function fileDownloadResponse(
  params: { b64Path?: string | undefined; b64FileName?: string | undefined },
  fetchStoredFile: FetchStoredFile,
  signal: AbortSignal,
): Promise<Response> {
  const path = decodeDownloadPath(params.b64Path);
  if (!path) return plain(404, 'Not Found');
  const fileName = decodeDownloadFileName(params.b64FileName);
  if (!fileName) return plain(400, 'Invalid file name: base64url of a name without slashes, at most 200 characters');

  const stored = await fetchStoredMedia(path, signal, 'files', fetchStoredFile);
  if ('failed' in stored) return stored.failed;
  const response = stored.file;
  const contentType = response.headers.get('content-type')?.split(';')[0]?.trim() ?? '';
  const headers = new Headers({
    'content-type': CONTENT_TYPE.test(contentType) ? contentType : 'application/octet-stream',
    'content-disposition': contentDisposition(fileName),
    // a path names one stored file; a new version of a data sheet gets a new path
    'cache-control': 'public, max-age=86400',
    // opened in the browser all the same (an HTML or SVG file, say), it must not run scripts on our origin
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  });
  const length = response.headers.get('content-length');
  // fetch has already decoded a compressed body, so its upstream length would be wrong
  if (length && !response.headers.get('content-encoding')) headers.set('content-length', length);
  return new Response(response.body, { status: 200, headers });
}
