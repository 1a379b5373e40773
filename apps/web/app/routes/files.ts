import { fileDownloadResponse } from '~/features/static-files/file-download.server.ts';
import { fetchMediaFile } from '~/lib/stored-media.server.ts';
import type { Route } from './+types/files';

/**
 * /files/{b64Path}/{b64FileName} (spec §2 static server routes): a stored file under `files/` (e.g. a product data
 * sheet), fetched with GetMediaFile and sent as a download named by the link.
 */
export function loader({ params, request }: Route.LoaderArgs) {
  return fileDownloadResponse(params, fetchMediaFile, request.signal);
}
