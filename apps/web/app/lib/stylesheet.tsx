/**
 * The storefront's one stylesheet (app.css, Tailwind), written into the page's `<head>` as a `<style>` (issue 12,
 * first paint; ADR 023). A linked stylesheet blocks the first paint for a request of its own, which on a phone's
 * connection starts only once the HTML is in and shares the line with the first-load scripts: under Lighthouse's
 * throttled phone, `/search` painted at ≈ 2.1 s with the link and at ≈ 1.3 s with the text in the page. The text is
 * ≈ 9 kB compressed, sent with each page loaded whole; the pages after the first come through client navigation and
 * carry no HTML, so a buyer's session pays it about once.
 */
import { createContext, useContext } from 'react';
import stylesHref from '../app.css?url';

/** The stylesheet's text: entry.server.tsx provides it. The browser needs none (below). */
export const StylesheetTextContext = createContext('');

export function Stylesheet() {
  const text = useContext(StylesheetTextContext);
  // Vite's dev server serves the stylesheet, and updates it, by its URL
  if (import.meta.env.DEV) return <link rel="stylesheet" href={stylesHref} precedence="default" />;
  // React keeps one element per `href` in the <head>. In the browser it finds the server's (`style[data-href]`) and
  // keeps it as it is, so the empty text there replaces nothing, and the stylesheet's file is never fetched.
  return (
    <style href={stylesHref} precedence="default">
      {text}
    </style>
  );
}
