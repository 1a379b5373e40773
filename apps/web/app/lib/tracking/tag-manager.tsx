import { useEffect, useRef } from 'react';
import { pushTrackingEvents } from './data-layer.ts';
import { loginEvents } from './tracking-events.ts';

/**
 * Google Tag Manager's snippet for a validated id (gtm-id.ts): `GTM_ID_PATTERN` allows only `GTM-[A-Z0-9]+`, so the
 * id is safe inside the inline script. `nonce` is the response's CSP nonce (lib/nonce.ts), without which the
 * Content-Security-Policy would block the snippet.
 */
export function TagManagerScript({ gtmId, nonce }: { gtmId: string | null | undefined; nonce: string }) {
  if (!gtmId) return null;
  const source = `(function(w,d,s,l,i){w[l]=w[l]||[];w[l].push({'gtm.start':new Date().getTime(),event:'gtm.js'});var f=d.getElementsByTagName(s)[0],j=d.createElement(s),dl=l!='dataLayer'?'&l='+l:'';j.async=true;j.src='https://www.googletagmanager.com/gtm.js?id='+i+dl;f.parentNode.insertBefore(j,f);})(window,document,'script','dataLayer','${gtmId}');`;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the snippet of the tag manager, with a validated id
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: source }} />;
}

/** spec §4 Authentication: "tracks the login": pushes `login` when the session turns from anonymous to logged in. */
export function LoginTracker({ isLoggedIn }: { isLoggedIn: boolean }) {
  const previous = useRef<boolean | null>(null);
  useEffect(() => {
    pushTrackingEvents(loginEvents(previous.current, isLoggedIn));
    previous.current = isLoggedIn;
  }, [isLoggedIn]);
  return null;
}
