/**
 * Clicks that come before their button has hydrated. The server's HTML is painted, and its buttons can be pressed,
 * before the storefront's scripts have arrived: on a slow phone for a second or more. A link or a form works without
 * them; a button that only scripts serve (`type="button"`: a menu, a disclosure) did nothing, and the buyer had to
 * press it again (the mega menu, the phone's account button, ADR 017). The same for a button of a lazy part (the
 * popovers of use-popover.ts) after the page has hydrated, until the part's own code is in: React drops a click on a
 * part it cannot hydrate yet.
 *
 * So the page's first script records the last such button pressed (`EARLY_CLICK_SCRIPT`, root.tsx), and the button
 * is pressed again for the buyer once it can act (`replayEarlyClick`): by the page, for a press before hydration
 * began (entry.client.tsx marks the moment, `markHydrationBegun`: from then on React handles the page's clicks
 * itself), or by the lazy part holding the button, once it has hydrated.
 */

type EarlyClick = { button: Element; beforeHydration: boolean };
type EarlyClickWindow = Window & { __earlyClick?: EarlyClick | null; __hydrationBegun?: boolean };

/**
 * The inline script (it runs with the page's nonce, before anything else): plain JavaScript, no imports. It keeps
 * listening after hydration, for the lazy parts; a page's later clicks only overwrite the record. Keep it in step
 * with the functions below.
 */
export const EARLY_CLICK_SCRIPT = `(function(){var w=window;document.addEventListener('click',function(e){var t=e.target;var b=t&&t.closest?t.closest('button[type="button"]'):null;if(b)w.__earlyClick={button:b,beforeHydration:!w.__hydrationBegun}},true)})();`;

/** Right before hydration begins: from now on React sees every click on the page's own (not lazy) buttons. */
export function markHydrationBegun(): void {
  (window as EarlyClickWindow).__hydrationBegun = true;
}

/**
 * On the element of a part that presses its own buttons again (`replayEarlyClick(itself)` once it has hydrated): a
 * lazy part, whose code comes after the page's. The page leaves the buttons inside to it.
 */
export const REPLAYS_OWN_EARLY_CLICKS = 'data-replays-own-early-clicks';

/**
 * In a lazy part's click handler: this press reached React (the part had hydrated, or React hydrated it for the
 * press, once its code was in), so it is not to be made again when the part's hydration effects run.
 */
export function forgetEarlyClick(button: Element): void {
  const early = window as EarlyClickWindow;
  if (early.__earlyClick?.button === button) early.__earlyClick = null;
}

/**
 * Once `part` has hydrated (the page: `document.documentElement`, or an element marked REPLAYS_OWN_EARLY_CLICKS):
 * presses the button pressed too early again, if this part is the one to press it and it is still on the page. A
 * press React handled is not made again: the page's, from hydration on; a part's, through `forgetEarlyClick`.
 */
export function replayEarlyClick(part: Element | null): void {
  const early = window as EarlyClickWindow;
  const click = early.__earlyClick;
  if (!part || !click?.button.isConnected) return;
  const owner = click.button.parentElement?.closest(`[${REPLAYS_OWN_EARLY_CLICKS}]`) ?? document.documentElement;
  if (owner !== part) return;
  if (part === document.documentElement && !click.beforeHydration) return;
  // After this commit's other effects: mount effects (closing a panel "on navigation") would undo the press. And after
  // the event being dispatched, if any: when React hydrates a part for a press itself, these effects may run before
  // the part's handler sees that press and forgets it (a later press replaces the record likewise).
  setTimeout(() => {
    if (early.__earlyClick !== click) return;
    early.__earlyClick = null;
    if (click.button.isConnected && click.button instanceof HTMLElement) click.button.click();
  }, 0);
}
