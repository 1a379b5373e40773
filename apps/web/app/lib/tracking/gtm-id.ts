/** spec §5: the tag-manager identifier must match GTM- followed by upper-case letters or digits. */
export const GTM_ID_PATTERN = /^GTM-[A-Z0-9]+$/;

export function isValidGtmId(value: string): boolean {
  return GTM_ID_PATTERN.test(value);
}

/**
 * The tag-manager id from configuration (`GTM_ID`): unset → no tag manager; invalid → not loaded and a warning
 * logged, so a typo never injects a script for somebody else's container.
 */
export function readGtmId(
  value: string | undefined,
  warn: (message: string) => void = (message) => console.warn(message),
): string | null {
  const trimmed = value?.trim();
  if (!trimmed) return null;
  if (isValidGtmId(trimmed)) return trimmed;
  warn(`[tracking] GTM_ID "${trimmed}" is not GTM- followed by upper-case letters or digits; tag manager not loaded`);
  return null;
}
