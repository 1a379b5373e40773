import { type ToggleEvent, useCallback, useEffect, useId, useRef, useState } from 'react';

/**
 * A disclosure button with a panel beside it (the mini-cart, the phone's account menu), on the platform's popover
 * (ADR 025): the button is the panel's `popovertarget`, so a press opens it before any of the page's scripts have
 * run; the browser closes it on Escape (the focus back on the button), on a press outside, and when another of the
 * header's panels opens. React mirrors the open state (`isOpen`, from the panel's toggle events) for what it renders.
 *
 * Spread `buttonProps` on the button and `panelProps` on the panel, which is always rendered (closed, the browser
 * hides it) and placed under its button by CSS anchor positioning: give both the same `anchorName` (a `--name`).
 */
export function usePopover<Panel extends HTMLElement = HTMLElement>(anchorName: `--${string}`) {
  const [isOpen, setIsOpen] = useState(false);
  const panelId = useId();
  const panelRef = useRef<Panel>(null);

  // Opened before this part hydrated (a press before the page's scripts ran): its toggle event came before React.
  useEffect(() => {
    if (isPopoverOpen(panelRef.current)) setIsOpen(true);
  }, []);

  /** Closes the panel, e.g. on a navigation; the focus stays where it is (the new page's to place). */
  const close = useCallback(() => hidePopoverIfOpen(panelRef.current), []);

  return {
    isOpen,
    close,
    buttonProps: {
      type: 'button' as const,
      popoverTarget: panelId,
      'aria-expanded': isOpen,
      'aria-controls': panelId,
      style: { anchorName },
    },
    panelProps: {
      ref: panelRef,
      id: panelId,
      popover: 'auto' as const,
      onToggle: (event: ToggleEvent) => setIsOpen(event.newState === 'open'),
      style: { positionAnchor: anchorName },
    },
  };
}

/**
 * The classes of a panel under its button (usePopover), its right edge at the button's: the browser's own popover
 * styles (centred in the window, a border, padding) are replaced. Where the window's edge cuts it, the panel opens to the
 * button's right instead, and where that is cut too (the phone's account menu, at 390 px), centred under the button.
 */
export const POPOVER_PANEL_PLACEMENT =
  'absolute inset-auto m-0 mt-2 [position-area:bottom_span-left] [position-try-fallbacks:flip-inline,bottom]';

/**
 * Whether `element` is an open popover. False in a browser without popovers (Firefox before 125, Safari before
 * 17), where `:popover-open` would throw: the menus do not open there (app.css), and the page must not fail for it.
 */
export function isPopoverOpen(element: Element | null): boolean {
  return element !== null && 'popover' in HTMLElement.prototype && element.matches(':popover-open');
}

/** Closes `element` if it is an open popover (a navigation, a wider window). */
export function hidePopoverIfOpen(element: HTMLElement | null): void {
  if (element && isPopoverOpen(element)) element.hidePopover();
}
