/**
 * /images/svg/singlecolor/{hex}?icon=<name> (spec §2 static server routes): an icon drawn in one colour. The icons
 * are a fixed set drawn here (24 × 24, stroked paths) rather than SVG files read from the media store: a stored SVG
 * can carry scripts, event handlers, foreign objects and external references, and a sanitiser that must catch all of
 * them is a standing risk. Here the only input is the colour, and it is checked to be 3 or 6 hex digits before it is
 * written into the markup, so the answer is safe by construction.
 */
import { plainTextResponse as plain } from '~/lib/stored-media.server.ts';

/** Path data of each icon (24 × 24 view box, stroked, round caps and joins). */
const ICON_PATHS = {
  cart: ['M3 4h2l2.4 10.2a1 1 0 0 0 1 .8h9.3a1 1 0 0 0 1-.8L20.5 7H6.2', 'M9 20h.01', 'M17 20h.01'],
  heart: ['M12 20s-7.5-4.6-9.2-9.4A4.7 4.7 0 0 1 12 7.2a4.7 4.7 0 0 1 9.2 3.4C19.5 15.4 12 20 12 20z'],
  user: ['M12 4a4 4 0 1 0 0 8a4 4 0 1 0 0-8z', 'M4.5 20.5c.8-3.7 3.9-6 7.5-6s6.7 2.3 7.5 6'],
  search: ['M10.5 4a6.5 6.5 0 1 0 0 13a6.5 6.5 0 1 0 0-13z', 'M15.2 15.2L20 20'],
  menu: ['M4 6h16', 'M4 12h16', 'M4 18h16'],
  close: ['M6 6l12 12', 'M18 6L6 18'],
  check: ['M5 12.5l4.5 4.5L19 7.5'],
} as const satisfies Record<string, readonly string[]>;

type IconName = keyof typeof ICON_PATHS;

const HEX_COLOUR = /^(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

function isIconName(value: string): value is IconName {
  return Object.hasOwn(ICON_PATHS, value);
}

/** The SVG markup of `icon` stroked in `#hex` (hex already checked). */
function renderIcon(icon: IconName, hex: string): string {
  const paths = ICON_PATHS[icon].map((d) => `<path d="${d}"/>`).join('');
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" ' +
    `stroke="#${hex}" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${paths}</svg>`
  );
}

/**
 * The answer to /images/svg/singlecolor/{hex}?icon=<name>: 400 for a colour that is not 3 or 6 hex digits (no `#`)
 * or a missing icon name, 404 for an icon not in the set; otherwise the SVG, cacheable for a year (the URL names
 * everything the bytes depend on) and never run as a document (a CSP that allows no script; the server adds
 * X-Content-Type-Options: nosniff to every answer, app/lib/security-headers.server.ts).
 */
export function singleColorIconResponse(hex: string | undefined, url: URL): Response {
  if (!hex || !HEX_COLOUR.test(hex)) return plain(400, 'Invalid hex: 3 or 6 hex digits without #, e.g. 1f2937');
  const icons = url.searchParams.getAll('icon');
  const icon = icons[0];
  if (icons.length !== 1 || !icon) return plain(400, `Missing icon: one of ${Object.keys(ICON_PATHS).join(', ')}`);
  if (!isIconName(icon)) return plain(404, 'Not Found');
  return new Response(renderIcon(icon, hex.toLowerCase()), {
    status: 200,
    headers: {
      'content-type': 'image/svg+xml; charset=utf-8',
      'cache-control': 'public, max-age=31536000, immutable',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
    },
  });
}
