/**
 * Renders a page on the server, plus the page's Content-Security-Policy (ADR 011; the other security headers are
 * server.mjs's). Each page gets a fresh nonce, which goes to React's scripts (`renderToPipeableStream`), to React
 * Router's own inline scripts (`<ServerRouter nonce>`, the loader data's among them) and through `NonceContext` to the
 * document's scripts and styles (root.tsx).
 *
 * Every page is rendered whole before its first byte is sent, into one buffer: every loader awaits its data (no page
 * defers any), so the shell is the whole page anyway, and streaming it cost CPU for nothing: React's many small
 * chunks each went through a PassThrough, a web stream, Express and the compressor on their own (issue 12 profile:
 * about a third of the compression time, and the drain listeners the compressor leaked per chunk). One buffer is
 * compressed in one call and gets a Content-Length.
 *
 * In one synchronous pass (`renderToString`), when it can (ADR 020): React's streaming renderer encodes each of a
 * page's thousands of small strings into bytes on its own, and took twice the time of a string render for the same
 * listing. What made every page suspend was React Router's loader data, which it streams from a component that waits
 * for each chunk; the data is read here first (`readLoaderDataFirst`). A page that still suspends (a lazy component's
 * first use since the start, or deferred data one day) comes out of the string render with a boundary left to the
 * browser (`<!--$!-->`) or throws: it is rendered again by the streaming renderer, which waits for everything
 * (`onAllReady`). The tree is the same either way, so are its `useId`s, which the browser's must match. Each such
 * fallback is counted and logged (`recordRenderFallback`): on a warm server none is expected.
 */
import { Writable } from 'node:stream';
import type { ReactElement } from 'react';
import type { RenderToPipeableStreamOptions } from 'react-dom/server';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { type EntryContext, type RouterContextProvider, ServerRouter } from 'react-router';
import stylesheetText from './app.css?inline';
import { webConfig } from './lib/config.server.ts';
import { NonceContext } from './lib/nonce.ts';
import { isOfferedToAnonymousVisitors, SHARED_PAGE_HEADER } from './lib/page-cache.server.ts';
import { type RenderFallbackReason, recordRenderFallback } from './lib/render-fallbacks.server.ts';
import { contentSecurityPolicy, createNonce } from './lib/security-headers.server.ts';
import { getSession } from './lib/session.server.ts';
import { StylesheetContext } from './lib/stylesheet.tsx';
import { GTM_ID } from './lib/tracking/gtm-config.server.ts';

// server.mjs reads these from the server build: the headers it sends on every answer, not only on pages, the
// cache of the pages anonymous visitors share, and the refusals of requests no route may see.
export { startCacheUsageReporting } from './lib/cache-usage.server.ts';
export { createRequestLogging, logger, routeConsoleToLogger } from './lib/logger.server.ts';
export { createRequestMetrics, readMetrics } from './lib/metrics.server.ts';
export { createAnonymousPageCache } from './lib/page-cache.server.ts';
export { createRequestGuards } from './lib/request-guards.server.ts';
export { STATIC_SECURITY_HEADERS, STRICT_TRANSPORT_SECURITY } from './lib/security-headers.server.ts';
export { startRequestTracing, stopTracing } from './lib/tracing.server.ts';

/** How long React Router waits for deferred data before it rejects it (a page then renders its error boundary). */
export const streamTimeout = 5_000;

/** Collects the rendered HTML; resolves with it once React ends the document. */
function collectHtml(onDone: (html: Uint8Array<ArrayBuffer>) => void, onFailed: (error: Error) => void): Writable {
  const chunks: Uint8Array[] = [];
  let byteLength = 0;
  return new Writable({
    write(chunk: Uint8Array | string, _encoding, callback) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      chunks.push(bytes);
      byteLength += bytes.byteLength;
      callback();
    },
    final(callback) {
      const html = new Uint8Array(byteLength);
      let offset = 0;
      for (const chunk of chunks) {
        html.set(chunk, offset);
        offset += chunk.byteLength;
      }
      onDone(html);
      callback();
    },
    destroy(error, callback) {
      if (error) onFailed(error);
      callback(error);
    },
  });
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const nonce = createNonce();
  // The headers without a nonce are server.mjs's, for every answer: set here too, the adapter would send them twice.
  responseHeaders.set(
    'Content-Security-Policy',
    contentSecurityPolicy(nonce, {
      hasTagManager: GTM_ID !== null,
      isDevelopment: import.meta.env.DEV,
      monitoringUrl: webConfig.rum?.serverUrl,
    }),
  );

  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  await readLoaderDataFirst(routerContext);
  // A logged-in buyer's page links the stylesheet: the login page had the browser fetch it (ADR 023).
  const stylesheet = { text: stylesheetText, linked: getSession(loadContext).isLoggedIn };
  const page = () => {
    // ServerRouter takes a reader of this stream as it renders (a stream has one at a time), and its StreamTransfer
    // never reads from it: the data is in its cache. A fresh one for each render, as a page may be rendered twice.
    routerContext.serverHandoffStream = new ReadableStream<Uint8Array>();
    return (
      <NonceContext.Provider value={nonce}>
        <StylesheetContext.Provider value={stylesheet}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </StylesheetContext.Provider>
      </NonceContext.Provider>
    );
  };
  const inOnePass = renderInOnePass(page());
  if (typeof inOnePass === 'string') recordRenderFallback(request.url, inOnePass);
  const rendered = typeof inOnePass === 'string' ? await renderWaitingForEverything(page(), nonce) : inOnePass;
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
  responseHeaders.set('Content-Length', String(rendered.html.byteLength));
  const status = rendered.failed ? 500 : responseStatusCode;
  // The page cache (server.mjs) may keep this page for other anonymous visitors: a route offered it, and this one is
  // anonymous. The cache checks the rest (a GET sent without cookies) and takes the mark off every answer.
  if (status === 200 && isOfferedToAnonymousVisitors(loadContext) && !getSession(loadContext).isLoggedIn) {
    responseHeaders.set(SHARED_PAGE_HEADER, nonce);
  }
  return new Response(rendered.html, { headers: responseHeaders, status });
}

type Rendered = { html: Uint8Array<ArrayBuffer>; failed: boolean };

const UTF8 = new TextEncoder();

type StreamCache = NonNullable<NonNullable<EntryContext['renderMeta']>['streamCache']>;

/**
 * Reads React Router's loader data stream to its end (once every loader's data is in) and gives it to its
 * `StreamTransfer` as read already: that component writes the scripts that hand the data to the browser, one
 * chunk after the other, and waits (suspends) for each chunk it has not read yet. With both of its chunks in its
 * cache, the data and the end of the stream, it writes the same scripts at the same place without waiting.
 */
async function readLoaderDataFirst(context: EntryContext): Promise<void> {
  const stream = context.serverHandoffStream;
  if (!stream || !context.renderMeta) return;
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = '';
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    text += decoder.decode(chunk.value, { stream: true });
  }
  text += decoder.decode();
  const read = (result: { done: boolean; value: string }) => Object.assign(Promise.resolve(), { result });
  const streamCache: StreamCache = { 0: read({ done: false, value: text }), 1: read({ done: true, value: '' }) };
  context.renderMeta.streamCache = streamCache;
}

/**
 * The page in one synchronous pass, or why not: part of it suspended (the string render then leaves that boundary to
 * the browser, `<!--$!-->`) or it threw (a suspension with no boundary around it, or a failure): the streaming render
 * does it right.
 */
function renderInOnePass(page: ReactElement): Rendered | RenderFallbackReason {
  let html: string;
  try {
    html = renderToString(page);
  } catch {
    return 'threw';
  }
  if (html.includes('<!--$!-->')) return 'suspended';
  // the streaming renderer writes the doctype before an <html> root; the string renderer leaves it out
  return { html: UTF8.encode(`<!DOCTYPE html>${html}`), failed: false };
}

/** The page by React's streaming renderer, once everything in it is ready (lazy modules loaded, data in). */
function renderWaitingForEverything(page: ReactElement, nonce: string): Promise<Rendered> {
  return new Promise<Rendered>((resolve, reject) => {
    // Abort after streamTimeout, leaving time to flush the rejected boundaries.
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
    let shellRendered = false;
    let failed = false;
    const options: RenderToPipeableStreamOptions = {
      nonce,
      // Never outline a finished Suspense boundary. Once 12,800 bytes (React's default) precede it, React sent the
      // boundary's HTML to the end of the page behind a reveal script, so a streamed page could paint what came
      // before it sooner. The page here goes out whole, and the browser's first paint lacked the parts behind such
      // boundaries: a buyer's account menu appeared a frame later and moved the header (issue 12).
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onShellReady() {
        shellRendered = true;
      },
      onAllReady() {
        pipe(
          collectHtml(
            (html) => {
              clearTimeout(timeoutId);
              resolve({ html, failed });
            },
            (error) => {
              clearTimeout(timeoutId);
              reject(error);
            },
          ),
        );
      },
      onShellError(error: unknown) {
        clearTimeout(timeoutId);
        reject(error);
      },
      onError(error: unknown) {
        failed = true;
        // Errors inside the shell after it rendered are logged here; shell errors reject and are logged by React
        // Router's handleDocumentRequest.
        if (shellRendered) console.error(error);
      },
    };
    const { pipe, abort } = renderToPipeableStream(page, options);
  });
}
