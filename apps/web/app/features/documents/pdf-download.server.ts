/**
 * The answers of the PDF and ZIP download routes. Documents are the customer's own: never kept by a shared cache,
 * never sniffed into something else than what they are.
 */
import { PRIVATE_FILE_HEADERS } from '~/lib/private-file-headers.server.ts';
import { type NamedFile, zipFiles } from './pdf-zip.server.ts';

export function notFoundResponse(): Response {
  return new Response('Not Found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
}

export function badGatewayResponse(): Response {
  return new Response('Bad Gateway', { status: 502, headers: { 'content-type': 'text/plain; charset=utf-8' } });
}

/** The API's PDF streamed on as it comes, with the file name the API gave it (its Content-Disposition). */
export function pdfDownloadResponse(apiResponse: Response, fallbackFileName: string): Response {
  const headers = new Headers({
    ...PRIVATE_FILE_HEADERS,
    'content-type': 'application/pdf',
    'content-disposition':
      apiResponse.headers.get('content-disposition') ?? `attachment; filename="${fallbackFileName}"`,
  });
  const length = apiResponse.headers.get('content-length');
  // the API client asks for no compression, so the length is the file's; kept only when that holds
  if (length && !apiResponse.headers.get('content-encoding')) headers.set('content-length', length);
  return new Response(apiResponse.body, { status: 200, headers });
}

/** The files as one ZIP download named `fileName`. */
export function zipDownloadResponse(files: readonly NamedFile[], fileName: string): Response {
  const zip = zipFiles(files);
  return new Response(zip, {
    status: 200,
    headers: {
      ...PRIVATE_FILE_HEADERS,
      'content-type': 'application/zip',
      'content-disposition': `attachment; filename="${fileName}"`,
      'content-length': String(zip.byteLength),
    },
  });
}
