/**
 * The path a content lookup asks for (spec §2 routing rules): the language prefix and the query string are
 * stripped, and an empty path means `/`. Only the shop's own language (en-GB, or just "en") counts as a prefix,
 * so a category that happens to have a two-letter name is not mistaken for one.
 */
export function toContentPath(splat: string | undefined, languageCode: string): string {
  const withoutQuery = (splat ?? '').split(/[?#]/, 1)[0] ?? '';
  const segments = withoutQuery.split('/').filter((segment) => segment.length > 0);
  const language = languageCode.toLowerCase();
  const first = segments[0]?.toLowerCase();
  if (first && (first === language || first === language.split('-')[0])) segments.shift();
  return `/${segments.join('/')}`;
}
