import { z } from 'zod';
import { MAX_MEDIA_PATH_LENGTH } from './constants.ts';

/**
 * A stored media file's path: relative, `/`-separated segments of letters, digits, dot, dash and underscore, no
 * `.` or `..` segments (e.g. `products/100123.svg`). The web's `/images/raw/{b64Path}` decodes to this.
 */
export const MEDIA_PATH_PATTERN = /^(?!.*(?:^|\/)\.{1,2}(?:\/|$))[A-Za-z0-9._-]+(?:\/[A-Za-z0-9._-]+)*$/;

/** GET /api/Media/GetMediaFile?Path=<path> (public): the file's bytes with its content type. */
export const getMediaFileQuery = z
  .object({
    Path: z
      .string()
      .min(1)
      .max(MAX_MEDIA_PATH_LENGTH)
      .regex(MEDIA_PATH_PATTERN, 'must be a relative path like products/100123.svg (no "..", no leading "/")')
      .describe('Path of the file as stored, e.g. `products/100123.svg`.'),
  })
  .strict();
export type GetMediaFileQuery = z.infer<typeof getMediaFileQuery>;
