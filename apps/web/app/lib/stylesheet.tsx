/**
 * The storefront's one stylesheet (app.css, Tailwind). ADR 023: a page for a visitor who is not logged in carries it
 * in its `<head>` as a `<style>` (issue 12, first paint): a linked stylesheet blocks the first paint for a request of
 * its own, which on a phone's connection starts only once the HTML is in and shares the line with the first-load
 * scripts (`/search` painted at ≈ 2.1 s with the link and at ≈ 1.3 s with the text in the page, throttled).
 *
 * A logged-in buyer's pages link it instead (issue 25): the login page fetched the file while the buyer typed
 * (a prefetch, `loginPageStylesheetPrefetch`), so it comes from the browser's cache, and each page loaded whole —
 * a new tab, a reload — is ≈ 49 kB lighter (≈ 9 kB compressed) and costs the server no compression of it.
 */
import { createContext, useContext } from 'react';
import stylesHref from '../app.css?url';

/**
 * What the server decided for this page: the stylesheet's text to write into it, or `linked`. entry.server.tsx
 * provides it; in the browser the page's `<head>` tells (below).
 */
export const StylesheetContext = createContext<{ text: string; linked: boolean } | null>(null);

/** Whether the server linked the stylesheet in this document: it does so for the document's whole life. */
function isLinkedInThisDocument(): boolean {
  return document.head.querySelector(`link[rel="stylesheet"][href="${stylesHref}"]`) !== null;
}

export function Stylesheet() {
  const decided = useContext(StylesheetContext);
  // Vite's dev server serves the stylesheet, and updates it, by its URL
  if (import.meta.env.DEV) return <link rel="stylesheet" href={stylesHref} precedence="default" />;
  // React keeps one element per `href` in the <head>, and in the browser it adopts the server's: the `<link>`, or the
  // `<style data-href>` whose text the empty one here replaces nothing of, so the browser needs no text.
  if (decided ? decided.linked : isLinkedInThisDocument()) {
    return <link rel="stylesheet" href={stylesHref} precedence="default" />;
  }
  return (
    <style href={stylesHref} precedence="default">
      {decided?.text ?? ''}
    </style>
  );
}

/**
 * The login page's link that fetches the stylesheet's file into the browser's cache when the browser is idle, for
 * the logged-in pages that link it.
 */
export const loginPageStylesheetPrefetch = { rel: 'prefetch', href: stylesHref, as: 'style' } as const;
