/**
 * A redirect answered by GetContentByUrl (spec §2 routing rules: "If the content response status is 301 or 302 with
 * a target URL different from the current path, the user is redirected there with that status"). Pure: which target
 * the content route follows, and how.
 */
import { getSafeRedirect } from '~/lib/redirect.ts';

const ABSOLUTE_HTTP_URL = /^https?:\/\//i;

export type ContentRedirect = { url: string; status: 301 | 302; absolute: boolean };

/**
 * The redirect to follow, or null when there is none to follow: not a 301/302 answer, no target, a target that is
 * the current page (by its content path or as requested), or a target that is neither a path of this site nor an
 * http(s) URL (`//host`, `javascript:`). An absolute target is a full page load (it may leave the shop); a path an
 * in-app redirect.
 */
export function contentRedirectOf(
  content: { status: number; redirectUrl: string | null },
  current: { contentPath: string; pathname: string },
): ContentRedirect | null {
  if (content.status !== 301 && content.status !== 302) return null;
  const target = content.redirectUrl;
  if (!target || target === current.contentPath || target === current.pathname) return null;
  if (ABSOLUTE_HTTP_URL.test(target)) {
    return URL.canParse(target) ? { url: target, status: content.status, absolute: true } : null;
  }
  if (getSafeRedirect(target, '') !== target) return null;
  return { url: target, status: content.status, absolute: false };
}
