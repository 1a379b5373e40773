/**
 * The back office's workspace (issue 28): its sections, in the order of its navigation. Browser-safe (the layout's
 * navigation and the storefront's account menu read it).
 */
export const BACKOFFICE_ROLE = 'backoffice';
export const BACKOFFICE_PATH = '/backoffice';

export type BackofficeSection = { to: string; label: string; description: string };

export const BACKOFFICE_SECTIONS: readonly BackofficeSection[] = [
  { to: `${BACKOFFICE_PATH}/orders`, label: 'Orders', description: 'Find orders, move them on, credit and collect.' },
  {
    to: `${BACKOFFICE_PATH}/content`,
    label: 'Content',
    description: 'Pages, elements, forms and modals, with history.',
  },
  { to: `${BACKOFFICE_PATH}/menus`, label: 'Menus', description: "The site menu's entries per area." },
  {
    to: `${BACKOFFICE_PATH}/redirects`,
    label: 'Redirects',
    description: 'Old URLs and where they lead; CSV in and out.',
  },
  {
    to: `${BACKOFFICE_PATH}/campaigns`,
    label: 'Campaigns',
    description: 'Campaigns, their levels and discount codes.',
  },
  { to: `${BACKOFFICE_PATH}/mail`, label: 'Mail', description: 'The outbox, and the texts of the shop’s mails.' },
  { to: `${BACKOFFICE_PATH}/caches`, label: 'Caches', description: 'What every instance holds; empty one type.' },
  { to: `${BACKOFFICE_PATH}/audit`, label: 'Audit log', description: 'Who changed what, when; assisted sessions.' },
];

export function isBackofficeUser(user: { roles: readonly string[] } | null | undefined): boolean {
  return Boolean(user?.roles.includes(BACKOFFICE_ROLE));
}

/** A workspace page's meta: its title in the tab ("Orders · Back office"), and never indexed (ADR 031). */
export function backofficeMeta(title?: string) {
  return [
    { title: title ? `${title} · Back office` : 'Back office' },
    { name: 'robots', content: 'noindex, nofollow' },
  ];
}
