import type { EndpointInput } from '@b2b/contract/endpoint';
import { mediaEndpoints } from '@b2b/contract/endpoints/media';
import { getApiUrl } from '~/lib/api.server.ts';

const endpoint = mediaEndpoints.getMediaFile;

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
