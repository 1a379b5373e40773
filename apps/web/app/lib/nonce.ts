/**
 * The Content-Security-Policy nonce of the document (entry.server.tsx creates one per response and provides it).
 * Every element that needs one takes it from here: React Router's `<Links>`, `<Scripts>`, `<ScrollRestoration>` and
 * the tag manager's snippet (root.tsx).
 *
 * In the browser there is no provider: the default is the nonce the server gave this document, read back from one
 * of its scripts. The browser hides a nonce from the `nonce` attribute once it has checked it, but keeps it in the
 * element's `nonce` property, and hydration compares with that: without the same value there, React reports a
 * mismatch on every element that carries one.
 */
import { createContext, useContext } from 'react';

function nonceOfThisDocument(): string {
  if (typeof document === 'undefined') return '';
  return document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce ?? '';
}

export const NonceContext = createContext<string>(nonceOfThisDocument());

export function useNonce(): string {
  return useContext(NonceContext);
}
