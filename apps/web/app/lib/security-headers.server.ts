/**
 * The storefront's security headers (ADR 011), in one place: entry.server.tsx sets the Content-Security-Policy with
 * its nonce on every page it renders (also under `npm run dev`); server.mjs, which reads the others from the server
 * build, sets them on every answer of the production server (pages, assets, data requests).
 */
import { randomBytes } from 'node:crypto';

/** Headers that are the same for every answer. */
export const STATIC_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  // No page of the shop is meant to be framed (clickjacking); frame-ancestors says the same to newer browsers.
  'X-Frame-Options': 'DENY',
  // Other sites learn the shop's origin, never the path (order pages, recovery links with their token).
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Content-Type-Options': 'nosniff',
  // The shop uses none of these; a script that got in cannot either.
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), usb=(), payment=(), browsing-topics=()',
};

/**
 * `Strict-Transport-Security` for an answer in production over HTTPS. Only over HTTPS, because browsers ignore it on
 * plain HTTP anyway and a local `npm start` (NODE_ENV=production on http://localhost) must never pin localhost to
 * HTTPS; behind a TLS-terminating proxy, TRUST_PROXY lets the server see the original protocol.
 */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/** Origins the tag manager (spec §5) loads its script, pixels and beacons from; allowed only when GTM_ID is set. */
const TAG_MANAGER_ORIGINS = {
  script: ['https://www.googletagmanager.com'],
  image: ['https://www.googletagmanager.com', 'https://*.google-analytics.com'],
  connect: ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'],
};

/** A fresh nonce for one response: 16 random bytes (CSP asks for at least 128 bits), base64. */
export function createNonce(): string {
  return randomBytes(16).toString('base64');
}

/**
 * The Content-Security-Policy of a page. Scripts run only from the shop's origin or with this response's nonce
 * (React Router's inline scripts, the tag manager's snippet), so an injected `<script>` does not run. Styles allow
 * inline `style` attributes, which the server-rendered markup uses (e.g. the loading bar) and which a nonce cannot
 * cover. No `form-action`: the checkout's form ends in a redirect to the card payment provider's page, whose origin
 * the storefront does not know.
 */
export function contentSecurityPolicy(
  nonce: string,
  options: { hasTagManager: boolean; isDevelopment: boolean; monitoringUrl?: string | undefined },
): string {
  const tagManager = (kind: keyof typeof TAG_MANAGER_ORIGINS) =>
    options.hasTagManager ? TAG_MANAGER_ORIGINS[kind] : [];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", `'nonce-${nonce}'`, ...tagManager('script')],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', ...tagManager('image')],
    'font-src': ["'self'"],
    // Vite's dev server pushes changes through a WebSocket on the same host.
    'connect-src': [
      "'self'",
      ...tagManager('connect'),
      // the monitoring intake's origin, only when tracking is on (ADR 033)
      ...(options.monitoringUrl ? [new URL(options.monitoringUrl).origin] : []),
      ...(options.isDevelopment ? ['ws:', 'wss:'] : []),
    ],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}
