/** Drizzle queries of the media module. */
import type { Executor } from '@b2b/db';
import { mediaFiles } from '@b2b/db/schema';
import { eq } from 'drizzle-orm';

export type MediaFileRow = { contentType: string; body: Buffer };

/** The stored file at `path`, or null. */
export async function findMediaFile(db: Executor, path: string): Promise<MediaFileRow | null> {
  const [row] = await db
    .select({ contentType: mediaFiles.contentType, body: mediaFiles.body })
    .from(mediaFiles)
    .where(eq(mediaFiles.path, path))
    .limit(1);
  return row ?? null;
}
