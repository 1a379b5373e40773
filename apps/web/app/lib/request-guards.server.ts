/**
 * Requests the production server (apps/web/server.mjs) refuses before React Router sees them, for every route alike
 * (ADR 011): a request target that is not a path, and a state-changing request sent by another site.
 *
 * **The request target.** A request line in absolute form (`GET http://evil.example/ HTTP/1.1`), `OPTIONS *` or a Host
 * header that makes no address cannot become the `Request` React Router's Express adapter builds: it threw
 * `TypeError: Invalid URL` and the server answered 500 with a stack in the log for each. They answer 400 here, with
 * one line in the log.
 *
 * **Cross-site requests.** The session lives in cookies (ADR 001), so a page of another site that posts to the shop
 * acts with the buyer's session whenever the browser sends them (a sibling host of the same site always gets
 * `SameSite=Lax` cookies). React Router checks `Origin` only for page actions; resource routes
 * (`/resources/quick-order` …) and `/logout` had no check. Here every POST, PUT, PATCH and DELETE is checked once:
 * - an `Origin` header must be the request's own origin, as React Router computes it (`requestUrlOf`), so its own
 *   check of page actions, which runs after this one, always agrees;
 * - a `Sec-Fetch-Site` header must be `same-origin` (or `none`: something the user did in the browser itself);
 * - a request with neither header passes: every browser in use sends `Origin` with a cross-origin POST, and the
 *   clients that send neither (curl, monitors, scripts) hold no browser's cookies. An old browser that sends neither
 *   does not send `SameSite=Lax` cookies with another site's POST either.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Methods that may change something; GET, HEAD and OPTIONS never do in this shop (loaders only read). */
const STATE_CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** `Sec-Fetch-Site` values of a request the shop's own pages (or the user, by hand) made. */
const OWN_FETCH_SITES = new Set(['same-origin', 'none']);

/** How much of a header the log line repeats: enough to see what came, never a flood. */
const LOGGED_VALUE_MAX_LENGTH = 120;

/** What the guards read of Express 4's request (server.mjs's `app.set('trust proxy', …)` decides `protocol`). */
export type ServerRequest = IncomingMessage & {
  protocol: string;
  hostname: string;
  originalUrl: string;
  get(name: string): string | undefined;
  app?: { enabled(setting: string): boolean };
};

type Next = () => void;

/**
 * The address React Router is given for the request: the same steps as `createRemixRequest` of
 * `@react-router/express` (host name from Express, which reads X-Forwarded-Host when TRUST_PROXY allows, the port
 * from the forwarded or the own Host header), so the origin checked here is the one React Router checks page actions
 * against. Null when the target is not a path (absolute form, `*`) or the result is no URL at all.
 */
export function requestUrlOf(request: ServerRequest): URL | null {
  if (!request.originalUrl.startsWith('/')) return null;
  const [, forwardedPort] = request.app?.enabled('trust proxy')
    ? (request.get('X-Forwarded-Host')?.split(':') ?? [])
    : [];
  const [, hostPort] = request.get('host')?.split(':') ?? [];
  const forwardedPortNumber = Number.parseInt(forwardedPort ?? '', 10);
  const hostPortNumber = Number.parseInt(hostPort ?? '', 10);
  const port = Number.isSafeInteger(forwardedPortNumber)
    ? forwardedPortNumber
    : Number.isSafeInteger(hostPortNumber)
      ? hostPortNumber
      : '';
  const hostname = request.hostname.split(/[\\/?#@]/)[0] || 'localhost';
  try {
    return new URL(`${request.protocol}://${hostname}${port ? `:${port}` : ''}${request.originalUrl}`);
  } catch {
    return null;
  }
}

/**
 * Why a request must be refused as coming from another site, or null when it may pass (see the module comment).
 * `ownOrigin` is the request's own origin (`requestUrlOf(request).origin`).
 */
export function crossSiteRefusal(input: {
  method: string;
  origin: string | undefined;
  fetchSite: string | undefined;
  ownOrigin: string;
}): string | null {
  if (!STATE_CHANGING_METHODS.has(input.method.toUpperCase())) return null;
  // `Origin: null` comes from sandboxed frames, `data:` pages and cross-origin redirects: never from a shop page.
  if (input.origin !== undefined && input.origin !== input.ownOrigin) return `Origin ${input.origin}`;
  if (input.fetchSite !== undefined && !OWN_FETCH_SITES.has(input.fetchSite.toLowerCase())) {
    return `Sec-Fetch-Site ${input.fetchSite}`;
  }
  return null;
}

function loggable(value: string): string {
  return JSON.stringify(value.length > LOGGED_VALUE_MAX_LENGTH ? `${value.slice(0, LOGGED_VALUE_MAX_LENGTH)}…` : value);
}

function refuse(response: ServerResponse, status: 400 | 403, body: string): void {
  response.statusCode = status;
  response.setHeader('Content-Type', 'text/plain; charset=utf-8');
  response.setHeader('Cache-Control', 'no-store');
  response.end(body);
}

/**
 * The guards as one Express middleware for server.mjs, placed before anything that answers: each refusal is a short
 * plain-text answer and one line in the log (`log`: standard output, beside the request log).
 */
export function createRequestGuards(log: (line: string) => void = console.log) {
  return (request: ServerRequest, response: ServerResponse, next: Next): void => {
    const url = requestUrlOf(request);
    if (url === null) {
      log(
        `[web] 400 ${request.method} ${loggable(request.originalUrl)}: the request target is not a path of this host`,
      );
      refuse(response, 400, 'Bad request: the request target must be a path on this host.');
      return;
    }
    const refusal = crossSiteRefusal({
      method: request.method ?? 'GET',
      origin: request.get('origin'),
      fetchSite: request.get('sec-fetch-site'),
      ownOrigin: url.origin,
    });
    if (refusal !== null) {
      log(`[web] 403 ${request.method} ${loggable(url.pathname)}: sent by another site (${loggable(refusal)})`);
      refuse(response, 403, 'Forbidden: this request was sent by another site.');
      return;
    }
    next();
  };
}
