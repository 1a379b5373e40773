import type { ApplyUploadResponse, UploadPreview, UploadRow } from '@b2b/contract/instant-excel';
import { useEffect, useId, useRef, useState } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import { Alert } from '~/components/ui/alert.tsx';
import { Button, buttonClassName } from '~/components/ui/button.tsx';
import {
  CellLabel,
  REFLOW_BODY,
  REFLOW_CELL,
  REFLOW_HEAD,
  REFLOW_ROW,
  REFLOW_TABLE,
  REFLOW_TABLE_BOX,
  REFLOW_TITLE_CELL,
} from '~/components/ui/reflow-table.tsx';
import { cn } from '~/lib/cn.ts';
import { INSTANT_EXCEL_PATH, INSTANT_EXCEL_SHEET_PATH } from '~/lib/customer-center-paths.ts';
import { formatCount, formatMoney } from '~/lib/format.ts';
import {
  type DownloadChoices,
  INSTANT_EXCEL_FIELDS,
  type InstantExcelActionData,
  type ScopeChoice,
} from './instant-excel-types.ts';
import { ROW_STATUS_LABELS, rowTone, selectPreviewRows, summaryText } from './preview-rows.ts';
import { SHEET_SCOPE_FIELDS, type SheetError, type SheetScope, type SheetScopeKind } from './sheet-scope.ts';

const SECTION_CLASS = 'flex flex-col gap-4 rounded-xl border border-neutral-200 bg-white p-4 shadow-xs sm:p-6';
const SELECT_CLASS =
  'w-full min-w-0 rounded-md border border-neutral-300 bg-white px-3 py-2 text-sm text-neutral-900 shadow-xs disabled:bg-neutral-100 disabled:text-neutral-500';

/** A scope's radio, with the select that names which category, brand or list (when the scope needs one). */
function ScopeOption({
  kind,
  label,
  checked,
  onChoose,
  select,
}: {
  kind: SheetScopeKind;
  label: string;
  checked: boolean;
  onChoose: (kind: SheetScopeKind) => void;
  select?: { name: string; label: string; choices: ScopeChoice[]; defaultValue: string | undefined };
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
      <label htmlFor={id} className="flex items-center gap-2 text-sm font-medium text-neutral-900 sm:w-80 sm:shrink-0">
        <input
          id={id}
          type="radio"
          name={SHEET_SCOPE_FIELDS.scope}
          value={kind}
          checked={checked}
          onChange={() => onChoose(kind)}
          className="size-4 accent-accent-600"
        />
        {label}
      </label>
      {select ? (
        <select
          name={select.name}
          aria-label={select.label}
          defaultValue={select.defaultValue}
          // choosing a value chooses its scope too (without JavaScript the radio is chosen by hand)
          onChange={() => onChoose(kind)}
          className={cn(SELECT_CLASS, 'sm:max-w-md')}
        >
          {select.choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      ) : null}
    </div>
  );
}

function selectedValue(selected: SheetScope, kind: SheetScopeKind): string | undefined {
  if (selected.kind !== kind) return undefined;
  if (selected.kind === 'category') return selected.categoryId;
  if (selected.kind === 'brand') return selected.brand;
  if (selected.kind === 'favorite-list') return selected.listId;
  return undefined;
}

const SHEET_ERROR_TEXTS: Record<SheetError, string> = {
  scope: 'No sheet was made for that choice: it holds more than one sheet takes. Choose a category, a brand or a list.',
  'not-found': 'No sheet was made: that list, category or brand is not available to you. Choose another.',
};

/**
 * 1) Download: which part of the assortment the sheet holds, then the file. A plain form posted to the sheet's
 * resource route, so the browser saves the answer as a download and the page stays as it is.
 */
function DownloadSection({ choices }: { choices: DownloadChoices }) {
  const [scope, setScope] = useState<SheetScopeKind>(choices.selected.kind);
  return (
    <section aria-labelledby="download-heading" className={SECTION_CLASS}>
      <div>
        <h2 id="download-heading" className="text-lg font-semibold">
          1. Download your order sheet
        </h2>
        <p className="mt-1 text-sm text-neutral-600">
          An Excel sheet with one row per variant: your net price, the stock, the next arrival, what you last ordered,
          and an empty Quantity column to fill in.
        </p>
      </div>
      {choices.sheetError ? <Alert>{SHEET_ERROR_TEXTS[choices.sheetError]}</Alert> : null}
      <form method="post" action={INSTANT_EXCEL_SHEET_PATH} className="flex flex-col gap-4">
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 text-sm font-medium text-neutral-800">What the sheet holds</legend>
          <ScopeOption
            kind="purchases"
            label="What you bought in the last 12 months"
            checked={scope === 'purchases'}
            onChoose={setScope}
          />
          {choices.favoriteLists.length > 0 ? (
            <ScopeOption
              kind="favorite-list"
              label="A favourite list"
              checked={scope === 'favorite-list'}
              onChoose={setScope}
              select={{
                name: SHEET_SCOPE_FIELDS.listId,
                label: 'Favourite list',
                choices: choices.favoriteLists,
                defaultValue: selectedValue(choices.selected, 'favorite-list'),
              }}
            />
          ) : null}
          <ScopeOption
            kind="category"
            label="A category"
            checked={scope === 'category'}
            onChoose={setScope}
            select={{
              name: SHEET_SCOPE_FIELDS.categoryId,
              label: 'Category',
              choices: choices.categories,
              defaultValue: selectedValue(choices.selected, 'category'),
            }}
          />
          <ScopeOption
            kind="brand"
            label="A brand"
            checked={scope === 'brand'}
            onChoose={setScope}
            select={{
              name: SHEET_SCOPE_FIELDS.brand,
              label: 'Brand',
              choices: choices.brands,
              defaultValue: selectedValue(choices.selected, 'brand'),
            }}
          />
          <ScopeOption
            kind="assortment"
            label="The whole assortment"
            checked={scope === 'assortment'}
            onChoose={setScope}
          />
        </fieldset>
        <div>
          <Button type="submit" severity="primary">
            Download sheet (.xlsx)
          </Button>
        </div>
      </form>
    </section>
  );
}

/** 2) Upload: the filled sheet (.xlsx or .csv) or pasted lines, checked by the API into a preview. */
function UploadSection({ refusal }: { refusal: { message: string; details: string[] } | null }) {
  const navigation = useNavigation();
  const isChecking =
    navigation.state === 'submitting' && navigation.formData?.get(INSTANT_EXCEL_FIELDS.intent) === 'validate';
  const fileId = useId();
  const pasteId = useId();
  const hintId = useId();
  return (
    <section aria-labelledby="upload-heading" className={SECTION_CLASS}>
      <div>
        <h2 id="upload-heading" className="text-lg font-semibold">
          2. Upload the filled sheet
        </h2>
        <p className="mt-1 text-sm text-neutral-600">You see what each row does before anything goes into your cart.</p>
      </div>
      {refusal ? (
        <Alert title="The sheet could not be read">
          <p data-testid="upload-refusal">{refusal.message}</p>
          {refusal.details.length > 0 ? (
            <ul className="mt-1 list-disc pl-5">
              {refusal.details.map((detail) => (
                <li key={detail}>{detail}</li>
              ))}
            </ul>
          ) : null}
        </Alert>
      ) : null}
      <Form method="post" encType="multipart/form-data" className="flex flex-col gap-4">
        <input type="hidden" name={INSTANT_EXCEL_FIELDS.intent} value="validate" />
        <div className="flex flex-col gap-1">
          <label htmlFor={fileId} className="text-sm font-medium text-neutral-800">
            Sheet (.xlsx or .csv)
          </label>
          <input
            id={fileId}
            type="file"
            name={INSTANT_EXCEL_FIELDS.file}
            accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
            className="max-w-full text-sm text-neutral-800 file:mr-3 file:rounded-md file:border file:border-neutral-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-medium file:text-neutral-900 hover:file:bg-neutral-50"
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={pasteId} className="text-sm font-medium text-neutral-800">
            Or paste lines
          </label>
          <p id={hintId} className="text-xs text-neutral-600">
            One item per line: item or variant number; quantity (e.g. <span className="font-mono">10001-01; 12</span>).
          </p>
          <textarea
            id={pasteId}
            name={INSTANT_EXCEL_FIELDS.pastedText}
            aria-describedby={hintId}
            rows={5}
            spellCheck={false}
            className="rounded-md border border-neutral-300 bg-white px-3 py-2 font-mono text-sm text-neutral-900 shadow-xs"
          />
        </div>
        <div>
          <Button type="submit" aria-disabled={isChecking || undefined} severity="primary">
            {isChecking ? 'Checking…' : 'Check rows'}
          </Button>
        </div>
      </Form>
    </section>
  );
}

const TONE_CLASSES = {
  added: 'bg-emerald-100 text-emerald-900',
  neutral: 'bg-neutral-100 text-neutral-800',
  warning: 'bg-amber-100 text-amber-900',
  refused: 'bg-red-100 text-red-900',
} as const;

function RowResult({ row }: { row: UploadRow }) {
  return (
    <span className="flex flex-col items-end gap-0.5 md:items-start">
      <span
        data-testid="preview-row-status"
        className={cn('rounded px-2 py-0.5 text-xs font-medium whitespace-nowrap', TONE_CLASSES[rowTone(row.status)])}
      >
        {ROW_STATUS_LABELS[row.status]}
      </span>
      <span className="text-xs text-neutral-700">{row.message}</span>
    </span>
  );
}

/** Longest cell text the preview repeats whole; a sheet's stray long text is cut (the row's reason names it). */
const MAX_CELL_TEXT_SHOWN = 40;

function shortened(text: string): string {
  return text.length > MAX_CELL_TEXT_SHOWN ? `${text.slice(0, MAX_CELL_TEXT_SHOWN - 1)}…` : text;
}

function itemName(row: UploadRow): string {
  if (!row.line) return '–';
  return row.line.variantLabel ? `${row.line.name}, ${row.line.variantLabel}` : row.line.name;
}

/** The preview's rows: a table from 768 px, a card per row on a phone (nothing scrolls sideways). */
function PreviewTable({ preview }: { preview: UploadPreview }) {
  const { shown, hiddenCount } = selectPreviewRows(preview.rows);
  return (
    <>
      <div className={REFLOW_TABLE_BOX}>
        <table className={REFLOW_TABLE} data-testid="upload-preview-table">
          <caption className="sr-only">Rows of the upload, in sheet order</caption>
          <thead className={cn('border-b border-neutral-200 bg-neutral-50 text-neutral-700', REFLOW_HEAD)}>
            <tr>
              <th scope="col" className="px-4 py-2 font-medium">
                Row
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                Item number
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                Item
              </th>
              <th scope="col" className="px-4 py-2 text-right font-medium">
                Quantity
              </th>
              <th scope="col" className="px-4 py-2 text-right font-medium">
                In cart after
              </th>
              <th scope="col" className="px-4 py-2 text-right font-medium">
                Net unit price
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                Result
              </th>
            </tr>
          </thead>
          <tbody className={REFLOW_BODY}>
            {shown.map((row) => (
              <tr
                key={row.rowNumber}
                data-testid="preview-row"
                data-row-number={row.rowNumber}
                // the last row's rule goes on the desktop only: on a phone every row is a card with its own border
                className={cn('border-b border-neutral-100 align-top md:last:border-0', REFLOW_ROW)}
              >
                <th scope="row" className={cn('px-4 py-2 font-medium whitespace-nowrap', REFLOW_TITLE_CELL)}>
                  Row {row.rowNumber}
                </th>
                <td className={cn('px-4 py-2', REFLOW_CELL)}>
                  <CellLabel>Item number</CellLabel>
                  <span className="font-mono break-all md:break-normal md:whitespace-nowrap">
                    {shortened(row.itemNumber) || '–'}
                  </span>
                </td>
                <td className={cn('px-4 py-2', REFLOW_CELL)}>
                  <CellLabel>Item</CellLabel>
                  <span>{itemName(row)}</span>
                </td>
                <td className={cn('px-4 py-2 text-right', REFLOW_CELL)}>
                  <CellLabel>Quantity</CellLabel>
                  <span className="break-all">{shortened(row.quantityText) || '–'}</span>
                </td>
                <td className={cn('px-4 py-2 text-right', REFLOW_CELL)}>
                  <CellLabel>In cart after</CellLabel>
                  <span>{row.quantity === null ? '–' : formatCount(row.quantityInCart + row.quantity)}</span>
                </td>
                <td className={cn('px-4 py-2 text-right whitespace-nowrap', REFLOW_CELL)}>
                  <CellLabel>Net unit price</CellLabel>
                  <span>{row.line ? formatMoney(row.line.netUnitPrice, preview.currencyCode) : '–'}</span>
                </td>
                <td className={cn('px-4 py-2', REFLOW_CELL)}>
                  <CellLabel>Result</CellLabel>
                  <RowResult row={row} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {hiddenCount > 0 ? (
        <p className="text-sm text-neutral-700">
          {formatCount(hiddenCount)} more rows are added as your sheet lists them; every row not added is shown above.
        </p>
      ) : null}
    </>
  );
}

/** The preview with its summary and "Add to cart" (one ApplyUpload of the uploadId). */
function PreviewSection({ preview, applyError }: { preview: UploadPreview; applyError: string | null }) {
  const navigation = useNavigation();
  const isAdding = navigation.state !== 'idle' && navigation.formData?.get(INSTANT_EXCEL_FIELDS.intent) === 'apply';
  // Set in the press's own event, before React renders "Adding…": a double click's second press comes sooner than
  // that. Cleared once the answer is in, so a refused apply can be tried again.
  const isSubmittedRef = useRef(false);
  useEffect(() => {
    if (navigation.state === 'idle') isSubmittedRef.current = false;
  }, [navigation.state]);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new preview (a new upload) takes the focus
  useEffect(() => {
    headingRef.current?.focus();
  }, [preview.uploadId]);
  const { summary } = preview;
  const canAdd = summary.addedCount + summary.increasedCount > 0;
  return (
    <section aria-labelledby="preview-heading" className={SECTION_CLASS} data-testid="upload-preview">
      <div>
        <h2 id="preview-heading" ref={headingRef} tabIndex={-1} className="text-lg font-semibold">
          3. Check and add to cart
        </h2>
        <p className="mt-1 text-sm text-neutral-700" data-testid="upload-summary">
          {preview.fileName ? `${preview.fileName}: ` : 'Pasted lines: '}
          {summaryText(summary)}
          {canAdd ? ` Adds ${formatMoney(summary.netTotal, preview.currencyCode)} excl. VAT to your cart.` : ''}
        </p>
      </div>
      {applyError ? <Alert>{applyError}</Alert> : null}
      <PreviewTable preview={preview} />
      {canAdd ? (
        <Form
          method="post"
          className="flex flex-wrap items-center gap-3"
          // one ApplyUpload per press series; the API applies an upload once anyway (a retry, another tab)
          onSubmit={(event) => {
            if (isSubmittedRef.current) event.preventDefault();
            isSubmittedRef.current = true;
          }}
        >
          <input type="hidden" name={INSTANT_EXCEL_FIELDS.intent} value="apply" />
          <input type="hidden" name={INSTANT_EXCEL_FIELDS.uploadId} value={preview.uploadId} />
          <Button type="submit" severity="cta-1" aria-disabled={isAdding || undefined}>
            {isAdding ? 'Adding…' : 'Add to cart'}
          </Button>
          {summary.rejectedCount > 0 ? (
            <p className="text-sm text-neutral-700">
              Rows not added stay out of the cart; correct them and upload again.
            </p>
          ) : null}
        </Form>
      ) : (
        <Alert tone="info">No row adds anything to the cart. Correct the rows and upload again.</Alert>
      )}
    </section>
  );
}

function DifferenceLine({ line }: { line: ApplyUploadResponse['newLines'][number] }) {
  return (
    <li data-testid="difference-line">
      <span className="font-medium">{line.name}</span>{' '}
      <span className="font-mono text-xs">{line.productKey.variantId ?? line.productKey.productId}</span>:{' '}
      {line.quantityBefore === 0
        ? formatCount(line.quantityAfter)
        : `${formatCount(line.quantityBefore)} → ${formatCount(line.quantityAfter)}`}
      {line.isBackorder ? <span className="font-medium"> (backorder: ships when stock arrives)</span> : null}
    </li>
  );
}

/** What "Add to cart" did: the cart's new lines, its raised quantities and its new total, and the way to the cart. */
function CartDifferenceSection({ difference }: { difference: ApplyUploadResponse }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  const { newLines, changedLines } = difference;
  return (
    <section
      aria-labelledby="difference-heading"
      data-testid="cart-difference"
      className="flex flex-col gap-3 rounded-xl border border-emerald-300 bg-emerald-50 p-4 text-sm text-emerald-950 sm:p-6"
    >
      <h2 id="difference-heading" ref={headingRef} tabIndex={-1} className="text-lg font-semibold">
        {difference.isFirstApply ? 'Added to your cart' : 'Already in your cart'}
      </h2>
      {difference.isFirstApply ? null : <p>This upload had been added before; your cart did not change again.</p>}
      {newLines.length > 0 ? (
        <div>
          <h3 className="font-medium">{newLines.length === 1 ? '1 new line' : `${newLines.length} new lines`}</h3>
          <ul className="list-disc pl-5">
            {newLines.map((line) => (
              <DifferenceLine key={`${line.productKey.productId}|${line.productKey.variantId ?? ''}`} line={line} />
            ))}
          </ul>
        </div>
      ) : null}
      {changedLines.length > 0 ? (
        <div>
          <h3 className="font-medium">
            {changedLines.length === 1 ? '1 changed quantity' : `${changedLines.length} changed quantities`}
          </h3>
          <ul className="list-disc pl-5">
            {changedLines.map((line) => (
              <DifferenceLine key={`${line.productKey.productId}|${line.productKey.variantId ?? ''}`} line={line} />
            ))}
          </ul>
        </div>
      ) : null}
      <p>
        Cart total excl. VAT:{' '}
        <span className="font-semibold" data-testid="difference-total">
          {formatMoney(difference.totalNetAfter, difference.currencyCode)}
        </span>{' '}
        (was {formatMoney(difference.totalNetBefore, difference.currencyCode)})
      </p>
      <div className="flex flex-wrap gap-3">
        <Link to="/cart" className={buttonClassName('primary')}>
          Go to cart
        </Link>
        <Link to={INSTANT_EXCEL_PATH} className={buttonClassName('secondary')}>
          Upload another sheet
        </Link>
      </div>
    </section>
  );
}

/**
 * /customer-center/instant-excel (issue 26 §2): download the customer's own order sheet, fill in quantities, upload it
 * (or paste lines), see what each row does, then add it to the cart in one step and see what changed. Every form
 * posts without JavaScript too.
 */
export function InstantExcelPage({
  choices,
  actionData,
}: {
  choices: DownloadChoices;
  actionData: InstantExcelActionData | undefined;
}) {
  // The preview stays on the page while "Add to cart" is answered: a refused apply shows its message above it.
  const [lastPreview, setLastPreview] = useState<UploadPreview | null>(null);
  useEffect(() => {
    if (actionData?.intent === 'validate') setLastPreview(actionData.ok ? actionData.preview : null);
  }, [actionData]);
  const isApplyRefused = actionData?.intent === 'apply' && !actionData.ok;
  const preview =
    actionData?.intent === 'validate' && actionData.ok ? actionData.preview : isApplyRefused ? lastPreview : null;
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold">Instant Excel</h1>
        <p className="mt-1 text-neutral-700">
          Order from a spreadsheet: download a sheet with your prices and stock, fill in quantities, upload it, and add
          what it lists to your cart.
        </p>
      </div>
      {actionData?.intent === 'apply' && actionData.ok ? (
        <CartDifferenceSection difference={actionData.difference} />
      ) : null}
      <DownloadSection choices={choices} />
      <UploadSection refusal={actionData?.intent === 'validate' && !actionData.ok ? actionData : null} />
      {preview ? (
        <PreviewSection
          preview={preview}
          applyError={actionData?.intent === 'apply' && !actionData.ok ? actionData.message : null}
        />
      ) : actionData?.intent === 'apply' && !actionData.ok ? (
        <Alert>{actionData.message}</Alert>
      ) : null}
    </div>
  );
}
