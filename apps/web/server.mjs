/**
 * The storefront's production server: React Router's Express adapter with compression, static assets and a
 * request log, as `react-router-serve` has, plus what it lacks: the browser's address and the security headers.
 *
 * The API rate-limits logins per client address (ADR 006). Every login reaches the API from this server, so the
 * server records the socket address (or, behind a load balancer, the address `TRUST_PROXY` allows it to read
 * from X-Forwarded-For) in the `x-client-address` request header, always overwriting what the browser sent, and
 * the login and change-password actions forward it to the API as X-Forwarded-For.
 *
 * Plain JavaScript: it starts the built app with Node alone (`node server.mjs`).
 */
// Set before React loads (imports below are dynamic for that reason): React picks its build from NODE_ENV once.
process.env.NODE_ENV ??= 'production';
const { createRequestHandler } = await import('@react-router/express');
const { default: compression } = await import('compression');
const { default: express } = await import('express');
const { default: expressStaticGzip } = await import('express-static-gzip');
const { default: morgan } = await import('morgan');
const { constants: zlibConstants } = await import('node:zlib');

/** Also named in app/lib/client-address.server.ts. */
const CLIENT_ADDRESS_HEADER = 'x-client-address';

/** Express's `trust proxy`: false (default: the storefront faces browsers), true, a hop count or addresses. */
function parseTrustProxy(value) {
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  return /^\d+$/.test(value) ? Number(value) : value;
}

const port = Number(process.env.PORT || 3000);
const host = process.env.HOST || undefined;
const build = await import(new URL('./build/server/index.js', import.meta.url).href).catch((error) => {
  // The app validates the environment as it loads (app/lib/config.server.ts): say what is wrong, not where.
  if (error?.name !== 'ConfigError') throw error;
  console.error(error.message);
  process.exit(1);
});
const clientDir = new URL('./build/client/', import.meta.url).pathname;

const { STATIC_SECURITY_HEADERS, STRICT_TRANSPORT_SECURITY } = build.entry.module;
const isProduction = process.env.NODE_ENV === 'production';

const app = express();
app.disable('x-powered-by');
app.set('trust proxy', parseTrustProxy(process.env.TRUST_PROXY));
// Security headers on every answer (ADR 011; defined in app/lib/security-headers.server.ts). Pages get their
// Content-Security-Policy with a nonce from app/entry.server.tsx. HSTS only in production over HTTPS: browsers
// ignore it over plain HTTP, and a local `npm start` on http://localhost must not pin localhost to HTTPS.
app.use((request, response, next) => {
  response.set(STATIC_SECURITY_HEADERS);
  if (isProduction && request.secure) response.set('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY);
  next();
});
// A NUL character in the path or query is never a page of the shop, and the API refuses it in any input: answer 400
// here rather than let a loader pass it on and turn the API's 400 into a 500.
app.use((request, response, next) => {
  if (/%00/.test(request.originalUrl)) {
    response.status(400).type('text/plain').send('Bad request: the address contains a NUL character.');
    return;
  }
  next();
});
// The build manifest is compressed at the library's defaults (brotli quality 4, gzip level 6).
const compressFiles = compression();
/**
 * Pages are compressed on every request, on the event loop's thread, so they use the fast settings (issue 12
 * profile: brotli quality 4 took about a fifth of a listing's CPU). On a 230 kB listing, brotli quality 2 is about
 * four times faster than quality 4 and still smaller than gzip at level 6; gzip at level 3 is the fastest level of
 * zlib's fast strategy. Each page arrives as one buffer (entry.server.tsx), so the compressor sees one write.
 */
const compressPages = compression({
  level: 3,
  brotli: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 2 } },
});
// Vite fingerprints everything under /assets: cache it for a year. Scripts, stylesheets and SVGs come compressed
// from the build (vite.config.ts, `.br` and `.gz` beside each file): the copy the browser accepts is sent as it is.
app.use(
  '/assets',
  expressStaticGzip(`${clientDir}assets`, {
    enableBrotli: true,
    orderPreference: ['br', 'gzip'],
    serveStatic: { immutable: true, maxAge: '1y' },
  }),
);
// the build manifest (spec §4 build updates) must never be answered from a cache: it is how a new build is noticed
app.use(
  '/builds',
  compressFiles,
  express.static(`${clientDir}builds`, {
    cacheControl: false,
    setHeaders: (res) => res.set('Cache-Control', 'no-cache'),
  }),
);
app.use(morgan('tiny'));
app.use((request, _response, next) => {
  request.headers[CLIENT_ADDRESS_HEADER] = request.ip ?? '';
  next();
});
app.all('*', compressPages, createRequestHandler({ build, mode: process.env.NODE_ENV }));

const server = app.listen(port, host, () => {
  console.log(`[web] listening on http://${host ?? 'localhost'}:${port}`);
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => server.close(() => process.exit(0)));
}
