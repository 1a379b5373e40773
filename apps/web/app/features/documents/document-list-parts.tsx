/**
 * What the invoice and credit memo lists share: the search form (q, dates, and the invoice list's status), the
 * count line, the empty note, and the table whose rows are chosen for the ZIP download.
 */
import { MAX_DOCUMENT_SEARCH_LENGTH } from '@b2b/contract/constants';
import { type ReactNode, useState } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import { Button, buttonClassName } from '~/components/ui/button.tsx';
import { REFLOW_CHECK_CELL, REFLOW_TITLE_BESIDE_CHECK_CELL } from '~/components/ui/reflow-table.tsx';
import { TextField } from '~/components/ui/text-field.tsx';
import { useHydrated } from '~/components/ui/use-hydrated.ts';
import { cn } from '~/lib/cn.ts';
import type { DocumentListParams } from './document-list-params.ts';
import { LINK_CLASS } from './document-parts.tsx';
import {
  type DocumentColumn,
  DocumentTableHead,
  DocumentTableRow,
  ReflowingTableBody,
  ScrollingTable,
} from './document-table.tsx';

export function DocumentSearchForm({
  label,
  searchLabel,
  params,
  isFiltered,
  resetHref,
  children,
}: {
  /** The form's name for assistive technology, e.g. "Find invoices" (also the submit button's text). */
  label: string;
  searchLabel: string;
  params: DocumentListParams;
  isFiltered: boolean;
  resetHref: string;
  /** More filter fields (the invoice list's status). */
  children?: ReactNode;
}) {
  return (
    <Form method="get" role="search" aria-label={label} className="flex flex-wrap items-end gap-3">
      <TextField
        label={searchLabel}
        name="q"
        type="search"
        defaultValue={params.search}
        maxLength={MAX_DOCUMENT_SEARCH_LENGTH}
        className="min-w-56 flex-1"
      />
      {children}
      <TextField label="Dated from" name="from" type="date" defaultValue={params.dateFrom} />
      <TextField label="Dated to" name="to" type="date" defaultValue={params.dateTo} />
      <Button type="submit" severity="primary">
        {label}
      </Button>
      {isFiltered ? (
        <Link to={resetHref} className={buttonClassName('secondary')}>
          Show all
        </Link>
      ) : null}
    </Form>
  );
}

/** "12 invoices" / "3 invoices match", announced when a search or a page loads. */
export function DocumentCount({
  count,
  singular,
  plural,
  isFiltered,
}: {
  count: number;
  singular: string;
  plural: string;
  isFiltered: boolean;
}) {
  const navigation = useNavigation();
  return (
    <p role="status" className="text-sm text-neutral-600" aria-busy={navigation.state === 'loading'}>
      {count === 1 ? `1 ${singular}` : `${count} ${plural}`}
      {isFiltered ? ' match' : ''}
    </p>
  );
}

/** The rows chosen for the ZIP download, by the value each row's checkbox sends. */
export function useRowSelection(values: readonly string[]) {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set());
  // rows of another page or search are not on screen: what is chosen is what is shown
  const visible = new Set(values.filter((value) => chosen.has(value)));
  return {
    chosen: visible,
    isChosen: (value: string) => visible.has(value),
    toggle: (value: string, isOn: boolean) =>
      setChosen((current) => {
        const next = new Set(current);
        if (isOn) next.add(value);
        else next.delete(value);
        return next;
      }),
    toggleAll: (isOn: boolean) => setChosen(isOn ? new Set(values) : new Set()),
    isAllChosen: values.length > 0 && visible.size === values.length,
  };
}

export type RowSelection = ReturnType<typeof useRowSelection>;

/** The header cell's "choose every row on this page" box; only once scripts run (it needs them). */
function ChooseAllCell({ selection, label }: { selection: RowSelection; label: string }) {
  const isHydrated = useHydrated();
  return (
    <th scope="col" className="w-10 py-2 pr-1 pl-3 sm:pl-4 max-md:w-auto max-md:font-normal">
      {isHydrated ? (
        // Below 768 px the header row shows only this box, so its label shows beside it there.
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            checked={selection.isAllChosen}
            onChange={(event) => selection.toggleAll(event.currentTarget.checked)}
            className="size-4 align-middle accent-accent-600"
          />
          <span className="md:sr-only">{label}</span>
        </label>
      ) : (
        <span className="sr-only">Choose</span>
      )}
    </th>
  );
}

/** One row's box; it belongs to the ZIP form (`formId`), which sits above the table. */
function ChooseRowCell({
  selection,
  formId,
  name,
  value,
  label,
}: {
  selection: RowSelection;
  formId: string;
  name: string;
  value: string;
  label: string;
}) {
  return (
    <td className={cn('py-2 pr-1 pl-3 sm:pl-4', REFLOW_CHECK_CELL)}>
      <input
        type="checkbox"
        form={formId}
        name={name}
        value={value}
        aria-label={label}
        checked={selection.isChosen(value)}
        onChange={(event) => selection.toggle(value, event.currentTarget.checked)}
        className="size-4 align-middle accent-accent-600"
      />
    </td>
  );
}

/**
 * The ZIP download: a plain GET form (not the router's), so the browser saves the answer as a file and the page stays.
 * Its checkboxes are in the table rows (`form` attribute). Until something is chosen the button is disabled (once
 * scripts run; without them, sending nothing leads back to the list).
 */
function ZipDownloadForm({
  formId,
  action,
  chosenCount,
  noun,
}: {
  formId: string;
  action: string;
  chosenCount: number;
  noun: string;
}) {
  const isHydrated = useHydrated();
  const isDisabled = isHydrated && chosenCount === 0;
  return (
    <form id={formId} method="get" action={action} className="flex flex-wrap items-center gap-3">
      <Button type="submit" severity="secondary" disabled={isDisabled} aria-describedby={`${formId}-hint`}>
        Download PDFs as ZIP
      </Button>
      <p id={`${formId}-hint`} aria-live="polite" className="text-sm text-neutral-600">
        {isHydrated
          ? chosenCount === 0
            ? `Choose ${noun} in the list to download their PDFs.`
            : `${chosenCount} chosen.`
          : `Choose ${noun} in the list, then download.`}
      </p>
    </form>
  );
}

/** What a list shows instead of its table when there is no document (`testId`: invoices-empty, credit-memos-empty). */
export function DocumentListEmpty({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <p data-testid={testId} className="rounded-lg border border-neutral-200 bg-white p-6 text-neutral-700">
      {children}
    </p>
  );
}

/** Where a list's ZIP download sends its chosen rows: the form's id, its URL and the checkbox's field name. */
export type ZipDownload = { formId: string; action: string; field: string; noun: string };

/** The ZIP download above a list's table, whose first column chooses rows for it; `children` are the rows. */
export function ChoosableDocumentTable({
  zip,
  selection,
  caption,
  chooseAllLabel,
  columns,
  children,
}: {
  zip: ZipDownload;
  selection: RowSelection;
  caption: string;
  chooseAllLabel: string;
  columns: DocumentColumn[];
  children: ReactNode;
}) {
  return (
    <>
      <ZipDownloadForm formId={zip.formId} action={zip.action} chosenCount={selection.chosen.size} noun={zip.noun} />
      <ScrollingTable caption={caption}>
        <DocumentTableHead
          leadingCell={<ChooseAllCell selection={selection} label={chooseAllLabel} />}
          columns={columns}
        />
        <ReflowingTableBody>{children}</ReflowingTableBody>
      </ScrollingTable>
    </>
  );
}

/** A list's row: its box for the ZIP, its number linking to its page, then `children` (the other cells). */
export function DocumentListRow({
  testId,
  zip,
  selection,
  zipValue,
  documentNumber,
  href,
  children,
}: {
  testId: string;
  zip: ZipDownload;
  selection: RowSelection;
  zipValue: string;
  documentNumber: string;
  href: string;
  children: ReactNode;
}) {
  return (
    <DocumentTableRow testId={testId}>
      <ChooseRowCell
        selection={selection}
        formId={zip.formId}
        name={zip.field}
        value={zipValue}
        label={`Choose ${documentNumber}`}
      />
      <th scope="row" className={cn('px-3 py-2 sm:px-4 font-medium whitespace-nowrap', REFLOW_TITLE_BESIDE_CHECK_CELL)}>
        <Link to={href} className={LINK_CLASS}>
          {documentNumber}
        </Link>
      </th>
      {children}
    </DocumentTableRow>
  );
}
