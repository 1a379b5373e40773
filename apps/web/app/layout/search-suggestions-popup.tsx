import { MIN_SUGGESTION_TEXT_LENGTH } from '@b2b/contract/constants';
import { type KeyboardEvent, type Ref, useCallback, useEffect, useImperativeHandle, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  CLOSED_COMBOBOX,
  type ComboboxEvent,
  comboboxKeyDown,
  comboboxReducer,
} from '~/features/search/search-combobox.ts';
import {
  describeSuggestions,
  SEARCH_SUGGESTIONS_PATH,
  type SearchSuggestions,
  SUGGESTION_DEBOUNCE_MS,
  type SuggestionGroup,
  type SuggestionOption,
  toSuggestionGroups,
} from '~/features/search/search-suggestions.ts';
import { cn } from '~/lib/cn.ts';
import { resizedImageSources } from '~/lib/image-resize-params.ts';

/** The thumbnail's box in CSS pixels. */
const THUMBNAIL_SIZE = 40;

/** What the text box (search-form.tsx) shows of the popup: `aria-expanded` and `aria-activedescendant`. */
export type PopupState = { isOpen: boolean; activeOptionId: string | undefined };

/** What the text box hands on to the popup. */
export type PopupControl = {
  /** The text box's keydown: arrows, Enter, Escape (search-combobox.ts). */
  keyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
  /** The text box got the focus: reopen the suggestions of the text typed last. */
  focused: () => void;
  closed: () => void;
};

function SuggestionThumbnail({ option }: { option: SuggestionOption }) {
  if (option.kind !== 'product') return null;
  return (
    <span className="grid size-10 shrink-0 place-items-center overflow-hidden rounded bg-neutral-100">
      {option.imageUrl ? (
        <img
          {...resizedImageSources(option.imageUrl, { width: THUMBNAIL_SIZE, height: THUMBNAIL_SIZE })}
          // the name next to it says what it shows
          alt=""
          width={THUMBNAIL_SIZE}
          height={THUMBNAIL_SIZE}
          decoding="async"
          className="size-full object-contain"
        />
      ) : null}
    </span>
  );
}

/**
 * The suggestions of the header search (issue 11 §2), loaded when the search box first gets the focus or a pointer
 * (issue 12: not part of the first load): fetches suggestions for the typed text, renders the listbox and handles the
 * combobox keys the text box passes on through `control`. Focus stays in the text box; see search-form.tsx.
 */
export default function SearchSuggestionsPopup({
  control,
  listboxId,
  typedText,
  hasText,
  inputRef,
  onStateChange,
  onAnnouncement,
  onClearText,
}: {
  control: Ref<PopupControl>;
  listboxId: string;
  /** The text the buyer typed last; suggestions are asked for that, never for text the page put in the box. */
  typedText: string | null;
  hasText: boolean;
  inputRef: { current: HTMLInputElement | null };
  onStateChange: (state: PopupState) => void;
  onAnnouncement: (text: string) => void;
  onClearText: () => void;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  const [groups, setGroups] = useState<SuggestionGroup[]>([]);
  const [combobox, setCombobox] = useState(CLOSED_COMBOBOX);
  const dispatch = useCallback((event: ComboboxEvent) => setCombobox((state) => comboboxReducer(state, event)), []);
  const options = groups.flatMap((group) => group.options);
  const optionId = (index: number) => `${listboxId}-option-${index}`;

  // Debounced fetch of the suggestions; a newer text aborts the request of the older one, so a late answer never
  // replaces a fresher one.
  useEffect(() => {
    if (typedText === null) return;
    dispatch({ type: 'textChanged' });
    const query = typedText.trim();
    if (query.length < MIN_SUGGESTION_TEXT_LENGTH) {
      setGroups([]);
      onAnnouncement('');
      dispatch({ type: 'suggestionsArrived', optionCount: 0 });
      return;
    }
    const controller = new AbortController();
    const timer = window.setTimeout(async () => {
      try {
        const response = await fetch(`${SEARCH_SUGGESTIONS_PATH}?${new URLSearchParams({ q: query })}`, {
          signal: controller.signal,
          headers: { accept: 'application/json' },
        });
        if (!response.ok) throw new Error(`suggestions answered ${response.status}`);
        const next = toSuggestionGroups((await response.json()) as SearchSuggestions);
        setGroups(next);
        onAnnouncement(describeSuggestions(next));
        // the popup opens only for a box that still has the focus
        const count = document.activeElement === inputRef.current ? next.flatMap((group) => group.options).length : 0;
        dispatch({ type: 'suggestionsArrived', optionCount: count });
      } catch (error) {
        if (controller.signal.aborted) return;
        // no suggestions is not an error to the buyer: the form still searches
        console.warn('[search] suggestions failed', error);
        setGroups([]);
        dispatch({ type: 'suggestionsArrived', optionCount: 0 });
      }
    }, SUGGESTION_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [typedText, dispatch, onAnnouncement, inputRef]);

  // A navigation (a chosen suggestion, a search) closes the popup.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on location change on purpose
  useEffect(() => dispatch({ type: 'closed' }), [location.pathname, location.search]);

  const isOpen = combobox.isOpen;
  const activeOptionId = isOpen && combobox.activeIndex >= 0 ? optionId(combobox.activeIndex) : undefined;
  useEffect(() => onStateChange({ isOpen, activeOptionId }), [isOpen, activeOptionId, onStateChange]);

  const choose = (option: SuggestionOption | undefined) => {
    if (!option) return;
    dispatch({ type: 'closed' });
    onAnnouncement('');
    navigate(option.href);
  };

  useImperativeHandle(control, () => ({
    keyDown: (event) => {
      // an IME composing text uses Enter and the arrows itself
      if (event.nativeEvent.isComposing) return;
      const result = comboboxKeyDown(combobox, event.key, { altKey: event.altKey, hasText });
      if (result.isHandled) event.preventDefault();
      setCombobox(result.state);
      if (result.effect === 'chooseActive') choose(options[combobox.activeIndex]);
      if (result.effect === 'clearText') onClearText();
    },
    focused: () => {
      if (options.length > 0 && typedText !== null)
        dispatch({ type: 'suggestionsArrived', optionCount: options.length });
    },
    closed: () => dispatch({ type: 'closed' }),
  }));

  let optionIndex = -1;
  return (
    // Pressing on an option must not take the focus from the text box (that would close the popup first).
    <div
      id={listboxId}
      role="listbox"
      aria-label="Search suggestions"
      hidden={!isOpen}
      onMouseDown={(event) => event.preventDefault()}
      className="absolute top-full right-0 left-0 z-50 mt-1 max-h-[min(32rem,70vh)] overflow-y-auto rounded-md border border-neutral-200 bg-white py-1 shadow-lg"
    >
      {groups.map((group) => (
        // biome-ignore lint/a11y/useSemanticElements: a group of a listbox (ARIA 1.2), not a fieldset of form fields
        <div key={group.kind} role="group" aria-label={group.heading}>
          <div
            aria-hidden="true"
            className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-neutral-600 uppercase"
          >
            {group.heading}
          </div>
          {group.options.map((option) => {
            optionIndex += 1;
            const index = optionIndex;
            const isActive = combobox.activeIndex === index;
            return (
              // biome-ignore lint/a11y/useKeyWithClickEvents: keyboard users choose with Enter in the text box (aria-activedescendant)
              <div
                key={option.key}
                id={optionId(index)}
                role="option"
                // reachable by aria-activedescendant, never by Tab: focus stays in the text box
                tabIndex={-1}
                aria-selected={isActive}
                onClick={() => choose(option)}
                onMouseMove={() => {
                  if (!isActive) dispatch({ type: 'optionHovered', index });
                }}
                className={cn(
                  'flex cursor-pointer items-center gap-3 px-3 py-2 text-sm',
                  isActive && 'bg-accent-50 outline-2 -outline-offset-2 outline-accent-600',
                )}
              >
                <SuggestionThumbnail option={option} />
                <span className="min-w-0">
                  <span className="block truncate font-medium text-neutral-900">{option.label}</span>
                  <span className="block truncate text-xs text-neutral-600">{option.detail}</span>
                </span>
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}
