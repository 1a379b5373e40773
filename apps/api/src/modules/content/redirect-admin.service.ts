/**
 * The back office's redirects (spec §7 Redirects, issue 28): the table, one redirect created or changed, the CSV
 * import (all or nothing, with its per-row report and a dry run), the CSV export and the deletions. Every write holds
 * the area's redirect lock and records its audit entry in its transaction. Every instance's redirect map follows a
 * change: this one's before the answer, the others' within 5 s (ADR 037).
 */
import {
  type DELETE_ALL_REDIRECTS_CONFIRMATION,
  type DeleteRedirectsBody,
  type GetRedirectsBySearchBody,
  type GetRedirectsBySearchResponse,
  MAX_REDIRECT_CSV_ERRORS,
  MAX_REDIRECT_CSV_ROWS,
  type Redirect,
  type RedirectCsvProblem,
  type UpdateRedirectBody,
  type UpdateRedirectResponse,
  type UpdateRedirectsByCsvBody,
  type UpdateRedirectsByCsvResponse,
} from '@b2b/contract';
import type { RedirectMap } from '@b2b/contract/redirect-map';
import { isUniqueViolation } from '@b2b/db';
import { inTransaction, type RequestContext } from '../../context.ts';
import { AppError, validationError } from '../../errors.ts';
import { recordAuditEntry } from '../audit/audit.service.ts';
import { requestCacheInvalidation } from '../debug/cache-usage.service.ts';
import { findProductPagesAmong } from '../product/product.service.ts';
import type { CategoryTree } from '../search/category-tree.ts';
import { toContentPath } from './content-path.ts';
import type { RedirectRow } from './redirect.repository.ts';
import {
  deleteRedirectsByIdsOrPaths,
  deleteRedirectsOfArea,
  findRedirectById,
  insertRedirect,
  listRedirectsOfArea,
  listRedirectTargets,
  lockRedirectsOfArea,
  searchRedirects,
  updateRedirectIfUnchanged,
  upsertRedirects,
} from './redirect-admin.repository.ts';
import { parseRedirectsCsv, writeRedirectsCsv, writeRedirectsCsvHeader } from './redirect-csv.ts';
import {
  checkToUrl,
  findHopProblems,
  normalizeFromPath,
  parseRedirectStatus,
  type RedirectProblem,
} from './redirect-rules.ts';

/** The storefront's pages a redirect must not shadow: the categories of the search index's snapshot. */
export type RedirectSources = { categories: CategoryTree };

export type CsvFile = { fileName: string; csv: string };

function toRedirect(row: RedirectRow): Redirect {
  return {
    id: row.id,
    area: row.areaId as Redirect['area'],
    fromPath: row.fromPath,
    toUrl: row.toUrl,
    // The table's check constraint allows only these two.
    status: row.status === 302 ? 302 : 301,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * A write to an area's redirects: in one transaction holding the area's lock (an import and an edit at once cannot
 * each check against the redirects before the other's and together make a chain) that also asks every instance to
 * reload its redirect map (ADR 037). This instance's map is reloaded before the answer, so the storefront follows the
 * change at once here, and within 5 s elsewhere.
 */
async function inRedirectTransaction<T>(
  ctx: RequestContext,
  areaId: string,
  redirectMap: RedirectMap,
  work: (txCtx: RequestContext) => Promise<T>,
): Promise<T> {
  const result = await inTransaction(ctx, async (txCtx) => {
    await lockRedirectsOfArea(txCtx.db, areaId);
    const answer = await work(txCtx);
    await requestCacheInvalidation(txCtx, { type: 'redirects' });
    return answer;
  });
  await redirectMap.reload();
  return result;
}

function toFieldError(problem: RedirectProblem): AppError {
  return new AppError('ValidationException', problem.problem, [{ field: problem.field, message: problem.problem }]);
}

/** The from-paths among `paths` that are a live category's or product's page, with the reason. */
async function findLivePageProblems(
  ctx: RequestContext,
  sources: RedirectSources,
  paths: readonly string[],
): Promise<Map<string, string>> {
  const problems = new Map<string, string>();
  const products = await findProductPagesAmong(ctx, paths);
  for (const path of paths) {
    const category = sources.categories.findByUrl(path);
    const productId = products.get(path);
    const page = category !== undefined ? `category "${category.name}"` : productId ? `product ${productId}` : null;
    if (page !== null) {
      problems.set(path, `${path} is the live page of ${page}: a redirect would hide that page from everyone`);
    }
  }
  return problems;
}

/** POST /backoffice/api/Redirects/GetBySearch. */
export async function getRedirectsBySearch(
  ctx: RequestContext,
  input: GetRedirectsBySearchBody,
): Promise<GetRedirectsBySearchResponse> {
  const page = input.page ?? 1;
  const pageSize = input.pageSize ?? 50;
  const { rows, totalCount } = await searchRedirects(ctx.db, {
    areaId: input.area,
    text: input.text || undefined,
    status: input.status,
    offset: (page - 1) * pageSize,
    limit: pageSize,
    sort: input.sort ?? 'fromPath',
    descending: input.direction === 'Descending',
  });
  return { items: rows.map(toRedirect), totalCount, page, pageSize };
}

/** POST /backoffice/api/Redirects/GetAllRedirectsAsCsv: the file and its name (`redirects-eu-2026-11-27.csv`). */
export async function getAllRedirectsAsCsv(ctx: RequestContext, input: { area: string }): Promise<CsvFile> {
  const rows = await listRedirectsOfArea(ctx.db, input.area);
  const date = new Date().toISOString().slice(0, 10);
  return { fileName: `redirects-${input.area}-${date}.csv`, csv: writeRedirectsCsv(rows) };
}

/** POST /backoffice/api/Redirects/GetRedirectsHeaderAsCsv: the template. */
export function getRedirectsHeaderAsCsv(): CsvFile {
  return { fileName: 'redirects-template.csv', csv: writeRedirectsCsvHeader() };
}

/** POST /backoffice/api/Redirects/UpdateRedirect: creates one redirect or changes one the editor read. */
export async function updateRedirect(
  ctx: RequestContext,
  input: UpdateRedirectBody,
  sources: RedirectSources,
  redirectMap: RedirectMap,
): Promise<UpdateRedirectResponse> {
  const from = normalizeFromPath(input.fromPath);
  if ('problem' in from) throw toFieldError(from);
  const to = checkToUrl(input.toUrl);
  if ('problem' in to) throw toFieldError(to);
  const livePage = (await findLivePageProblems(ctx, sources, [from.path])).get(from.path);
  if (livePage !== undefined) throw toFieldError({ field: 'fromPath', problem: livePage });

  const values = { fromPath: from.path, toUrl: to.url, status: input.status };
  try {
    return await inRedirectTransaction(ctx, input.area, redirectMap, async (txCtx) => {
      const existing = input.id === undefined ? null : await findRedirectById(txCtx.db, input.area, input.id);
      if (input.id !== undefined && existing === null) {
        throw new AppError('NotFoundException', 'No redirect of this area has this id; it may have been deleted.');
      }

      const redirects = new Map(
        (await listRedirectTargets(txCtx.db, input.area)).map((row) => [row.fromPath, row.toUrl]),
      );
      if (existing !== null) redirects.delete(existing.fromPath);
      if (redirects.has(from.path)) throw fromPathTaken(from.path);
      redirects.set(from.path, to.url);
      const hopProblem = findHopProblems(redirects, [from.path]).get(from.path);
      if (hopProblem !== undefined) throw toFieldError(hopProblem);

      if (existing === null) {
        const created = await insertRedirect(txCtx.db, { areaId: input.area, ...values });
        if (created === null) throw fromPathTaken(from.path);
        await recordAuditEntry(txCtx, {
          objectType: 'redirect',
          objectId: created.fromPath,
          action: 'create',
          summary: `Redirect ${created.fromPath} → ${created.toUrl} (${created.status}) created in ${input.area}`,
          after: values,
        });
        return { redirect: toRedirect(created), created: true };
      }

      // The schema requires expectedUpdatedAt with an id.
      const expectedUpdatedAt = new Date(input.expectedUpdatedAt ?? 0);
      const changed = await updateRedirectIfUnchanged(txCtx.db, input.area, existing.id, expectedUpdatedAt, values);
      if (changed === null) {
        throw new AppError(
          'ConflictException',
          `The redirect ${existing.fromPath} was changed by another save at ${existing.updatedAt.toISOString()} since ` +
            'you opened it; nothing was saved. Reload it and make your change again.',
          [
            {
              field: 'expectedUpdatedAt',
              message: `is ${input.expectedUpdatedAt}, the redirect's is ${existing.updatedAt.toISOString()}`,
            },
          ],
        );
      }
      const before = { fromPath: existing.fromPath, toUrl: existing.toUrl, status: existing.status };
      await recordAuditEntry(txCtx, {
        objectType: 'redirect',
        objectId: changed.fromPath,
        action: 'update',
        summary: `Redirect ${describeChange(before, values)} in ${input.area}`,
        before,
        after: values,
      });
      return { redirect: toRedirect(changed), created: false };
    });
  } catch (error) {
    // Another save took the from-path between the check and the write.
    if (isUniqueViolation(error)) throw fromPathTaken(from.path);
    throw error;
  }
}

function fromPathTaken(fromPath: string): AppError {
  return new AppError('ConflictException', `A redirect from ${fromPath} exists already; change that one instead.`, [
    { field: 'fromPath', message: `${fromPath} already has a redirect` },
  ]);
}

function describeChange(
  before: { fromPath: string; toUrl: string; status: number },
  after: { fromPath: string; toUrl: string; status: number },
): string {
  const from = before.fromPath === after.fromPath ? after.fromPath : `${before.fromPath} → renamed ${after.fromPath}`;
  return `${from}: ${before.toUrl} (${before.status}) → ${after.toUrl} (${after.status})`;
}

type CheckedRow = { row: number; fromPath: string; toUrl: string; status: number };

/**
 * POST /backoffice/api/Redirects/UpdateRedirectsByCsv: every row checked (its fields, duplicates, live pages, loops
 * and chains with the stored redirects and the other rows); any problem writes nothing. Otherwise, unless a dry run,
 * the new and changed rows are written in one transaction with one audit entry for the import.
 */
export async function updateRedirectsByCsv(
  ctx: RequestContext,
  input: UpdateRedirectsByCsvBody,
  sources: RedirectSources,
  redirectMap: RedirectMap,
): Promise<UpdateRedirectsByCsvResponse> {
  const parsed = parseRedirectsCsv(input.csv);
  const rowCount = parsed.rows.length + parsed.problems.length;
  if (rowCount > MAX_REDIRECT_CSV_ROWS) {
    throw validationError('csv', `has ${rowCount} rows; at most ${MAX_REDIRECT_CSV_ROWS} are imported at once`);
  }
  const problems: RedirectCsvProblem[] = [...parsed.problems];
  const checked: CheckedRow[] = [];
  const rowOfPath = new Map<string, number>();
  for (const row of parsed.rows) {
    const from = normalizeFromPath(row.fromPath);
    const to = checkToUrl(row.toUrl);
    const status = parseRedirectStatus(row.status);
    const fieldProblems = [from, to, status].flatMap((result) => ('problem' in result ? [result.problem] : []));
    const firstRow = 'path' in from ? rowOfPath.get(from.path) : undefined;
    if (firstRow !== undefined) fieldProblems.push(`${'path' in from ? from.path : ''} is also on row ${firstRow}`);
    if (fieldProblems.length > 0) {
      problems.push({ row: row.row, fromPath: row.fromPath, problem: fieldProblems.join('; ') });
      continue;
    }
    if ('path' in from && 'url' in to && 'status' in status) {
      rowOfPath.set(from.path, row.row);
      checked.push({ row: row.row, fromPath: from.path, toUrl: to.url, status: status.status });
    }
  }

  const livePages = await findLivePageProblems(
    ctx,
    sources,
    checked.map((row) => row.fromPath),
  );

  const check = async (readCtx: RequestContext) => {
    const stored = new Map((await listRedirectTargets(readCtx.db, input.area)).map((row) => [row.fromPath, row]));
    const redirects = new Map([...stored].map(([fromPath, row]) => [fromPath, row.toUrl]));
    for (const row of checked) redirects.set(row.fromPath, row.toUrl);
    const hops = findHopProblems(
      redirects,
      checked.map((row) => row.fromPath),
    );
    const rowProblems = [...problems];
    const writes: CheckedRow[] = [];
    let created = 0;
    let changed = 0;
    let unchanged = 0;
    for (const row of checked) {
      const problem = livePages.get(row.fromPath) ?? hops.get(row.fromPath)?.problem;
      if (problem !== undefined) {
        rowProblems.push({ row: row.row, fromPath: row.fromPath, problem });
        continue;
      }
      const current = stored.get(row.fromPath);
      if (current === undefined) created++;
      else if (current.toUrl !== row.toUrl || current.status !== row.status) changed++;
      else unchanged++;
      if (current === undefined || current.toUrl !== row.toUrl || current.status !== row.status) writes.push(row);
    }
    rowProblems.sort((a, b) => a.row - b.row);
    const report: UpdateRedirectsByCsvResponse = {
      ok: rowProblems.length === 0,
      dryRun: input.dryRun,
      applied: false,
      rowCount,
      created,
      changed,
      unchanged,
      problemCount: rowProblems.length,
      problems: rowProblems.slice(0, MAX_REDIRECT_CSV_ERRORS),
    };
    return { report, writes };
  };

  if (input.dryRun) return (await check(ctx)).report;

  return inRedirectTransaction(ctx, input.area, redirectMap, async (txCtx) => {
    const { report, writes } = await check(txCtx);
    if (!report.ok) return report;
    await upsertRedirects(txCtx.db, input.area, writes);
    await recordAuditEntry(txCtx, {
      objectType: 'redirect',
      objectId: input.area,
      action: 'import',
      summary:
        `Imported ${report.rowCount} redirects by CSV into ${input.area}: ${report.created} created, ` +
        `${report.changed} changed, ${report.unchanged} unchanged`,
      after: {
        rowCount: report.rowCount,
        created: report.created,
        changed: report.changed,
        unchanged: report.unchanged,
      },
    });
    return { ...report, applied: true };
  });
}

/** POST /backoffice/api/Redirects/DeleteRedirects. */
export async function deleteRedirects(ctx: RequestContext, input: DeleteRedirectsBody, redirectMap: RedirectMap) {
  const ids = input.ids ?? [];
  const fromPaths = (input.fromPaths ?? []).map((path) => ({ given: path, path: toContentPath(path) }));
  return inRedirectTransaction(ctx, input.area, redirectMap, async (txCtx) => {
    const deleted = await deleteRedirectsByIdsOrPaths(
      txCtx.db,
      input.area,
      ids,
      fromPaths.map((entry) => entry.path),
    );
    const deletedIds = new Set(deleted.map((row) => row.id));
    const deletedPaths = new Set(deleted.map((row) => row.fromPath));
    const notFound = [
      ...ids.filter((id) => !deletedIds.has(id)),
      ...fromPaths.filter((entry) => !deletedPaths.has(entry.path)).map((entry) => entry.given),
    ];
    if (deleted.length > 0) {
      const [first] = deleted;
      const names = deleted.slice(0, 5).map((row) => row.fromPath);
      const more = deleted.length > names.length ? ` and ${deleted.length - names.length} more` : '';
      await recordAuditEntry(txCtx, {
        objectType: 'redirect',
        objectId: deleted.length === 1 && first ? first.fromPath : input.area,
        action: 'delete',
        summary: `Deleted ${deleted.length === 1 ? 'redirect' : `${deleted.length} redirects`} ${names.join(', ')}${more} in ${input.area}`,
        before: deleted.map((row) => ({ fromPath: row.fromPath, toUrl: row.toUrl, status: row.status })),
      });
    }
    return { deleted: deleted.map(toRedirect), notFound };
  });
}

/** POST /backoffice/api/Redirects/DeleteAllRedirects: the schema has checked the confirmation. */
export async function deleteAllRedirects(
  ctx: RequestContext,
  input: { area: string; confirm: typeof DELETE_ALL_REDIRECTS_CONFIRMATION },
  redirectMap: RedirectMap,
): Promise<{ deleted: number }> {
  return inRedirectTransaction(ctx, input.area, redirectMap, async (txCtx) => {
    const deleted = await deleteRedirectsOfArea(txCtx.db, input.area);
    await recordAuditEntry(txCtx, {
      objectType: 'redirect',
      objectId: input.area,
      action: 'delete-all',
      summary: `Deleted all ${deleted} redirects of ${input.area}`,
      before: { count: deleted },
    });
    return { deleted };
  });
}
