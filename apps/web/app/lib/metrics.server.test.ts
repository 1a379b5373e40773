import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import routeConfig from '../routes.ts';
import { type BuildRoute, createRoutePatternResolver } from './metrics.server.ts';

type ConfigEntry = { path?: string; index?: boolean; file: string; children?: ConfigEntry[] };

/** The shop's routes (app/routes.ts) flat, as React Router's server build lists them, and nested, as matchRoutes takes. */
function shopRoutes(): { flat: Record<string, BuildRoute>; tree: RouteObject[] } {
  const flat: Record<string, BuildRoute> = { root: { id: 'root', path: '' } };
  const nest = (entries: ConfigEntry[], parentId: string): RouteObject[] =>
    entries.map((entry) => {
      flat[entry.file] = { id: entry.file, parentId, path: entry.path, index: entry.index };
      return (
        entry.index
          ? { id: entry.file, index: true }
          : { id: entry.file, path: entry.path, children: nest(entry.children ?? [], entry.file) }
      ) as RouteObject;
    });
  const tree = [{ id: 'root', path: '', children: nest(routeConfig as ConfigEntry[], 'root') }] as RouteObject[];
  return { flat, tree };
}

/** The full pattern of the deepest route matchRoutes finds: what the label must be. */
function reactRouterPattern(tree: RouteObject[], path: string): string {
  const matches = matchRoutes(tree, path);
  if (matches === null) return 'unmatched';
  const segments = matches.flatMap((match) => (match.route.path ? [match.route.path.replace(/^\/+|\/+$/g, '')] : []));
  return `/${segments.filter((segment) => segment !== '').join('/')}`;
}

describe('createRoutePatternResolver', () => {
  const { flat, tree } = shopRoutes();
  const resolve = createRoutePatternResolver(flat);

  it('labels a request by the pattern React Router matches, never by the path', () => {
    const paths = [
      '/',
      '/search',
      '/Search/',
      '/deals/clearance',
      '/customer-center',
      '/customer-center/orders',
      '/customer-center/orders/7f3c0e1a',
      '/customer-center/invoices/pdfs.zip',
      '/customer-center/invoices/123/pdf',
      '/backoffice/orders/42',
      '/backoffice/campaigns/new',
      '/backoffice/campaigns/c-1',
      '/images/fit/400/300/center/Y29udGVudA',
      '/images/raw/abc',
      '/sitemap/eu/en-GB',
      '/links/some/short/link',
      '/snowboards/burton-custom-2027',
      '/en/some-content-page',
      '/robots.txt',
    ];
    for (const path of paths) expect(resolve(path), path).toBe(reactRouterPattern(tree, path));
    expect(resolve('/customer-center/orders/7f3c0e1a')).toBe('/customer-center/orders/:orderId');
    expect(resolve('/snowboards/burton-custom-2027')).toBe('/*');
  });

  it('gives the static files one label each, whatever file', () => {
    expect(resolve('/assets/root-Bx1.js')).toBe('/assets/*');
    expect(resolve('/builds/version.json')).toBe('/builds/*');
  });
});
