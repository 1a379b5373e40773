/**
 * Every browser context of the e2e run starts with the seeded first-visit modal dismissed (playwright.config.ts
 * `use.storageState`), so the native modal dialog, which makes the rest of the page inert, never stands between a
 * spec and the page it tests. e2e/content.spec.ts starts without this state to test the modal itself.
 */
import { modalDismissalCookieName } from '../../apps/web/app/features/content/modal-dismissal.ts';

/** The seed's modal (packages/db/src/seed/content-elements.ts). */
export const FIRST_VISIT_MODAL_ID = 'first-visit';

/** The dismissed version: any version the seed may raise to, so an edit of the modal does not block every spec. */
const ANY_VERSION = '999999999';

export const DISMISSED_MODALS_STATE = {
  cookies: [
    {
      name: modalDismissalCookieName(FIRST_VISIT_MODAL_ID),
      value: ANY_VERSION,
      domain: 'localhost',
      path: '/',
      expires: -1,
      httpOnly: false,
      secure: false,
      sameSite: 'Lax' as const,
    },
  ],
  origins: [],
};
