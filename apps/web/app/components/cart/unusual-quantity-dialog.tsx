import { useEffect, useId, useRef } from 'react';
import { Button } from '~/components/ui/button.tsx';
import { formatCount } from '~/lib/format.ts';
import { confirmLabel, confirmTitle, type UnusualQuantity, usualQuantityText } from '~/lib/unusual-quantities.ts';

/**
 * Asks before adding quantities far above what the customer usually orders (ADR 019): "You usually order 6 of Helmet
 * Pro, M Black. Add 240?" A native modal <dialog>: focus moves into it, to "Change quantity" (the safe answer, so an
 * Enter pressed on the way does not add 240), Tab stays inside, Escape is "Change quantity". Open while `items` holds
 * any; the caller clears them in `onConfirm` (send again, confirmed) and `onCancel` (back to the quantity).
 */
export function UnusualQuantityDialog({
  items,
  onConfirm,
  onCancel,
}: {
  items: readonly UnusualQuantity[] | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const textId = useId();
  const isOpen = items !== null && items.length > 0;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (isOpen && !dialog.open) {
      dialog.showModal();
      cancelRef.current?.focus();
    } else if (!isOpen && dialog.open) {
      dialog.close();
    }
  }, [isOpen]);

  // Closed before the caller acts: closing gives the focus back to where it was before the dialog opened, which
  // would undo the caller's focus on the quantity to change.
  const answer = (callback: () => void) => {
    dialogRef.current?.close();
    callback();
  };
  const shown = items ?? [];
  const [only] = shown;
  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      aria-describedby={textId}
      // Escape: the dialog would close itself; it is "Change quantity", which the caller handles
      onCancel={(event) => {
        event.preventDefault();
        answer(onCancel);
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl bg-white p-0 text-neutral-900 shadow-2xl backdrop:bg-black/50"
      data-testid="unusual-quantity-dialog"
    >
      {isOpen ? (
        <div className="flex flex-col gap-4 p-6">
          <h2 id={titleId} className="text-xl font-semibold">
            {confirmTitle(shown)}
          </h2>
          <div id={textId} className="text-sm text-neutral-800">
            {shown.length === 1 && only ? (
              <p>
                {usualQuantityText(only)} Add {formatCount(only.quantity)}?
              </p>
            ) : (
              <>
                <p>These quantities are far above what you usually order. Add them as entered?</p>
                <ul className="mt-2 list-disc space-y-1 pl-5">
                  {shown.map((item) => (
                    <li key={item.itemNumber}>
                      <span className="font-medium">
                        {formatCount(item.quantity)} × {item.name ?? item.itemNumber}
                      </span>
                      . {usualQuantityText(item)}
                    </li>
                  ))}
                </ul>
              </>
            )}
          </div>
          <div className="flex flex-wrap justify-end gap-3">
            <Button ref={cancelRef} type="button" severity="secondary" onClick={() => answer(onCancel)}>
              {shown.length === 1 ? 'Change quantity' : 'Change quantities'}
            </Button>
            <Button type="button" severity="primary" onClick={() => answer(onConfirm)}>
              {confirmLabel(shown)}
            </Button>
          </div>
        </div>
      ) : null}
    </dialog>
  );
}
