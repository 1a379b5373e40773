import type { ContentModal } from '@b2b/contract';
import { MODAL_DISMISSAL_COOKIE_PREFIX, serializeCookie } from '../../lib/cookies.ts';

/** `once` modals are remembered for a year (the contract: "until dismissed, kept a year"). */
const DISMISSAL_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * The cookie remembering a dismissed `once` modal: named by its id, holding the dismissed version, so an edit that
 * raises the version shows the modal again. Readable by the server, which then leaves the modal out of the page.
 */
export function modalDismissalCookieName(modalId: string): string {
  return `${MODAL_DISMISSAL_COOKIE_PREFIX}${modalId}`;
}

export function serializeModalDismissalCookie(modal: Pick<ContentModal, 'id' | 'version'>, secure: boolean): string {
  return serializeCookie(modalDismissalCookieName(modal.id), String(modal.version), {
    maxAgeSeconds: DISMISSAL_MAX_AGE_SECONDS,
    sameSite: 'Lax',
    secure,
  });
}

/** The sessionStorage key of a dismissed `session` modal (it holds the version). */
export function modalSessionStorageKey(modalId: string): string {
  return `modal-dismissed:${modalId}`;
}

/** Whether a stored version (cookie or sessionStorage) covers this modal's version. */
export function isVersionDismissed(stored: string | null | undefined, version: number): boolean {
  if (!stored || !/^\d{1,9}$/.test(stored)) return false;
  return Number(stored) >= version;
}
