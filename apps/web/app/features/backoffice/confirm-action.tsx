import type { ButtonSeverity } from '@b2b/contract/constants';
import { type ReactNode, useId, useRef, useState } from 'react';
import { Form } from 'react-router';
import { Button } from '~/components/ui/button.tsx';

/**
 * A destructive back-office action behind a confirmation (issue 28): the button opens a modal dialog that names what
 * goes ("Delete redirect /old-path?"); only its confirm button posts the form (`fields` as hidden inputs, `intent`
 * among them by convention). Escape or Cancel closes it and changes nothing. `typedConfirmation` asks the user to
 * type a phrase first (deleting everything of a kind): the confirm button stays disabled until it matches, and the
 * typed text is posted under its name.
 */
export function ConfirmAction({
  label,
  title,
  children,
  confirmLabel,
  fields,
  action,
  severity = 'danger',
  buttonClassName = '',
  typedConfirmation,
}: {
  /** The button that opens the dialog, e.g. "Delete". */
  label: ReactNode;
  /** The dialog's heading: names the object, e.g. "Delete the redirect /old-path?". */
  title: string;
  /** What happens, in a sentence or two. */
  children: ReactNode;
  confirmLabel: string;
  fields: Record<string, string>;
  action?: string;
  severity?: ButtonSeverity;
  buttonClassName?: string;
  typedConfirmation?: { name: string; phrase: string };
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const typedId = useId();
  const [typed, setTyped] = useState('');
  const isConfirmable = typedConfirmation === undefined || typed === typedConfirmation.phrase;
  return (
    <>
      <Button severity={severity} className={buttonClassName} onClick={() => dialogRef.current?.showModal()}>
        {label}
      </Button>
      <dialog
        ref={dialogRef}
        aria-labelledby={titleId}
        className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-lg border border-neutral-200 bg-white p-6 text-neutral-900 shadow-xl backdrop:bg-neutral-900/40"
      >
        <h2 id={titleId} className="text-lg font-semibold">
          {title}
        </h2>
        <div className="mt-2 text-sm text-neutral-700">{children}</div>
        <Form
          method="post"
          action={action}
          className="mt-6 flex flex-wrap justify-end gap-2"
          onSubmit={() => {
            dialogRef.current?.close();
            setTyped('');
          }}
        >
          {typedConfirmation ? (
            <div className="flex w-full flex-col gap-1">
              <label htmlFor={typedId} className="text-sm font-medium text-neutral-800">
                Type {typedConfirmation.phrase} to confirm
              </label>
              <input
                id={typedId}
                name={typedConfirmation.name}
                value={typed}
                onChange={(event) => setTyped(event.currentTarget.value)}
                autoComplete="off"
                className="rounded-md border border-neutral-300 bg-white px-3 py-2 text-sm text-neutral-900"
              />
            </div>
          ) : null}
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <Button severity="secondary" onClick={() => dialogRef.current?.close()}>
            Cancel
          </Button>
          <Button type="submit" severity={severity} disabled={!isConfirmable}>
            {confirmLabel}
          </Button>
        </Form>
      </dialog>
    </>
  );
}
