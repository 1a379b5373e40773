import { MAX_MEDIA_PATH_LENGTH } from '@b2b/contract/constants';

const BASE64 = /^[A-Za-z0-9_+/-]+={0,2}$/;

/**
 * Decodes the base64url `b64Path` of /images/raw/{b64Path} (plain base64 `+` `/` tolerated). Null for anything that
 * is not a plausible media path: bad base64, invalid UTF-8, control characters or `..` segments.
 */
export function decodeMediaPath(b64Path: string | undefined): string | null {
  if (!b64Path || b64Path.length > MAX_MEDIA_PATH_LENGTH * 2 || !BASE64.test(b64Path)) return null;
  const normalized = b64Path.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  if (normalized.length % 4 === 1) return null;
  const path = Buffer.from(normalized, 'base64url').toString('utf8');
  if (!path || path.length > MAX_MEDIA_PATH_LENGTH) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters mean the input was not a path
  if (/[\u0000-\u001f\u007f\ufffd]/.test(path)) return null;
  if (path.split(/[/\\]/).includes('..')) return null;
  return path;
}

/** The inverse, for building image URLs: `/images/raw/<base64url path>`. */
export function toRawImageUrl(path: string): string {
  return `/images/raw/${Buffer.from(path, 'utf8').toString('base64url')}`;
}
