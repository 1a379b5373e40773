import type { Specifications } from '@b2b/contract';

/** Rows of the specifications table: brand first, then every attribute `$meta` names, in its order (spec §3). */
export function getSpecificationRows(
  specifications: Specifications,
): Array<{ key: string; label: string; value: string }> {
  const rows = [{ key: 'brand', label: 'Brand', value: specifications.brand }];
  for (const [key, label] of Object.entries(specifications.$meta ?? {})) {
    if (key === 'brand' || key === '$meta') continue;
    const raw = specifications[key];
    const value = Array.isArray(raw) ? raw.join(', ') : typeof raw === 'string' ? raw : '';
    if (value) rows.push({ key, label, value });
  }
  return rows.filter((row) => row.value);
}
