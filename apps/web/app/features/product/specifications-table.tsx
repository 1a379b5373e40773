import type { Specifications } from '@b2b/contract';
import { getSpecificationRows } from './specification-rows.ts';

export function SpecificationsTable({ specifications }: { specifications: Specifications }) {
  const rows = getSpecificationRows(specifications);
  if (rows.length === 0) return null;
  return (
    <table className="w-full text-left text-sm" aria-labelledby="specifications-heading">
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} className="border-b border-neutral-200">
            <th scope="row" className="w-1/3 py-2 pr-4 font-medium text-neutral-700">
              {row.label}
            </th>
            <td className="py-2">{row.value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
