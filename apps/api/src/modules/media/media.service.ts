/** Media files (spec §2 static route /images/raw/{b64Path}: the web decodes the path and proxies to this API). */
import { createHash } from 'node:crypto';
import type { GetMediaFileQuery } from '@b2b/contract';
import type { RequestContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { findMediaFile } from './media.repository.ts';

export type MediaFile = { contentType: string; body: Buffer; etag: string };

/** GET /api/Media/GetMediaFile: the file's bytes, content type and a strong ETag of its content. */
export async function getMediaFile(ctx: RequestContext, input: GetMediaFileQuery): Promise<MediaFile> {
  const row = await findMediaFile(ctx.db, input.Path);
  if (row === null) throw new AppError('NotFoundException', `No media file at ${input.Path}.`);
  const etag = `"${createHash('sha256').update(row.body).digest('base64url').slice(0, 27)}"`;
  return { contentType: row.contentType, body: row.body, etag };
}
