/**
 * Sitemap XML (sitemaps.org protocol 0.9): a `<urlset>` for one sitemap file and a `<sitemapindex>` naming the
 * files. Pure functions, so the escaping is tested without a server.
 */

export type SitemapUrl = { loc: string; lastmod: string | null };

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** sitemaps.org requires the five XML entities escaped in every value (URLs may carry & and quotes). */
export function escapeXml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => XML_ESCAPES[character] ?? character);
}

/**
 * The origin sitemap URLs are written on: the area's primary domain from its settings (https, as a public shop is
 * served), or, when the settings name none, the origin the request came to (a development or test server).
 */
export function sitemapOrigin(domain: string | null, requestUrl: string): string {
  return domain ? `https://${domain}` : new URL(requestUrl).origin;
}

/**
 * An absolute URL for a content path: each segment percent-encoded as a URL requires (a path with a space or
 * non-ASCII letters stays valid), slashes kept.
 */
export function toAbsoluteUrl(origin: string, path: string): string {
  const encoded = path
    .split('/')
    .map((segment) => encodeURIComponent(decodeSafely(segment)))
    .join('/');
  return `${origin}${encoded.startsWith('/') ? '' : '/'}${encoded}`;
}

/** A stored path may already be percent-encoded; decoding first keeps it from being encoded twice. */
function decodeSafely(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function entryXml(tag: 'url' | 'sitemap', entry: SitemapUrl): string {
  const lastmod = entry.lastmod ? `<lastmod>${escapeXml(entry.lastmod)}</lastmod>` : '';
  return `<${tag}><loc>${escapeXml(entry.loc)}</loc>${lastmod}</${tag}>`;
}

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';
const SITEMAP_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** One sitemap file. Built as one joined string: 50,000 entries are a few MB, cheaper than a DOM. */
export function buildUrlSet(urls: readonly SitemapUrl[]): string {
  const body = urls.map((url) => entryXml('url', url)).join('\n');
  return `${XML_DECLARATION}\n<urlset xmlns="${SITEMAP_NAMESPACE}">\n${body}\n</urlset>\n`;
}

/** The sitemap index naming the files. */
export function buildSitemapIndex(files: readonly SitemapUrl[]): string {
  const body = files.map((file) => entryXml('sitemap', file)).join('\n');
  return `${XML_DECLARATION}\n<sitemapindex xmlns="${SITEMAP_NAMESPACE}">\n${body}\n</sitemapindex>\n`;
}
