import { describe, expect, it } from 'vitest';
import {
  CLOSED_COMBOBOX,
  type ComboboxState,
  comboboxInputProps,
  comboboxKeyDown,
  comboboxOptionId,
  comboboxReducer,
} from './combobox-state.ts';

const open = (activeIndex: number, optionCount = 3): ComboboxState => ({ isOpen: true, activeIndex, optionCount });

describe('comboboxReducer', () => {
  it('opens with nothing highlighted when suggestions arrive, stays closed when there are none', () => {
    expect(comboboxReducer(CLOSED_COMBOBOX, { type: 'suggestionsArrived', optionCount: 4 })).toEqual(open(-1, 4));
    expect(comboboxReducer(open(2), { type: 'suggestionsArrived', optionCount: 0 })).toEqual({
      isOpen: false,
      activeIndex: -1,
      optionCount: 0,
    });
  });

  it('drops the highlight when the text changes, and closes with it', () => {
    expect(comboboxReducer(open(1), { type: 'textChanged' })).toEqual(open(-1));
    expect(comboboxReducer(open(1), { type: 'closed' })).toEqual({ isOpen: false, activeIndex: -1, optionCount: 3 });
  });

  it('highlights a hovered option only while open and within range', () => {
    expect(comboboxReducer(open(-1), { type: 'optionHovered', index: 2 })).toEqual(open(2));
    expect(comboboxReducer(open(0), { type: 'optionHovered', index: 3 })).toEqual(open(0));
    const closed = { ...CLOSED_COMBOBOX, optionCount: 3 };
    expect(comboboxReducer(closed, { type: 'optionHovered', index: 1 })).toBe(closed);
  });
});

describe('comboboxKeyDown', () => {
  it('ArrowDown opens a closed popup on its first option; Alt+ArrowDown opens it without a highlight', () => {
    const closed = { ...CLOSED_COMBOBOX, optionCount: 3 };
    expect(comboboxKeyDown(closed, 'ArrowDown')).toEqual({ state: open(0), isHandled: true, effect: null });
    expect(comboboxKeyDown(closed, 'ArrowDown', { altKey: true }).state).toEqual(open(-1));
  });

  it('ArrowDown and ArrowUp move the highlight and wrap around', () => {
    expect(comboboxKeyDown(open(-1), 'ArrowDown').state.activeIndex).toBe(0);
    expect(comboboxKeyDown(open(0), 'ArrowDown').state.activeIndex).toBe(1);
    expect(comboboxKeyDown(open(2), 'ArrowDown').state.activeIndex).toBe(0);
    expect(comboboxKeyDown(open(2), 'ArrowUp').state.activeIndex).toBe(1);
    expect(comboboxKeyDown(open(0), 'ArrowUp').state.activeIndex).toBe(2);
    expect(comboboxKeyDown(open(-1), 'ArrowUp').state.activeIndex).toBe(2);
    expect(comboboxKeyDown({ ...CLOSED_COMBOBOX, optionCount: 3 }, 'ArrowUp').state).toEqual(open(2));
  });

  it('leaves the arrows to the page when there is nothing to suggest', () => {
    expect(comboboxKeyDown(CLOSED_COMBOBOX, 'ArrowDown')).toEqual({
      state: CLOSED_COMBOBOX,
      isHandled: false,
      effect: null,
    });
    expect(comboboxKeyDown(CLOSED_COMBOBOX, 'ArrowUp').isHandled).toBe(false);
  });

  it('Enter on a highlighted option chooses it and closes; without one it submits the search', () => {
    expect(comboboxKeyDown(open(1), 'Enter')).toEqual({
      state: { isOpen: false, activeIndex: -1, optionCount: 3 },
      isHandled: true,
      effect: 'chooseActive',
    });
    expect(comboboxKeyDown(open(-1), 'Enter')).toEqual({
      state: { isOpen: false, activeIndex: -1, optionCount: 3 },
      isHandled: false,
      effect: null,
    });
  });

  it('Escape closes an open popup, and empties the text once it is closed', () => {
    expect(comboboxKeyDown(open(1), 'Escape')).toEqual({
      state: { isOpen: false, activeIndex: -1, optionCount: 3 },
      isHandled: true,
      effect: null,
    });
    const closed = { ...CLOSED_COMBOBOX, optionCount: 3 };
    expect(comboboxKeyDown(closed, 'Escape', { hasText: true })).toEqual({
      state: closed,
      isHandled: true,
      effect: 'clearText',
    });
    expect(comboboxKeyDown(closed, 'Escape', { hasText: false }).isHandled).toBe(false);
  });

  it('Tab closes without taking the key; caret keys drop the highlight and move the caret', () => {
    expect(comboboxKeyDown(open(1), 'Tab')).toEqual({
      state: { isOpen: false, activeIndex: -1, optionCount: 3 },
      isHandled: false,
      effect: null,
    });
    for (const key of ['Home', 'End', 'ArrowLeft', 'ArrowRight']) {
      expect(comboboxKeyDown(open(1), key)).toEqual({ state: open(-1), isHandled: false, effect: null });
    }
    expect(comboboxKeyDown(open(1), 'a')).toEqual({ state: open(1), isHandled: false, effect: null });
  });
});

describe('comboboxInputProps', () => {
  it('names the listbox always, and the highlighted option only while the popup is open', () => {
    expect(comboboxInputProps('list', open(1))).toEqual({
      role: 'combobox',
      'aria-autocomplete': 'list',
      'aria-expanded': true,
      'aria-controls': 'list',
      'aria-activedescendant': comboboxOptionId('list', 1),
    });
    expect(comboboxOptionId('list', 1)).toBe('list-option-1');
    expect(comboboxInputProps('list', open(-1))['aria-activedescendant']).toBeUndefined();
    expect(comboboxInputProps('list', { ...open(1), isOpen: false })).toMatchObject({
      'aria-expanded': false,
      'aria-activedescendant': undefined,
    });
  });
});
