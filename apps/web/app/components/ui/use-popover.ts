import { type KeyboardEvent, type MouseEvent, useEffect, useId, useRef, useState } from 'react';
import { forgetEarlyClick, REPLAYS_OWN_EARLY_CLICKS, replayEarlyClick } from '~/lib/early-clicks.ts';

/**
 * A disclosure button with a panel beside it (the mini-cart, the phone's account menu): the button toggles the
 * panel; Escape inside closes it and returns the focus to the button; a pointer press outside closes it.
 * Spread `containerProps` on the element holding both and `buttonProps` on the button; give the panel `panelId`.
 * Both popovers are lazy parts, hydrated after the page: a press of the button before that opens the panel once they
 * are (lib/early-clicks.ts).
 */
export function usePopover() {
  const [isOpen, setIsOpen] = useState(false);
  const panelId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => replayEarlyClick(containerRef.current), []);

  useEffect(() => {
    if (!isOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setIsOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [isOpen]);

  return {
    isOpen,
    setIsOpen,
    panelId,
    containerProps: {
      ref: containerRef,
      [REPLAYS_OWN_EARLY_CLICKS]: '',
      onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
        if (event.key !== 'Escape' || !isOpen) return;
        setIsOpen(false);
        buttonRef.current?.focus();
      },
    },
    buttonProps: {
      ref: buttonRef,
      type: 'button' as const,
      'aria-expanded': isOpen,
      'aria-controls': isOpen ? panelId : undefined,
      onClick: (event: MouseEvent<HTMLButtonElement>) => {
        forgetEarlyClick(event.currentTarget);
        setIsOpen((open) => !open);
      },
    },
  };
}
