import { DROPDOWN_PANEL_MAX_HEIGHT_PX } from '@b2b/contract/constants';
import { Fragment, type KeyboardEvent, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { cn } from '~/lib/cn.ts';
import {
  CLOSED_COMBOBOX,
  type ComboboxEvent,
  type ComboboxState,
  comboboxKeyDown,
  comboboxOptionId,
  comboboxReducer,
} from './combobox-state.ts';

/**
 * The combobox's state and its keys (combobox-state.ts) for a text box with a listbox popup. `onChoose` is called with
 * the highlighted option's index when Enter takes it; `onClearText`, when given, makes Escape on a closed popup empty
 * the box (the APG pattern; the header search does, a quick order row keeps its number).
 */
export function useCombobox({
  onChoose,
  onClearText,
}: {
  onChoose: (index: number) => void;
  onClearText?: () => void;
}) {
  const [state, setState] = useState<ComboboxState>(CLOSED_COMBOBOX);
  const dispatch = useCallback((event: ComboboxEvent) => setState((current) => comboboxReducer(current, event)), []);

  /** The text box's keydown; returns what the key did, or null while an IME composes (it uses the keys itself). */
  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return null;
    const hasText = onClearText !== undefined && event.currentTarget.value.length > 0;
    const result = comboboxKeyDown(state, event.key, { altKey: event.altKey, hasText });
    if (result.isHandled) event.preventDefault();
    setState(result.state);
    if (result.effect === 'chooseActive') onChoose(state.activeIndex);
    if (result.effect === 'clearText') onClearText?.();
    return result;
  };

  return { state, dispatch, keyDown };
}

/** Options of the popup under an optional heading (ARIA 1.2: a `group` of the listbox, named by its heading). */
export type ComboboxGroup<Option> = { key: string; heading?: string; options: readonly Option[] };

/**
 * The popup of a combobox: a listbox whose options are highlighted by the text box's `aria-activedescendant` (ids from
 * `comboboxOptionId`), never focused, so typing goes on while the arrows move. A click chooses, the pointer
 * highlights; pressing on the popup keeps the focus in the text box (its blur would close the popup first).
 */
export function ComboboxListbox<Option>({
  id,
  label,
  state,
  groups,
  optionKey,
  renderOption,
  onChoose,
  onHighlight,
  className,
  optionClassName,
  isDropdownPanel = true,
}: {
  id: string;
  label: string;
  state: ComboboxState;
  groups: readonly ComboboxGroup<Option>[];
  optionKey: (option: Option) => string;
  renderOption: (option: Option) => ReactNode;
  onChoose: (option: Option, index: number) => void;
  onHighlight: (index: number) => void;
  /** Where the popup sits; the look of the box itself is the same everywhere. */
  className?: string;
  optionClassName?: string;
  /**
   * A dropdown panel (spec §9) is at most 200 px high and scrolls beyond. False for a popup that sets its own height
   * in `className` (the header search's suggestions, with a picture per product).
   */
  isDropdownPanel?: boolean;
}) {
  const listboxRef = useRef<HTMLDivElement>(null);
  // The arrows move the highlight beyond the panel's height: the highlighted option is scrolled into view.
  useEffect(() => {
    if (state.activeIndex < 0) return;
    listboxRef.current
      ?.querySelector(`#${CSS.escape(comboboxOptionId(id, state.activeIndex))}`)
      ?.scrollIntoView({ block: 'nearest' });
  }, [id, state.activeIndex]);
  let optionIndex = -1;
  const renderOptions = (options: readonly Option[]) =>
    options.map((option) => {
      optionIndex += 1;
      const index = optionIndex;
      const isActive = state.activeIndex === index;
      return (
        // biome-ignore lint/a11y/useKeyWithClickEvents: keyboard users choose with Enter in the text box (aria-activedescendant)
        <div
          key={optionKey(option)}
          id={comboboxOptionId(id, index)}
          role="option"
          // reachable by aria-activedescendant, never by Tab: focus stays in the text box
          tabIndex={-1}
          aria-selected={isActive}
          onClick={() => onChoose(option, index)}
          onMouseMove={() => {
            if (!isActive) onHighlight(index);
          }}
          className={cn(
            'flex cursor-pointer items-center px-3 py-2 text-sm',
            optionClassName,
            isActive && 'bg-accent-50 outline-2 -outline-offset-2 outline-accent-600',
          )}
        >
          {renderOption(option)}
        </div>
      );
    });

  return (
    <div
      ref={listboxRef}
      id={id}
      role="listbox"
      aria-label={label}
      hidden={!state.isOpen}
      onMouseDown={(event) => event.preventDefault()}
      className={cn('z-50 overflow-y-auto rounded-md border border-neutral-200 bg-white py-1 shadow-lg', className)}
      style={isDropdownPanel ? { maxHeight: DROPDOWN_PANEL_MAX_HEIGHT_PX } : undefined}
    >
      {groups.map((group) =>
        group.heading ? (
          // biome-ignore lint/a11y/useSemanticElements: a group of a listbox (ARIA 1.2), not a fieldset of form fields
          <div key={group.key} role="group" aria-label={group.heading}>
            <div
              aria-hidden="true"
              className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-neutral-600 uppercase"
            >
              {group.heading}
            </div>
            {renderOptions(group.options)}
          </div>
        ) : (
          <Fragment key={group.key}>{renderOptions(group.options)}</Fragment>
        ),
      )}
    </div>
  );
}
