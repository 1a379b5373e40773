/**
 * The storefront's one combobox (the header search, the quick order's item number): a WAI-ARIA 1.2 combobox with a
 * listbox popup ("list autocomplete without automatic selection"): focus stays in the text box, the highlighted option
 * is `aria-activedescendant`. The state and the keyboard rules are here, pure, so they are unit-tested apart from
 * React; the listbox and the hook that applies the keys are in combobox.tsx. This file is small on purpose: the header
 * search's text box is part of every first load, its suggestions are not.
 */

export type ComboboxState = {
  isOpen: boolean;
  /** The highlighted option, an index into every option of every group in order; -1 when none. */
  activeIndex: number;
  /** How many options the popup holds now. */
  optionCount: number;
};

export const CLOSED_COMBOBOX: ComboboxState = { isOpen: false, activeIndex: -1, optionCount: 0 };

export type ComboboxEvent =
  /** New options for the text typed: the popup opens when there are any, with nothing highlighted. */
  | { type: 'suggestionsArrived'; optionCount: number }
  /** The text changed: the highlight goes (it pointed into the previous suggestions). */
  | { type: 'textChanged' }
  /** The pointer moved onto an option. */
  | { type: 'optionHovered'; index: number }
  /** Focus left, an option was chosen, or the page changed. */
  | { type: 'closed' };

export function comboboxReducer(state: ComboboxState, event: ComboboxEvent): ComboboxState {
  switch (event.type) {
    case 'suggestionsArrived':
      return { isOpen: event.optionCount > 0, activeIndex: -1, optionCount: event.optionCount };
    case 'textChanged':
      return { ...state, activeIndex: -1 };
    case 'optionHovered':
      return state.isOpen && event.index >= 0 && event.index < state.optionCount
        ? { ...state, activeIndex: event.index }
        : state;
    case 'closed':
      return { ...state, isOpen: false, activeIndex: -1 };
  }
}

/**
 * What a key in the text box does. `isHandled` means the page must not do its own thing with the key (the browser's
 * default is prevented); `effect` is what the component carries out beyond the state: open the highlighted option,
 * or empty the text box (Escape on a closed popup, as the APG pattern says).
 */
export type ComboboxKeyResult = {
  state: ComboboxState;
  isHandled: boolean;
  effect: 'chooseActive' | 'clearText' | null;
};

export function comboboxKeyDown(
  state: ComboboxState,
  key: string,
  modifiers: { altKey?: boolean; hasText?: boolean } = {},
): ComboboxKeyResult {
  const unhandled = (next: ComboboxState = state): ComboboxKeyResult => ({
    state: next,
    isHandled: false,
    effect: null,
  });
  const { optionCount } = state;
  switch (key) {
    case 'ArrowDown': {
      if (optionCount === 0) return unhandled();
      // Alt+Down opens the popup without highlighting anything
      if (!state.isOpen) {
        return {
          state: { ...state, isOpen: true, activeIndex: modifiers.altKey ? -1 : 0 },
          isHandled: true,
          effect: null,
        };
      }
      // past the last option the highlight wraps to the first
      return { state: { ...state, activeIndex: (state.activeIndex + 1) % optionCount }, isHandled: true, effect: null };
    }
    case 'ArrowUp': {
      if (optionCount === 0) return unhandled();
      if (!state.isOpen)
        return { state: { ...state, isOpen: true, activeIndex: optionCount - 1 }, isHandled: true, effect: null };
      const previous = state.activeIndex <= 0 ? optionCount - 1 : state.activeIndex - 1;
      return { state: { ...state, activeIndex: previous }, isHandled: true, effect: null };
    }
    case 'Enter':
      // without a highlighted option, Enter submits the form: a search for the text
      if (!state.isOpen || state.activeIndex < 0) return unhandled({ ...state, isOpen: false, activeIndex: -1 });
      return { state: { ...state, isOpen: false, activeIndex: -1 }, isHandled: true, effect: 'chooseActive' };
    case 'Escape':
      if (state.isOpen) return { state: { ...state, isOpen: false, activeIndex: -1 }, isHandled: true, effect: null };
      return modifiers.hasText ? { state, isHandled: true, effect: 'clearText' } : unhandled();
    case 'Tab':
      return unhandled({ ...state, isOpen: false, activeIndex: -1 });
    case 'Home':
    case 'End':
    case 'ArrowLeft':
    case 'ArrowRight':
      // these move the caret in the text box, which takes the visual focus back from the popup
      return unhandled({ ...state, activeIndex: -1 });
    default:
      return unhandled();
  }
}

/** The element id of an option: `aria-activedescendant` of the text box names it. */
export function comboboxOptionId(listboxId: string, index: number): string {
  return `${listboxId}-option-${index}`;
}

/** The text box's combobox attributes for the popup's state (spread onto the `<input>`). */
export function comboboxInputProps(listboxId: string, state: Pick<ComboboxState, 'isOpen' | 'activeIndex'>) {
  return {
    role: 'combobox',
    'aria-autocomplete': 'list',
    'aria-expanded': state.isOpen,
    'aria-controls': listboxId,
    'aria-activedescendant':
      state.isOpen && state.activeIndex >= 0 ? comboboxOptionId(listboxId, state.activeIndex) : undefined,
  } as const;
}
