/**
 * Where the keyboard focus goes when a page is shown (WCAG 2.4.3): to the page's main heading, as a screen reader
 * user expects after a full page load, so that the next Tab starts in the page rather than in the header it left.
 */

/**
 * Moves the focus to the main heading (the `<h1>` inside `<main>`, made focusable with tabindex="-1" when it is not),
 * or to `<main>` itself when the page has no heading. The view does not jump: the page is already scrolled.
 */
export function focusPageHeading(): void {
  // A modal dialog still open (the phone's menu drawer, which a navigation closes) keeps the page inert: once it closes.
  const dialog = document.querySelector('dialog:modal');
  if (dialog) {
    dialog.addEventListener('close', focusPageHeading, { once: true });
    return;
  }
  const main = document.querySelector('main');
  const target = main?.querySelector<HTMLElement>('h1') ?? main;
  if (!target) return;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
}
