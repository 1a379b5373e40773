import type { Page } from '@playwright/test';

/**
 * Counts how often React renders `selector`'s element again after hydration. React calls the DevTools hook on every
 * commit (production builds too), and an element React renders again gets a new props object (`__reactProps$…`) in
 * the commit, even when nothing on it changes: a count of 0 means the hydrated element was left alone since.
 * Call before the page loads; read with `rendersSinceHydration`.
 */
export async function countRendersSinceHydration(page: Page, selector: string): Promise<void> {
  await page.addInitScript((watched) => {
    type Watch = { props: unknown; renders: number };
    const state = window as unknown as { __rendersSinceHydration?: Watch; __REACT_DEVTOOLS_GLOBAL_HOOK__?: object };
    const propsOf = (element: Element | null): unknown => {
      if (!element) return undefined;
      const key = Object.keys(element).find((name) => name.startsWith('__reactProps$'));
      return key ? (element as unknown as Record<string, unknown>)[key] : undefined;
    };
    state.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      supportsFiber: true,
      renderers: new Map(),
      inject: () => 1,
      onCommitFiberRoot: () => {
        const props = propsOf(document.querySelector(watched));
        if (props === undefined) return;
        const watch = state.__rendersSinceHydration;
        if (!watch) state.__rendersSinceHydration = { props, renders: 0 };
        else if (watch.props !== props) state.__rendersSinceHydration = { props, renders: watch.renders + 1 };
      },
      onCommitFiberUnmount: () => {},
      checkDCE: () => {},
    };
  }, selector);
}

/** How often the watched element was rendered again since hydration (null: not hydrated yet). */
export async function rendersSinceHydration(page: Page): Promise<number | null> {
  return page.evaluate(
    () =>
      (window as unknown as { __rendersSinceHydration?: { renders: number } }).__rendersSinceHydration?.renders ?? null,
  );
}
