/** A carousel's previous or next button: a round button with a chevron, naming what it moves and what it controls. */
export function CarouselStepButton({
  label,
  controls,
  direction,
  onClick,
}: {
  label: string;
  /** The id of the element the button scrolls or switches. */
  controls: string;
  direction: -1 | 1;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-controls={controls}
      onClick={onClick}
      className="inline-flex size-9 items-center justify-center rounded-full border border-neutral-300 bg-white text-neutral-800 hover:bg-neutral-100"
    >
      <svg aria-hidden="true" viewBox="0 0 16 16" className="size-4" fill="none" stroke="currentColor" strokeWidth="2">
        <path d={direction === -1 ? 'M10 3L5 8l5 5' : 'M6 3l5 5-5 5'} />
      </svg>
    </button>
  );
}
