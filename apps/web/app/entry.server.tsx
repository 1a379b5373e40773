/**
 * Renders a page on the server: React Router 7.18's default entry (streaming, bots wait for all content), plus the
 * page's Content-Security-Policy (ADR 011; the other security headers are server.mjs's). Each page gets a fresh
 * nonce, which goes to React's streaming scripts (`renderToPipeableStream`), to React Router's own inline scripts
 * (`<ServerRouter nonce>`) and through `NonceContext` to the document's scripts and styles (root.tsx).
 */
import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import type { RenderToPipeableStreamOptions } from 'react-dom/server';
import { renderToPipeableStream } from 'react-dom/server';
import { type EntryContext, ServerRouter } from 'react-router';
import { NonceContext } from './lib/nonce.ts';
import { contentSecurityPolicy, createNonce } from './lib/security-headers.server.ts';
import { GTM_ID } from './lib/tracking/gtm-config.server.ts';

// server.mjs reads these from the server build to send them on every answer, not only on pages.
export { STATIC_SECURITY_HEADERS, STRICT_TRANSPORT_SECURITY } from './lib/security-headers.server.ts';

export const streamTimeout = 5_000;

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
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    // Bots and SPA mode wait for all content, so what they read is complete.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';

    // Abort after streamTimeout, leaving time to flush the rejected boundaries.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              // Clear the timeout so its closure is not retained.
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set('Content-Type', 'text/html');
          pipe(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors inside the shell after it was sent are logged here; shell errors reject and are logged by
          // React Router's handleDocumentRequest.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
