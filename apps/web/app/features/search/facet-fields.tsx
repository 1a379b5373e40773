import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '~/components/ui/button.tsx';
import { cn } from '~/lib/cn.ts';
import { type FacetView, facetOptionLabel } from './product-listing-data.ts';
import { encodeFacetValue } from './search-params.ts';
import { useSyncedState } from './use-synced-state.ts';

// min-w-0: a fieldset is at least as wide as its content by default, and would push past the filter column
const FIELDSET_CLASSES = 'min-w-0 border-t border-neutral-200 pt-4';
const LEGEND_CLASSES = 'mb-2 text-sm font-semibold text-neutral-900';

function CheckboxOption({
  facet,
  option,
  onChange,
}: {
  facet: FacetView;
  option: FacetView['options'][number];
  onChange: () => void;
}) {
  const [isChecked, setIsChecked] = useSyncedState(option.isSelected === true);
  // An option no product would match is shown but cannot be chosen; a selected one can always be unchecked.
  const isDisabled = option.count === 0 && !option.isSelected;
  return (
    <li>
      <label className={cn('facet-option', isDisabled ? 'text-neutral-400' : 'cursor-pointer')}>
        <input
          type="checkbox"
          name={facet.queryField}
          // commas inside a value are escaped, so the submitted list still splits exactly (search-params.ts)
          value={encodeFacetValue(option.value)}
          checked={isChecked}
          disabled={isDisabled}
          onChange={(event) => {
            setIsChecked(event.currentTarget.checked);
            onChange();
          }}
          className="checkbox"
        />
        {/* one text node: "{label} ({count})" as three would carry React's <!-- --> separators, 220 times a page */}
        <span>{`${facetOptionLabel(option)} (${option.count})`}</span>
      </label>
    </li>
  );
}

/** A facet with more options than this shows the first VISIBLE_OPTION_COUNT and folds the rest away. */
const MAX_UNFOLDED_OPTIONS = 15;
const VISIBLE_OPTION_COUNT = 10;

/**
 * A checkbox facet (CheckboxAnd or CheckboxOr): a fieldset named by its legend, one checkbox per value. Long lists
 * fold their tail into a native disclosure, open from the start when a folded value is selected. Options keep their
 * places, so a toggled box keeps focus.
 *
 * The folded values are rendered on demand: when the disclosure first opens, from the loader data the page already
 * has (issue 12: the folded values of a listing were 37 kB of its HTML, a sixth, that few visitors ever open). A
 * folded value that is selected opens the disclosure, so its checked box is in the form from the start and still
 * submits; once rendered, the folded boxes stay rendered while the disclosure closes again.
 */
export function CheckboxFacet({ facet, onChange }: { facet: FacetView; onChange: () => void }) {
  const isFolded = facet.options.length > MAX_UNFOLDED_OPTIONS;
  const visible = isFolded ? facet.options.slice(0, VISIBLE_OPTION_COUNT) : facet.options;
  const folded = isFolded ? facet.options.slice(VISIBLE_OPTION_COUNT) : [];
  // Only the first render decides; afterwards the disclosure is the user's (React must not close it under focus).
  const [isInitiallyOpen] = useState(() => folded.some((option) => option.isSelected));
  const [isFoldRendered, setIsFoldRendered] = useState(isInitiallyOpen);
  const detailsRef = useRef<HTMLDetailsElement>(null);
  // opened before the page hydrated (no toggle handler yet): render the folded values now
  useEffect(() => {
    if (detailsRef.current?.open) setIsFoldRendered(true);
  }, []);
  if (facet.options.length === 0) return null;
  return (
    <fieldset className={FIELDSET_CLASSES} data-facet={facet.field}>
      <legend className={LEGEND_CLASSES}>{facet.facetName}</legend>
      <ul>
        {visible.map((option) => (
          <CheckboxOption key={option.value} facet={facet} option={option} onChange={onChange} />
        ))}
      </ul>
      {folded.length > 0 ? (
        <details
          ref={detailsRef}
          open={isInitiallyOpen || undefined}
          onToggle={(event) => {
            if (event.currentTarget.open) setIsFoldRendered(true);
          }}
          className="mt-1"
        >
          <summary className="cursor-pointer py-1 text-sm text-accent-800 underline">
            Show {folded.length} more<span className="sr-only"> {facet.facetName} options</span>
          </summary>
          {isFoldRendered ? (
            <ul className="max-h-72 overflow-y-auto pr-1">
              {folded.map((option) => (
                <CheckboxOption key={option.value} facet={facet} option={option} onChange={onChange} />
              ))}
            </ul>
          ) : null}
        </details>
      ) : null}
    </fieldset>
  );
}

function RangeInput({
  facet,
  side,
  value,
  onValueChange,
  describedBy,
}: {
  facet: FacetView;
  side: 'from' | 'to';
  value: string;
  onValueChange: (value: string) => void;
  describedBy: string;
}) {
  const id = useId();
  const isDate = facet.valueType === 'date';
  const bound = side === 'from' ? facet.min : facet.max;
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-1">
      <label htmlFor={id} className="text-xs text-neutral-700">
        <span className="sr-only">{`${facet.facetName} ${side}`}</span>
        <span aria-hidden="true">{side === 'from' ? 'From' : 'To'}</span>
      </label>
      <input
        id={id}
        // both sides carry the facet's query name: the form submits `stockLevel=5&stockLevel=` → `stockLevel=5,`
        name={facet.queryField}
        type={isDate ? 'date' : 'number'}
        inputMode={isDate ? undefined : 'numeric'}
        step={isDate ? undefined : 'any'}
        min={facet.min ?? undefined}
        max={facet.max ?? undefined}
        placeholder={bound ?? undefined}
        value={value}
        onChange={(event) => onValueChange(event.currentTarget.value)}
        aria-describedby={describedBy}
        className="w-full min-w-0 rounded border border-neutral-300 px-2 py-1.5 text-sm"
      />
    </div>
  );
}

/**
 * A Slider facet as two native inputs (numbers, or dates as yyyy-mm-dd), applied by its own "Apply" button, or
 * Enter in either input. Either side may stay empty (spec §5: applies when min or max is set).
 */
export function RangeFacet({ facet }: { facet: FacetView }) {
  const hintId = useId();
  const [from, setFrom] = useSyncedState(facet.selectedMin ?? '');
  const [to, setTo] = useSyncedState(facet.selectedMax ?? '');
  const hasBounds = facet.min !== null || facet.max !== null;
  const isDate = facet.valueType === 'date';
  return (
    <fieldset className={FIELDSET_CLASSES} data-facet={facet.field}>
      <legend className={LEGEND_CLASSES}>{facet.facetName}</legend>
      {/* Two date fields do not fit side by side in the filter column: one above the other. */}
      <div className={isDate ? 'flex flex-col gap-2' : 'flex items-end gap-2'}>
        <RangeInput facet={facet} side="from" value={from} onValueChange={setFrom} describedBy={hintId} />
        {isDate ? null : (
          <span aria-hidden="true" className="pb-2 text-neutral-500">
            –
          </span>
        )}
        <RangeInput facet={facet} side="to" value={to} onValueChange={setTo} describedBy={hintId} />
      </div>
      <p id={hintId} className="mt-1 text-xs text-neutral-600">
        {hasBounds ? `Available: ${facet.min ?? '…'} to ${facet.max ?? '…'}` : 'No values available'}
      </p>
      <Button type="submit" severity="secondary" className="mt-2 px-3 py-1">
        Apply
      </Button>
    </fieldset>
  );
}
