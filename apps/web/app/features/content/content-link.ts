/**
 * Where a link in editor content may point (the contract's SAFE_LINK_PATTERN, checked again here because the
 * storefront must never turn stored text into a script URL, whatever the API let through): a site path becomes an
 * in-app link, an http(s) or mailto address an ordinary one; anything else (`javascript:`, `data:`, `//host`) is
 * no link at all.
 */
export type ContentLink = { kind: 'site'; to: string } | { kind: 'external'; href: string };

const SITE_PATH = /^\/(?!\/)[^\s\\]*$/;
const EXTERNAL_URL = /^(?:https?:\/\/|mailto:)[^\s]+$/i;

export function toContentLink(href: string | undefined): ContentLink | null {
  if (!href) return null;
  const trimmed = href.trim();
  if (SITE_PATH.test(trimmed)) return { kind: 'site', to: trimmed };
  if (EXTERNAL_URL.test(trimmed) && URL.canParse(trimmed)) {
    const protocol = new URL(trimmed).protocol;
    if (protocol === 'http:' || protocol === 'https:' || protocol === 'mailto:')
      return { kind: 'external', href: trimmed };
  }
  return null;
}
