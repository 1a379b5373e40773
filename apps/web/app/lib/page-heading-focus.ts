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
  const main = document.querySelector<HTMLElement>('main');
  if (!main) return;
  const heading = main.querySelector<HTMLElement>('h1');
  focusWithoutScrolling(heading ?? main);
  if (!heading) moveFocusToLateHeading(main);
}

/** How long a page's heading may take to appear after the navigation (a lazily loaded page's code arriving). */
const LATE_HEADING_WAIT_MS = 5_000;

/**
 * A page whose code loads when it is shown (a content page or a category listing, in a Suspense boundary) has no
 * heading yet when the navigation ends: `<main>` takes the focus, and hands it to the heading once that appears,
 * unless the user has moved the focus in the meantime.
 */
function moveFocusToLateHeading(main: HTMLElement): void {
  const observer = new MutationObserver(() => {
    const heading = main.querySelector<HTMLElement>('h1');
    if (!heading) return;
    stop();
    if (document.activeElement === main) focusWithoutScrolling(heading);
  });
  const timeout = window.setTimeout(() => stop(), LATE_HEADING_WAIT_MS);
  const stop = () => {
    observer.disconnect();
    window.clearTimeout(timeout);
  };
  observer.observe(main, { childList: true, subtree: true });
}

function focusWithoutScrolling(target: HTMLElement): void {
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
}
