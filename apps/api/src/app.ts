/**
 * Builds the API (Fastify 5). Plugins load in a visible order: infrastructure (errors, validation, security
 * headers, OpenAPI), then the application (database, auth, policies), then the route modules. Tests call
 * `build()` and use `app.inject`; server.ts calls it and listens.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { CacheRegistry } from '@b2b/contract/cache-registry';
import { createDatabase, type DatabaseHandle, migrate } from '@b2b/db';
import Fastify, { type FastifyInstance, type FastifyRequest, LogController } from 'fastify';
import helmet from 'helmet';
import type { AppConfig } from './config.ts';
import { AppError } from './errors.ts';
import { registerBackgroundWork } from './lib/background-work.ts';
import { maskSecretQueryValues } from './lib/log-redaction.ts';
import { registerTracing } from './lib/tracing.ts';
import { areaRoutes } from './modules/area/area.routes.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { campaignRoutes } from './modules/campaign/campaign.routes.ts';
import { campaignAdminRoutes } from './modules/campaign/campaign-admin.routes.ts';
import { cartRoutes } from './modules/cart/cart.routes.ts';
import { contentRoutes } from './modules/content/content.routes.ts';
import { documentAdminRoutes } from './modules/content/document-admin.routes.ts';
import { redirectAdminRoutes } from './modules/content/redirect-admin.routes.ts';
import { redirectMapPlugin } from './modules/content/redirect-map.plugin.ts';
import { customerRoutes } from './modules/customer/customer.routes.ts';
import { customerCenterRoutes } from './modules/customer-center/customer-center.routes.ts';
import { cacheUsagePlugin } from './modules/debug/cache-usage.plugin.ts';
import { debugRoutes } from './modules/debug/debug.routes.ts';
import { backOfficeInvoiceRoutes } from './modules/documents/back-office-invoice.routes.ts';
import { customerDocumentsRoutes } from './modules/documents/customer-documents.routes.ts';
import { favoriteListRoutes } from './modules/favorite-list/favorite-list.routes.ts';
import { feedRoutes } from './modules/feed/feed.routes.ts';
import { formsRoutes } from './modules/forms/forms.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { impersonationRoutes } from './modules/impersonation/impersonation.routes.ts';
import { instantExcelRoutes } from './modules/instant-excel/instant-excel.routes.ts';
import { sheetDownloadRoutes } from './modules/instant-excel/sheet-download.routes.ts';
import { mailRoutes } from './modules/mail/mail.routes.ts';
import { mailDeliveryPlugin } from './modules/mail/mail-delivery.plugin.ts';
import { mediaRoutes } from './modules/media/media.routes.ts';
import { metricsPlugin } from './modules/metrics/metrics.plugin.ts';
import { orderRoutes } from './modules/order/order.routes.ts';
import { paymentRoutes } from './modules/payment/payment.routes.ts';
import { priceRoutes } from './modules/price/price.routes.ts';
import { productRoutes } from './modules/product/product.routes.ts';
import { searchIndexPlugin } from './modules/search/search-index.plugin.ts';
import { shippingRoutes } from './modules/shipping/shipping.routes.ts';
import { sitemapRoutes } from './modules/sitemap/sitemap.routes.ts';
import { type AccessTokenSigner, createAccessTokenSigner } from './modules/user/access-token.ts';
import { userRoutes } from './modules/user/user.routes.ts';
import { registerAuthentication } from './plugins/auth.ts';
import { registerErrorHandling } from './plugins/error-handler.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerPolicies } from './plugins/policy.ts';
import { readReplicaPlugin } from './plugins/read-replica.ts';
import { serializerCompiler } from './plugins/serialization.ts';
import { validatorCompiler } from './plugins/validation.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    /** The database the app uses (created by build() or injected by tests). */
    database: DatabaseHandle;
    /** Signs and verifies access tokens with the configured secret. */
    accessTokens: AccessTokenSigner;
    /** This instance's caches, each registered under its type (Debug/GetCacheUsage, ADR 030). */
    caches: CacheRegistry;
  }
}

export type BuildDependencies = {
  /** A database to use instead of opening one from the config; the caller closes it. */
  database?: DatabaseHandle;
};

export const REQUEST_ID_HEADER = 'x-request-id';
const NOT_A_PATH_MESSAGE = 'The request target must be a path, e.g. GET /api/health HTTP/1.1.';
/** An incoming request id is reused (so a load balancer's id follows the request) only when it looks harmless. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

function generateRequestId(request: IncomingMessage): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** A number of hops becomes proxy-addr's hop function (Fastify's types take no number). */
function trustProxyOption(trustProxy: boolean | number | string) {
  return typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy;
}

export async function build(config: AppConfig, deps: BuildDependencies = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      // Fastify's request fields, with the partner feed's token masked in the URL (it comes in the query string).
      serializers: {
        req: (request: FastifyRequest) => ({
          method: request.method,
          url: maskSecretQueryValues(request.url),
          host: request.host,
          remoteAddress: request.ip,
          remotePort: request.socket?.remotePort,
        }),
      },
    },
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    genReqId: generateRequestId,
    requestIdHeader: false,
    trustProxy: trustProxyOption(config.trustProxy),
    // The search index's first build runs in a worker thread (ADR 041), so Fastify's 10 s plugin timer runs while it
    // builds: at 300k products on a busy core that takes longer. A start stuck for minutes still fails.
    pluginTimeout: 300_000,
  });

  // --- Infrastructure -------------------------------------------------------------------------------------------
  app.decorate('config', config);
  app.decorate('caches', new CacheRegistry());
  // First of the hooks, so each request's span is current in all the others (ADR 043); none when tracing is off.
  const tracing = await registerTracing(app);
  registerBackgroundWork(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  // Helmet's default security headers on every answer, refusals of the hooks below included. The middleware is built
  // once: @fastify/helmet built a new one per request, parsing its policy again (issue 12: 3 % of a cart call's CPU).
  const setSecurityHeaders = helmet();
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    setSecurityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });
  // A request line in absolute form (`GET http://evil.example/ HTTP/1.1`) or `OPTIONS *` names no path of the API:
  // 400 with the error body, logged in one line like any refused request (ADR 011), not a 404 "route not found".
  app.addHook('onRequest', (request, _reply, done) => {
    done(request.raw.url?.startsWith('/') ? undefined : new AppError('ValidationException', NOT_A_PATH_MESSAGE));
  });
  // Authentication, then the policy check, before any plugin adds a route: the policy's onRoute hook must see
  // every route, including the documentation's.
  app.decorate('accessTokens', await createAccessTokenSigner(config.jwtSecret));
  registerAuthentication(app, app.accessTokens);
  registerPolicies(app);
  await registerOpenApi(app);

  // --- Application ----------------------------------------------------------------------------------------------
  const database = deps.database ?? (await createDatabase({ url: config.databaseUrl, dataDir: config.pgliteDataDir }));
  if (tracing) database.traceQueries?.(tracing.traceQuery);
  if (!deps.database) app.addHook('onClose', async () => database.close());
  await migrate(database);
  app.decorate('database', database);
  // Reads that may lag go to DATABASE_READ_URL's replica when set (ADR 042); before the search index, which uses it.
  await app.register(readReplicaPlugin, { traceQuery: tracing?.traceQuery });
  // The in-process product search index (modules/search): built from the database before the app is ready.
  await app.register(searchIndexPlugin);
  // Delivers the mail outbox through SMTP when SMTP_URL is set (modules/mail, ADR 009).
  await app.register(mailDeliveryPlugin);
  // Reports this instance's caches and applies invalidations requested anywhere (modules/debug, ADR 030).
  await app.register(cacheUsagePlugin);
  // Every redirect in memory, reloaded on a `redirects` invalidation (modules/content, ADR 037).
  await app.register(redirectMapPlugin);
  // Prometheus metrics on a port of their own when METRICS_PORT is set (modules/metrics, ADR 039).
  await app.register(metricsPlugin);

  // --- Routes (each declares its policy; a route without one stops start-up) -----------------------------------
  await app.register(healthRoutes);
  await app.register(userRoutes);
  await app.register(impersonationRoutes);
  await app.register(areaRoutes);
  await app.register(priceRoutes);
  await app.register(cartRoutes);
  await app.register(productRoutes);
  await app.register(contentRoutes);
  await app.register(redirectAdminRoutes);
  await app.register(documentAdminRoutes);
  await app.register(formsRoutes);
  await app.register(feedRoutes);
  await app.register(mediaRoutes);
  await app.register(customerRoutes);
  await app.register(customerCenterRoutes);
  await app.register(favoriteListRoutes);
  await app.register(campaignRoutes);
  await app.register(campaignAdminRoutes);
  await app.register(mailRoutes);
  await app.register(customerDocumentsRoutes);
  await app.register(shippingRoutes);
  await app.register(sitemapRoutes);
  await app.register(orderRoutes);
  await app.register(backOfficeInvoiceRoutes);
  await app.register(paymentRoutes);
  await app.register(instantExcelRoutes);
  await app.register(sheetDownloadRoutes);
  await app.register(debugRoutes);
  await app.register(auditRoutes);

  await app.ready();
  return app;
}
