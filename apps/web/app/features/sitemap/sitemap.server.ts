/**
 * The storefront's sitemap routes (spec §2): `/sitemap/{area}/{language}` (an index), `/sitemap/{area}/{language}/
 * {type}/{page}` (one file) and `robots.txt` naming the indexes. The API answers paths and domains
 * (GET /api/Sitemap/GetIndex, GetEntries); this module validates the path parameters and writes the XML.
 */

import { AREA_IDS, type AreaId } from '@b2b/contract/constants';
import { areaEndpoints } from '@b2b/contract/endpoints/area';
import { sitemapEndpoints } from '@b2b/contract/endpoints/sitemap';
import { SITEMAP_TYPES } from '@b2b/contract/sitemap';
import { isApiError, requestEndpoint } from '~/lib/api.server.ts';
import { buildSitemapIndex, buildUrlSet, sitemapOrigin, toAbsoluteUrl } from './sitemap-xml.ts';

type SitemapType = (typeof SITEMAP_TYPES)[number];

const LANGUAGE_CODE = /^[a-z]{2}(-[A-Z]{2})?$/;
/** Page numbers as written in URLs: no sign, no leading zero, at most seven digits (far beyond any catalogue). */
const PAGE_NUMBER = /^[1-9][0-9]{0,6}$/;
/** Search engines re-read sitemaps often; an hour of caching keeps 50,000-entry files off the API. */
const CACHE_CONTROL = 'public, max-age=3600';

function textResponse(status: number, text: string, contentType = 'text/plain; charset=utf-8'): Response {
  return new Response(text, { status, headers: { 'content-type': contentType } });
}

const notFound = () => textResponse(404, 'Not Found');

function xmlResponse(xml: string): Response {
  return new Response(xml, {
    status: 200,
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': CACHE_CONTROL },
  });
}

function isAreaId(value: string | undefined): value is AreaId {
  return (AREA_IDS as readonly string[]).includes(value ?? '');
}

function isSitemapType(value: string | undefined): value is SitemapType {
  return (SITEMAP_TYPES as readonly string[]).includes(value ?? '');
}

/** The API refusing the input (unknown language, page beyond the last) is a missing sitemap; anything else a 502. */
function failure(error: unknown, request: Request): Response {
  if (request.signal.aborted) throw error;
  if (isApiError(error) && (error.status === 404 || error.status === 400)) return notFound();
  console.error('[sitemap] the API call failed', error);
  return textResponse(502, 'Bad Gateway');
}

/** /sitemap/{area}/{language}: the sitemap index. */
export async function sitemapIndexResponse(
  request: Request,
  params: { area?: string | undefined; language?: string | undefined },
): Promise<Response> {
  const { area, language } = params;
  if (!isAreaId(area) || !language || !LANGUAGE_CODE.test(language)) return notFound();
  try {
    const index = await requestEndpoint(
      sitemapEndpoints.getIndex,
      { query: { AreaId: area, LanguageCode: language } },
      { signal: request.signal },
    );
    const origin = sitemapOrigin(index.domain, request.url);
    return xmlResponse(
      buildSitemapIndex(
        index.files.map((file) => ({
          loc: toAbsoluteUrl(origin, `/sitemap/${area}/${language}/${file.type}/${file.page}`),
          lastmod: file.lastModified,
        })),
      ),
    );
  } catch (error) {
    return failure(error, request);
  }
}

/** /sitemap/{area}/{language}/{type}/{page}: one sitemap file. */
export async function sitemapFileResponse(
  request: Request,
  params: { area?: string | undefined; language?: string | undefined; type?: string | undefined; page?: string },
): Promise<Response> {
  const { area, language, type, page } = params;
  if (!isAreaId(area) || !language || !LANGUAGE_CODE.test(language)) return notFound();
  if (!isSitemapType(type) || !page || !PAGE_NUMBER.test(page)) return notFound();
  try {
    const file = await requestEndpoint(
      sitemapEndpoints.getEntries,
      { query: { AreaId: area, LanguageCode: language, Type: type, Page: Number(page) } },
      { signal: request.signal },
    );
    const origin = sitemapOrigin(file.domain, request.url);
    return xmlResponse(
      buildUrlSet(
        file.entries.map((entry) => ({ loc: toAbsoluteUrl(origin, entry.path), lastmod: entry.lastModified })),
      ),
    );
  } catch (error) {
    return failure(error, request);
  }
}

/**
 * robots.txt: every crawler may read the catalogue but not the signed-in pages, and each area's sitemap index is
 * named for every language it has a domain for, on that domain (or this origin when none is configured).
 */
export async function robotsTxtResponse(request: Request): Promise<Response> {
  const lines = [
    'User-agent: *',
    'Disallow: /cart',
    'Disallow: /checkout',
    'Disallow: /customer-center',
    'Disallow: /resources/',
    '',
  ];
  try {
    for (const areaId of AREA_IDS) {
      const area = await requestEndpoint(
        areaEndpoints.getAreaById,
        { query: { AreaId: areaId } },
        { signal: request.signal },
      );
      const languages = new Set([area.languageCode, ...area.settings.domains.map((entry) => entry.language)]);
      for (const language of languages) {
        const domains = area.settings.domains.filter((entry) => entry.language === language);
        const domain = (domains.find((entry) => entry.isPrimary) ?? domains[0])?.domain ?? null;
        lines.push(`Sitemap: ${toAbsoluteUrl(sitemapOrigin(domain, request.url), `/sitemap/${areaId}/${language}`)}`);
      }
    }
  } catch (error) {
    if (request.signal.aborted) throw error;
    // Without the areas robots.txt still answers, without Sitemap lines: crawling rules matter more than hints.
    console.error('[robots.txt] the areas could not be read', error);
  }
  const response = textResponse(200, `${lines.join('\n')}\n`);
  response.headers.set('cache-control', CACHE_CONTROL);
  return response;
}
