/**
 * Renders a page on the server, plus the page's Content-Security-Policy (ADR 011; the other security headers are
 * server.mjs's). Each page gets a fresh nonce, which goes to React's scripts (`renderToPipeableStream`), to React
 * Router's own inline scripts (`<ServerRouter nonce>`) and through `NonceContext` to the document's scripts and styles
 * (root.tsx).
 *
 * Every page is rendered whole before its first byte is sent (`onAllReady`), into one buffer: every loader awaits its
 * data (no page defers any), so the shell is the whole page anyway, and streaming it cost CPU for nothing: React's
 * many small chunks each went through a PassThrough, a web stream, Express and the compressor on their own (issue
 * 12 profile: about a third of the compression time, and the drain listeners the compressor leaked per chunk). One
 * buffer is compressed in one call and gets a Content-Length. A page that defers data one day (an `<Await>` with a
 * fallback) still works: its HTML comes complete, later than with streaming.
 */
import { Writable } from 'node:stream';
import type { RenderToPipeableStreamOptions } from 'react-dom/server';
import { renderToPipeableStream } from 'react-dom/server';
import { type EntryContext, ServerRouter } from 'react-router';
import { NonceContext } from './lib/nonce.ts';
import { contentSecurityPolicy, createNonce } from './lib/security-headers.server.ts';
import { GTM_ID } from './lib/tracking/gtm-config.server.ts';

// server.mjs reads these from the server build to send them on every answer, not only on pages.
export { STATIC_SECURITY_HEADERS, STRICT_TRANSPORT_SECURITY } from './lib/security-headers.server.ts';

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

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  const nonce = createNonce();
  // The headers without a nonce are server.mjs's, for every answer: set here too, the adapter would send them twice.
  responseHeaders.set(
    'Content-Security-Policy',
    contentSecurityPolicy(nonce, { hasTagManager: GTM_ID !== null, isDevelopment: import.meta.env.DEV }),
  );

  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise<Response>((resolve, reject) => {
    // Abort after streamTimeout, leaving time to flush the rejected boundaries.
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
    let shellRendered = false;
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
              responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
              responseHeaders.set('Content-Length', String(html.byteLength));
              resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
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
        responseStatusCode = 500;
        // Errors inside the shell after it rendered are logged here; shell errors reject and are logged by React
        // Router's handleDocumentRequest.
        if (shellRendered) console.error(error);
      },
    };
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      options,
    );
  });
}
