import { useId, useState } from 'react';
import { useFetcher } from 'react-router';
import { Alert } from '~/components/ui/alert.tsx';
import { Button } from '~/components/ui/button.tsx';
import { formatCount } from '~/lib/format.ts';
import type { RedirectsActionResult } from './redirects.server.ts';

/**
 * The CSV import (issue 28): choosing a file checks it at once (a dry run) and shows the per-row report; "Apply"
 * is offered only for a file without problems, and sends the same file again to be written (the API checks it again,
 * all or nothing). Choosing another file drops the report.
 */
export function CsvImport({ area }: { area: string }) {
  const fetcher = useFetcher<RedirectsActionResult>();
  const [fileVersion, setFileVersion] = useState(0);
  const [checkedVersion, setCheckedVersion] = useState(-1);
  const inputId = useId();
  const hintId = useId();
  const result =
    fetcher.data && (fetcher.data.intent === 'check' || fetcher.data.intent === 'apply') ? fetcher.data : null;
  const isCurrent = result !== null && checkedVersion === fileVersion;
  const report = isCurrent ? result.report : null;
  const isBusy = fetcher.state !== 'idle';
  const canApply = isCurrent && result.intent === 'check' && report?.ok === true && !isBusy;

  return (
    <fetcher.Form
      method="post"
      encType="multipart/form-data"
      className="rounded-lg border border-neutral-200 bg-white p-4"
      onSubmit={() => setCheckedVersion(fileVersion)}
    >
      <h2 className="text-base font-semibold">Import from CSV</h2>
      <p id={hintId} className="mt-1 text-sm text-neutral-700">
        Columns fromPath, toUrl, status (301 or 302), separated by commas or semicolons. Each row adds a redirect or
        changes the one of its path; other redirects stay. Nothing is written until you apply a file without problems.
      </p>
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={inputId} className="text-sm font-medium text-neutral-800">
            CSV file for {area.toUpperCase()}
          </label>
          <input
            id={inputId}
            type="file"
            name="file"
            accept=".csv,text/csv"
            required
            aria-describedby={hintId}
            onChange={() => setFileVersion((version) => version + 1)}
            className="text-sm file:mr-3 file:rounded-md file:border file:border-neutral-300 file:bg-white file:px-3 file:py-1.5 file:text-sm"
          />
        </div>
        <Button type="submit" name="intent" value="check" severity="secondary" disabled={isBusy}>
          {isBusy && fetcher.formData?.get('intent') === 'check' ? 'Checking…' : 'Check file'}
        </Button>
        {canApply ? (
          <Button type="submit" name="intent" value="apply">
            Apply {formatCount(report.rowCount)} rows
          </Button>
        ) : null}
      </div>
      <div aria-live="polite" className="mt-3 empty:hidden">
        {isCurrent && !report ? <Alert>{result.message}</Alert> : null}
        {report ? <ImportReport report={report} fileName={result?.fileName ?? ''} /> : null}
      </div>
    </fetcher.Form>
  );
}

function ImportReport({
  report,
  fileName,
}: {
  report: NonNullable<Extract<RedirectsActionResult, { intent: 'check' | 'apply' }>['report']>;
  fileName: string;
}) {
  const counts = `${formatCount(report.created)} new, ${formatCount(report.changed)} changed, ${formatCount(report.unchanged)} unchanged`;
  if (report.applied) {
    return (
      <Alert tone="success" title={`Imported ${fileName}`}>{`${formatCount(report.rowCount)} rows: ${counts}.`}</Alert>
    );
  }
  if (report.ok) {
    return (
      <Alert tone="info" title={`${fileName} has no problems`}>
        {`${formatCount(report.rowCount)} rows: ${counts}. Apply to write them.`}
      </Alert>
    );
  }
  const shown = report.problems.length;
  return (
    <>
      <Alert
        title={`${fileName}: ${formatCount(report.problemCount)} ${report.problemCount === 1 ? 'row has a problem' : 'rows have problems'}`}
      >
        Nothing was written. Fix these rows in the file, then check it again.
        {report.problemCount > shown ? ` The first ${formatCount(shown)} are listed.` : ''}
      </Alert>
      <div className="relative mt-3 max-h-96 overflow-auto rounded-lg border border-neutral-200">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Rows with problems</caption>
          <thead className="sticky top-0 border-b border-neutral-200 bg-neutral-50">
            <tr>
              <th scope="col" className="px-3 py-2 font-semibold">
                Row
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                From path
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                Problem
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-neutral-100">
            {report.problems.map((problem) => (
              <tr key={`${problem.row}-${problem.fromPath}`}>
                <td className="px-3 py-2 align-top tabular-nums">{problem.row}</td>
                <td className="break-all px-3 py-2 align-top font-mono text-xs sm:text-sm">{problem.fromPath}</td>
                <td className="px-3 py-2 align-top">{problem.problem}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
