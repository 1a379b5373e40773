import type { EditableDiscountCode } from '@b2b/contract';
import { contrastRatio, HEX_COLOUR_PATTERN, MIN_SPLASH_CONTRAST_RATIO } from '@b2b/contract/campaign-rules';
import { useId, useState } from 'react';
import { Form } from 'react-router';
import { Alert } from '~/components/ui/alert.tsx';
import { Button } from '~/components/ui/button.tsx';
import { TextField } from '~/components/ui/text-field.tsx';
import { ConfirmAction } from '../confirm-action.tsx';
import { SelectField } from './fields.tsx';

type Refusal = { message: string; fieldErrors: Record<string, string> };

/** A colour as text (`#rrggbb`, what is saved) with a picker beside it that follows it. */
function ColourField({
  label,
  name,
  value,
  onChange,
  error,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
}) {
  return (
    <div className="flex items-end gap-2">
      <TextField
        label={label}
        name={name}
        value={value}
        onChange={(event) => onChange(event.target.value.trim())}
        maxLength={7}
        pattern="#[0-9a-fA-F]{6}"
        spellCheck={false}
        error={error}
        className="w-40"
      />
      <input
        type="color"
        aria-label={`Pick the ${label.toLowerCase()}`}
        value={HEX_COLOUR_PATTERN.test(value) ? value.toLowerCase() : '#000000'}
        onChange={(event) => onChange(event.target.value)}
        className="mb-0.5 h-9 w-11 cursor-pointer rounded border border-neutral-300 bg-white"
      />
    </div>
  );
}

/**
 * The splash as the storefront draws it (label on the code's colours) and the contrast of its colours: under
 * 4.5:1 (WCAG 2.2 AA) the API refuses the code, and the card says so before it is sent.
 */
function SplashSample({
  label,
  backgroundColor,
  textColor,
}: {
  label: string;
  backgroundColor: string;
  textColor: string;
}) {
  const isValid = HEX_COLOUR_PATTERN.test(backgroundColor) && HEX_COLOUR_PATTERN.test(textColor);
  const ratio = isValid ? contrastRatio(backgroundColor, textColor) : null;
  const isReadable = ratio !== null && ratio >= MIN_SPLASH_CONTRAST_RATIO;
  return (
    <div className="flex flex-wrap items-center gap-3" aria-live="polite">
      {/*
        A picture of the splash, colours as typed, so an unreadable pair looks unreadable here before it is refused.
        Its text is drawn by CSS from data-label and the element is hidden from assistive technology: the line beside
        it says in words what the picture shows, and the page's own text keeps 4.5:1.
      */}
      <span
        aria-hidden="true"
        data-label={label || 'Label'}
        className="rounded px-1.5 py-0.5 text-xs font-semibold leading-tight before:content-[attr(data-label)]"
        style={isValid ? { backgroundColor, color: textColor } : undefined}
        data-testid="splash-sample"
      />
      <span className={isReadable ? 'text-sm text-emerald-800' : 'text-sm text-red-700'} data-testid="splash-contrast">
        {ratio === null
          ? 'Enter both colours as #rrggbb.'
          : `Sample “${label || 'Label'}”: contrast ${ratio.toFixed(2)}:1 ${isReadable ? '– readable' : `– under ${MIN_SPLASH_CONTRAST_RATIO}:1, will be refused`}`}
      </span>
    </div>
  );
}

/**
 * One discount code of the area (spec §3 Area settings `discountCodes`) in a form of its own: saving it sends the
 * area's list with this code changed, at the version the page was read at. `code` null: a new code.
 */
export function DiscountCodeCard({
  code,
  splashCount,
  version,
  refusal,
  isSubmitting,
}: {
  code: EditableDiscountCode | null;
  splashCount: number;
  version: string;
  refusal: Refusal | undefined;
  isSubmitting: boolean;
}) {
  const headingId = useId();
  const [label, setLabel] = useState(code?.label ?? '');
  const [backgroundColor, setBackgroundColor] = useState(code?.backgroundColor ?? '#1d4ed8');
  const [textColor, setTextColor] = useState(code?.textColor ?? '#ffffff');
  const errors = refusal?.fieldErrors ?? {};
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border border-neutral-200 bg-white p-4"
      data-testid="discount-code-card"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-base font-semibold">
          {code ? `${code.name} (${code.id})` : 'Add a discount code'}
        </h2>
        {code ? (
          <ConfirmAction
            label="Remove"
            title={`Remove the discount code “${code.name}”?`}
            confirmLabel="Remove code"
            fields={{ intent: 'remove', originalId: code.id, version }}
            buttonClassName="px-3 py-1.5"
          >
            <p>
              {splashCount === 1
                ? '1 product carries its splash; it stops showing there.'
                : `${splashCount} products carry its splash; it stops showing on them.`}
            </p>
          </ConfirmAction>
        ) : null}
      </div>
      {code ? (
        <p className="mt-1 text-sm text-neutral-700">
          {splashCount === 1 ? 'On 1 product' : `On ${splashCount} products`}
        </p>
      ) : null}
      {refusal ? (
        <div className="mt-3">
          <Alert title="Not saved">{refusal.message}</Alert>
        </div>
      ) : null}
      <Form method="post" className="mt-3 flex flex-col gap-4" noValidate>
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="originalId" value={code?.id ?? ''} />
        <input type="hidden" name="version" value={version} />
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {code ? (
            <input type="hidden" name="id" value={code.id} />
          ) : (
            <TextField label="Id" name="id" placeholder="spring-sale" required error={errors.id} />
          )}
          <TextField label="Name" name="name" defaultValue={code?.name} required maxLength={60} error={errors.name} />
          <TextField
            label="Label on the splash"
            name="label"
            value={label}
            onChange={(event) => setLabel(event.target.value)}
            required
            maxLength={30}
            error={errors.label}
          />
          <SelectField label="Shown to" name="audience" defaultValue={code?.audience ?? 'everyone'}>
            <option value="everyone">Everyone</option>
            <option value="customers">Logged-in customers only</option>
          </SelectField>
        </div>
        <div className="flex flex-wrap items-end gap-x-6 gap-y-3">
          <ColourField
            label="Background colour"
            name="backgroundColor"
            value={backgroundColor}
            onChange={setBackgroundColor}
            error={errors.backgroundColor}
          />
          <ColourField
            label="Text colour"
            name="textColor"
            value={textColor}
            onChange={setTextColor}
            error={errors.textColor}
          />
        </div>
        <SplashSample label={label} backgroundColor={backgroundColor} textColor={textColor} />
        <div>
          <Button type="submit" disabled={isSubmitting}>
            {code ? 'Save code' : 'Add code'}
          </Button>
        </div>
      </Form>
    </section>
  );
}
