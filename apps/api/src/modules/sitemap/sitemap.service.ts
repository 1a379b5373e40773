/**
 * Sitemap data (spec §2 static sitemap routes): which files an area's sitemap has and which canonical content
 * paths each lists. Products (those still sold) and categories are the same in every area (the catalogue is
 * shared); content pages are the area's and language's own. The area and language choose the domain the storefront
 * writes in front of the paths.
 */
import {
  type GetSitemapEntriesQuery,
  type GetSitemapEntriesResponse,
  type GetSitemapIndexQuery,
  type GetSitemapIndexResponse,
  SITEMAP_PAGE_SIZE,
  SITEMAP_TYPES,
} from '@b2b/contract/sitemap';
import type { RequestContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { requireArea } from '../area/area.service.ts';
import type { SearchCatalogue } from '../search/search-catalogue.ts';
import {
  countProducts,
  findContentPagePaths,
  findProductPageLastModified,
  findProductPaths,
  type SitemapPathRow,
} from './sitemap.repository.ts';

/**
 * The area's domain for the language: the primary one, else the first listed for it, else null (no domain
 * configured: the storefront uses the request's origin). A language the area neither speaks nor has a domain
 * for is unknown there: 404, so search engines are not fed sitemaps of pages the shop never serves.
 */
async function resolveDomain(ctx: RequestContext, areaId: string, languageCode: string): Promise<string | null> {
  const area = await requireArea(ctx, { areaId });
  const domains = area.settings.domains.filter((entry) => entry.language === languageCode);
  if (domains.length === 0 && area.languageCode !== languageCode) {
    throw new AppError('NotFoundException', `Area ${areaId} has no sitemap in language ${languageCode}.`);
  }
  return (domains.find((entry) => entry.isPrimary) ?? domains[0])?.domain ?? null;
}

function pageCountOf(total: number): number {
  return Math.max(1, Math.ceil(total / SITEMAP_PAGE_SIZE));
}

function sortedCategories(catalogue: SearchCatalogue) {
  return catalogue.categories.listAll().sort((a, b) => a.url.localeCompare(b.url));
}

/**
 * The content pages of the area and language (home, about, campaigns…). A landing page lives at its category's URL,
 * which the categories file lists already, so it is left out here.
 */
async function listContentPages(
  ctx: RequestContext,
  input: GetSitemapIndexQuery,
  catalogue: SearchCatalogue,
): Promise<SitemapPathRow[]> {
  const pages = await findContentPagePaths(ctx.db, input.AreaId, input.LanguageCode);
  return pages.filter((page) => catalogue.categories.findByUrl(page.url) === undefined);
}

function newestChange(rows: readonly SitemapPathRow[]): string | null {
  const newest = rows.reduce<Date | null>(
    (latest, row) => (latest && latest > row.updatedAt ? latest : row.updatedAt),
    null,
  );
  return newest?.toISOString() ?? null;
}

/** GET /api/Sitemap/GetIndex (public). */
export async function getSitemapIndex(
  ctx: RequestContext,
  input: GetSitemapIndexQuery,
  catalogue: SearchCatalogue,
): Promise<GetSitemapIndexResponse> {
  const domain = await resolveDomain(ctx, input.AreaId, input.LanguageCode);
  const files: GetSitemapIndexResponse['files'] = [];
  for (const type of SITEMAP_TYPES) {
    if (type === 'products') {
      const pages = await findProductPageLastModified(ctx.db, SITEMAP_PAGE_SIZE);
      if (pages.length === 0) files.push({ type, page: 1, lastModified: null });
      for (const page of pages) files.push({ type, page: page.page, lastModified: page.lastModified.toISOString() });
    } else if (type === 'pages') {
      // Content pages are a few dozen: one file.
      files.push({ type, page: 1, lastModified: newestChange(await listContentPages(ctx, input, catalogue)) });
    } else {
      // Categories carry no change time; they are far fewer than one file holds.
      const count = sortedCategories(catalogue).length;
      for (let page = 1; page <= pageCountOf(count); page += 1) files.push({ type, page, lastModified: null });
    }
  }
  return { domain, files };
}

/** GET /api/Sitemap/GetEntries (public). A page beyond the last answers 404 (page 1 always exists). */
export async function getSitemapEntries(
  ctx: RequestContext,
  input: GetSitemapEntriesQuery,
  catalogue: SearchCatalogue,
): Promise<GetSitemapEntriesResponse> {
  const domain = await resolveDomain(ctx, input.AreaId, input.LanguageCode);
  const offset = (input.Page - 1) * SITEMAP_PAGE_SIZE;

  if (input.Type === 'categories') {
    const categories = sortedCategories(catalogue);
    const pageCount = pageCountOf(categories.length);
    if (input.Page > pageCount) throw pageNotFound(input, pageCount);
    const entries = categories
      .slice(offset, offset + SITEMAP_PAGE_SIZE)
      .map((category) => ({ path: category.url, lastModified: null }));
    return { domain, total: categories.length, pageCount, entries };
  }

  if (input.Type === 'pages') {
    const pages = await listContentPages(ctx, input, catalogue);
    const pageCount = pageCountOf(pages.length);
    if (input.Page > pageCount) throw pageNotFound(input, pageCount);
    const entries = pages
      .slice(offset, offset + SITEMAP_PAGE_SIZE)
      .map((page) => ({ path: page.url, lastModified: page.updatedAt.toISOString() }));
    return { domain, total: pages.length, pageCount, entries };
  }

  const total = await countProducts(ctx.db);
  const pageCount = pageCountOf(total);
  if (input.Page > pageCount) throw pageNotFound(input, pageCount);
  const rows = await findProductPaths(ctx.db, offset, SITEMAP_PAGE_SIZE);
  const entries = rows.map((row) => ({ path: row.url, lastModified: row.updatedAt.toISOString() }));
  return { domain, total, pageCount, entries };
}

function pageNotFound(input: GetSitemapEntriesQuery, pageCount: number): AppError {
  return new AppError(
    'NotFoundException',
    `Sitemap ${input.Type} has ${pageCount} page${pageCount === 1 ? '' : 's'}; page ${input.Page} does not exist.`,
  );
}
