/**
 * What a redirect must keep to work in the storefront (issue 28), for UpdateRedirect and each row of an import. The
 * storefront follows a redirect of a content path before its page (GetContentByUrl, ADR 034) and of any other path
 * that has no page, reduces the path as `toContentPath` does, and follows in-shop targets: so a from-path is stored
 * reduced, a target must not lead back to its from-path, and a redirect takes one hop (a chain costs the visitor a
 * round trip per hop and breaks when a middle link changes).
 */
import { MAX_CONTENT_URL_LENGTH, REDIRECT_STATUSES, type RedirectStatus } from '@b2b/contract';
import { toContentPath } from './content-path.ts';

export type RedirectField = 'fromPath' | 'toUrl' | 'status';
export type RedirectProblem = { field: RedirectField; problem: string };

const ABSOLUTE_HTTP_URL = /^https?:\/\/[^/?#\s]+/i;
const WHITESPACE_OR_CONTROL = /[\s\p{Cc}]/u;

/** The from-path as stored and looked up, or what is wrong with it. */
export function normalizeFromPath(raw: string): { path: string } | RedirectProblem {
  const value = raw.trim();
  if (value === '') return { field: 'fromPath', problem: 'fromPath is missing' };
  if (!value.startsWith('/') || value.startsWith('//')) {
    return { field: 'fromPath', problem: `fromPath "${value}" must be a path of the shop starting with /` };
  }
  if (WHITESPACE_OR_CONTROL.test(value)) {
    return { field: 'fromPath', problem: `fromPath "${value}" must not contain spaces or control characters` };
  }
  if (value.length > MAX_CONTENT_URL_LENGTH) {
    return { field: 'fromPath', problem: `fromPath is longer than ${MAX_CONTENT_URL_LENGTH} characters` };
  }
  const path = toContentPath(value);
  if (path === '/') return { field: 'fromPath', problem: 'the home page / always has a page and cannot redirect' };
  return { path };
}

/** The target as given, or what is wrong with it: a path of the shop or an absolute http(s) URL. */
export function checkToUrl(raw: string): { url: string } | RedirectProblem {
  const value = raw.trim();
  if (value === '') return { field: 'toUrl', problem: 'toUrl is missing' };
  if (WHITESPACE_OR_CONTROL.test(value)) {
    return { field: 'toUrl', problem: `toUrl "${value}" must not contain spaces or control characters` };
  }
  if (value.length > MAX_CONTENT_URL_LENGTH) {
    return { field: 'toUrl', problem: `toUrl is longer than ${MAX_CONTENT_URL_LENGTH} characters` };
  }
  const isShopPath = value.startsWith('/') && !value.startsWith('//');
  const isHttpUrl = ABSOLUTE_HTTP_URL.test(value) && URL.canParse(value);
  if (!isShopPath && !isHttpUrl) {
    return { field: 'toUrl', problem: `toUrl "${value}" must be a path of the shop (/…) or an http(s) URL` };
  }
  return { url: value };
}

/** 301 or 302 from the CSV's text, or what is wrong with it. */
export function parseRedirectStatus(raw: string): { status: RedirectStatus } | RedirectProblem {
  const value = raw.trim();
  const status = REDIRECT_STATUSES.find((allowed) => String(allowed) === value);
  if (status === undefined) {
    return {
      field: 'status',
      problem: `status must be 301 or 302${value === '' ? ' (it is empty)' : `, not "${value}"`}`,
    };
  }
  return { status };
}

/** The shop path a target leads to, reduced as the storefront looks it up; null for a URL that leaves the shop. */
export function targetPathOf(toUrl: string): string | null {
  return ABSOLUTE_HTTP_URL.test(toUrl) ? null : toContentPath(toUrl);
}

/**
 * The loops and chains among redirects, for the ones being written. `redirects` is every redirect of the area as it
 * would be after the write (from-path → target); `written` the from-paths being written. A written redirect whose
 * target leads back to itself, or to a from-path that redirects again, is a problem of its toUrl; one that a redirect
 * leads to is a problem of its fromPath.
 */
export function findHopProblems(
  redirects: ReadonlyMap<string, string>,
  written: Iterable<string>,
): Map<string, RedirectProblem> {
  const incoming = new Map<string, string[]>();
  for (const [fromPath, toUrl] of redirects) {
    const target = targetPathOf(toUrl);
    if (target === null || target === fromPath || !redirects.has(target)) continue;
    const sources = incoming.get(target) ?? [];
    sources.push(fromPath);
    incoming.set(target, sources);
  }

  const problems = new Map<string, RedirectProblem>();
  for (const fromPath of written) {
    const toUrl = redirects.get(fromPath);
    if (toUrl === undefined) continue;
    const target = targetPathOf(toUrl);
    if (target === fromPath) {
      problems.set(fromPath, { field: 'toUrl', problem: `toUrl "${toUrl}" leads back to ${fromPath} itself (a loop)` });
      continue;
    }
    const next = target === null ? undefined : redirects.get(target);
    if (target !== null && next !== undefined) {
      const problem =
        targetPathOf(next) === fromPath
          ? `toUrl leads to ${target}, which redirects back to ${fromPath} (a loop)`
          : `toUrl leads to ${target}, which redirects on to ${next}: point to ${next} directly (one hop only)`;
      problems.set(fromPath, { field: 'toUrl', problem });
      continue;
    }
    const sources = incoming.get(fromPath);
    if (sources !== undefined) {
      const [first, ...others] = sources;
      const more = others.length === 0 ? '' : ` (and ${others.length} more)`;
      problems.set(fromPath, {
        field: 'fromPath',
        problem: `${first}${more} already redirects to ${fromPath}, which would make two hops: point ${first} to ${toUrl} instead`,
      });
    }
  }
  return problems;
}
