/**
 * The media store behind the static file routes (spec §2: `/images/raw`, `/images/{resize}/…`, `/files/…`): one way
 * to fetch a stored file from the API and one answer for each way that can fail, so the routes agree on them.
 */
import type { EndpointInput } from '@b2b/contract/endpoint';
import { mediaEndpoints } from '@b2b/contract/endpoints/media';
import { getApiUrl } from './api.server.ts';

const endpoint = mediaEndpoints.getMediaFile;

/** How long a route waits for the API's file before answering 502. */
const MEDIA_FETCH_TIMEOUT_MS = 10_000;

/** A plain-text answer of a static route (errors: the body says why in a few words). */
export function plainTextResponse(status: number, text: string): Response {
  return new Response(text, { status, headers: { 'content-type': 'text/plain; charset=utf-8' } });
}

/**
 * GetMediaFile (spec §7) for a stored path. Its answer is the file, not JSON, so it does not go through the JSON
 * client (`getApi`): the caller gets the raw response and streams the bytes on. Public, so no token is sent.
 */
export function fetchMediaFile(path: string, signal: AbortSignal): Promise<Response> {
  const query: EndpointInput<typeof endpoint>['query'] = { Path: path };
  const url = new URL(getApiUrl() + endpoint.path);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return fetch(url, { method: endpoint.method, signal });
}

/** GetMediaFile, or a stand-in for tests: any function with its signature. */
export type FetchStoredFile = typeof fetchMediaFile;

/**
 * The stored file at `path` as the API's answer (`file`), or the answer the route gives instead (`failed`): 404 when
 * the store has no such file (or refuses the path), 502 when the API fails or takes longer than 10 s. An aborted
 * browser request is rethrown. `logTag` names the route in the log line of a failure.
 */
export async function fetchStoredMedia(
  path: string,
  signal: AbortSignal,
  logTag: string,
  fetchFile: FetchStoredFile = fetchMediaFile,
): Promise<{ file: Response } | { failed: Response }> {
  let response: Response;
  try {
    response = await fetchFile(path, AbortSignal.any([signal, AbortSignal.timeout(MEDIA_FETCH_TIMEOUT_MS)]));
  } catch (error) {
    if (signal.aborted) throw error;
    console.error(`[${logTag}] GetMediaFile failed`, error);
    return { failed: plainTextResponse(502, 'Bad Gateway') };
  }
  if (response.ok) return { file: response };
  await response.body?.cancel();
  const isMissing = response.status === 404 || response.status === 400;
  return { failed: isMissing ? plainTextResponse(404, 'Not Found') : plainTextResponse(502, 'Bad Gateway') };
}
