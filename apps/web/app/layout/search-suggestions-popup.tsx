import { MIN_SUGGESTION_TEXT_LENGTH } from '@b2b/contract/constants';
import { type KeyboardEvent, type Ref, useEffect, useImperativeHandle, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { InlineDiscountSplashes } from '~/components/product/discount-splashes.tsx';
import { ComboboxListbox, useCombobox } from '~/components/ui/combobox.tsx';
import type { ComboboxState } from '~/components/ui/combobox-state.ts';
import {
  describeSuggestions,
  SEARCH_SUGGESTIONS_PATH,
  type SearchSuggestions,
  SUGGESTION_DEBOUNCE_MS,
  type SuggestionGroup,
  type SuggestionOption,
  toSuggestionGroups,
} from '~/features/search/search-suggestions.ts';
import { browserLog } from '~/lib/browser-log.ts';
import { useSplashes } from '~/lib/campaigns/use-splashes.ts';
import { resizedImageSources } from '~/lib/image-resize-params.ts';

/** The thumbnail's box in CSS pixels. */
const THUMBNAIL_SIZE = 40;

/** What the text box hands on to the popup. */
export type PopupControl = {
  /** The text box's keydown: arrows, Enter, Escape (components/ui/combobox-state.ts). */
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
  inputRef,
  onStateChange,
  onAnnouncement,
  onClearText,
}: {
  control: Ref<PopupControl>;
  listboxId: string;
  /** The text the buyer typed last; suggestions are asked for that, never for text the page put in the box. */
  typedText: string | null;
  inputRef: { current: HTMLInputElement | null };
  onStateChange: (state: ComboboxState) => void;
  onAnnouncement: (text: string) => void;
  onClearText: () => void;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  const [groups, setGroups] = useState<SuggestionGroup[]>([]);
  const options = groups.flatMap((group) => group.options);
  // suggestions come after the first render: their splashes through the 500 ms queue (issue 27)
  const splashesOf = useSplashes(options.flatMap((option) => option.productId ?? []));
  const choose = (option: SuggestionOption | undefined) => {
    if (!option) return;
    dispatch({ type: 'closed' });
    onAnnouncement('');
    navigate(option.href);
  };
  const {
    state: combobox,
    dispatch,
    keyDown,
  } = useCombobox({
    onChoose: (index) => choose(options[index]),
    onClearText,
  });

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
        browserLog.warn('[search] suggestions failed', error);
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

  // the text box (search-form.tsx) shows the state as aria-expanded and aria-activedescendant
  useEffect(() => onStateChange(combobox), [combobox, onStateChange]);

  useImperativeHandle(control, () => ({
    keyDown,
    focused: () => {
      if (options.length > 0 && typedText !== null)
        dispatch({ type: 'suggestionsArrived', optionCount: options.length });
    },
    closed: () => dispatch({ type: 'closed' }),
  }));

  return (
    <ComboboxListbox
      id={listboxId}
      label="Search suggestions"
      state={combobox}
      groups={groups.map((group) => ({ key: group.kind, heading: group.heading, options: group.options }))}
      optionKey={(option) => option.key}
      onChoose={(option) => choose(option)}
      onHighlight={(index) => dispatch({ type: 'optionHovered', index })}
      // a search's answers with a picture each, not a dropdown panel: 200 px would show two products
      isDropdownPanel={false}
      className="absolute top-full right-0 left-0 mt-1 max-h-[min(32rem,70vh)]"
      optionClassName="gap-3"
      renderOption={(option) => (
        <>
          <SuggestionThumbnail option={option} />
          <span className="min-w-0">
            <span className="block truncate font-medium text-neutral-900">{option.label}</span>
            <span className="block truncate text-xs text-neutral-600">{option.detail}</span>
            {option.productId ? <InlineDiscountSplashes splashes={splashesOf(option.productId)} /> : null}
          </span>
        </>
      )}
    />
  );
}
