import { CACHE_TYPE_DESCRIPTIONS, type CacheType } from '@b2b/contract/constants';
import { formatCount, formatDateTime } from '~/lib/format.ts';
import { ConfirmAction } from '../confirm-action.tsx';
import type { CacheInstanceView, CacheRow } from './cache-usage.server.ts';

const APP_LABELS: Record<CacheInstanceView['app'], string> = { api: 'API', web: 'Storefront' };

/** Bytes as staff read them: "512 B", "14.2 kB", "3.1 MB" (powers of 1,000, like the operating system's tools). */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  const units = ['kB', 'MB', 'GB'];
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

/** "92 %" of the look-ups answered from the cache; "no look-ups" before the first. */
export function formatHitRate(hits: number, misses: number): string {
  const lookups = hits + misses;
  return lookups === 0 ? 'no look-ups' : `${Math.round((hits / lookups) * 100)} %`;
}

/** "4 s", "3 min", "2 h" ago. */
export function formatAge(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min`;
  return `${Math.floor(seconds / 3600)} h`;
}

/**
 * A table's box: it scrolls sideways when the table is wider than the screen, so the page never does. Positioned, so
 * the visually hidden texts inside stay within it (they are absolutely positioned), and focusable with a visible
 * outline, so keyboard users can scroll it.
 */
const SCROLL_BOX =
  'relative overflow-x-auto rounded-lg border border-neutral-200 bg-white focus-visible:outline-2 focus-visible:outline-accent-600';
const HEADER_CELL = 'px-3 py-2 text-left font-semibold text-neutral-700';
const NUMBER_HEADER_CELL = 'px-3 py-2 text-right font-semibold text-neutral-700';
const CELL = 'px-3 py-2';
const NUMBER_CELL = 'px-3 py-2 text-right tabular-nums';

/** Every type with its total over the instances, and the action that empties it everywhere. */
export function CacheTypesTable({ types, instances }: { types: readonly CacheType[]; instances: CacheInstanceView[] }) {
  return (
    <section
      aria-label="Cache types"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls sideways must be reachable by keyboard (WCAG 2.1.1)
      tabIndex={0}
      className={SCROLL_BOX}
    >
      <table className="w-full text-sm">
        <caption className="sr-only">Cache types on every instance</caption>
        <thead className="border-b border-neutral-200 bg-neutral-50">
          <tr>
            <th scope="col" className={HEADER_CELL}>
              Type
            </th>
            <th scope="col" className={NUMBER_HEADER_CELL}>
              Instances
            </th>
            <th scope="col" className={NUMBER_HEADER_CELL}>
              Entries
            </th>
            <th scope="col" className={NUMBER_HEADER_CELL}>
              Size
            </th>
            <th scope="col" className={HEADER_CELL}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-neutral-200">
          {types.map((type) => {
            const rows = instances.flatMap((instance) => instance.caches.filter((cache) => cache.type === type));
            return (
              <tr key={type}>
                <th scope="row" className={`${CELL} min-w-48 text-left font-normal`}>
                  <span className="block font-medium">{type}</span>
                  <span className="block text-xs text-neutral-600">{CACHE_TYPE_DESCRIPTIONS[type]}</span>
                </th>
                <td className={NUMBER_CELL}>{formatCount(rows.length)}</td>
                <td className={NUMBER_CELL}>{formatCount(rows.reduce((sum, row) => sum + row.entries, 0))}</td>
                <td className={`${NUMBER_CELL} whitespace-nowrap`}>
                  {formatBytes(rows.reduce((sum, row) => sum + row.bytes, 0))}
                </td>
                <td className={`${CELL} text-right`}>
                  <ConfirmAction
                    label={
                      <>
                        Empty<span className="sr-only"> the {type} cache</span>
                      </>
                    }
                    title={`Empty the ${type} cache everywhere?`}
                    confirmLabel={`Empty ${type}`}
                    fields={{ intent: 'invalidate', type }}
                    buttonClassName="px-3 py-1 text-sm"
                  >
                    Every API instance and storefront process drops what it holds in its {type} cache within 5 seconds:{' '}
                    {CACHE_TYPE_DESCRIPTIONS[type]}. The next requests read it again from the database, so they are
                    slower for a moment.
                  </ConfirmAction>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

function CacheRowView({ cache }: { cache: CacheRow }) {
  return (
    <tr>
      <th scope="row" className={`${CELL} text-left font-medium whitespace-nowrap`}>
        {cache.type}
      </th>
      <td className={NUMBER_CELL}>{formatCount(cache.entries)}</td>
      <td className={`${NUMBER_CELL} whitespace-nowrap`}>{formatBytes(cache.bytes)}</td>
      <td className={`${NUMBER_CELL} whitespace-nowrap`}>
        {formatHitRate(cache.hits, cache.misses)}
        <span className="block text-xs text-neutral-600">
          {formatCount(cache.hits)} hits, {formatCount(cache.misses)} misses
        </span>
      </td>
      <td className={`${NUMBER_CELL} whitespace-nowrap`}>
        {cache.oldestEntryAgeSeconds === null
          ? cache.entries === 0
            ? '—'
            : 'not kept'
          : `${formatAge(cache.oldestEntryAgeSeconds)} ago`}
      </td>
    </tr>
  );
}

/** One instance: what it is, when it last reported, and a row per cache. */
export function CacheInstanceSection({ instance }: { instance: CacheInstanceView }) {
  const headingId = `instance-${instance.instanceId}`;
  return (
    <section aria-labelledby={headingId} className="mt-6">
      <h3 id={headingId} className="text-base font-semibold">
        {APP_LABELS[instance.app]} · {instance.hostname} · process {instance.pid}
      </h3>
      <p className="mt-1 text-sm text-neutral-700">
        Started {formatDateTime(instance.startedAt)} UTC · last report {formatAge(instance.reportedSecondsAgo)} ago
      </p>
      <section
        aria-label={`Caches of ${APP_LABELS[instance.app]} process ${instance.pid}`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls sideways must be reachable by keyboard (WCAG 2.1.1)
        tabIndex={0}
        className={`${SCROLL_BOX} mt-2`}
      >
        <table className="w-full text-sm">
          <caption className="sr-only">
            Caches of {APP_LABELS[instance.app]} process {instance.pid} on {instance.hostname}
          </caption>
          <thead className="border-b border-neutral-200 bg-neutral-50">
            <tr>
              <th scope="col" className={HEADER_CELL}>
                Type
              </th>
              <th scope="col" className={NUMBER_HEADER_CELL}>
                Entries
              </th>
              <th scope="col" className={NUMBER_HEADER_CELL}>
                Size (estimated)
              </th>
              <th scope="col" className={NUMBER_HEADER_CELL}>
                Hit rate
              </th>
              <th scope="col" className={NUMBER_HEADER_CELL}>
                Oldest entry
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-neutral-200">
            {instance.caches.map((cache) => (
              <CacheRowView key={cache.type} cache={cache} />
            ))}
          </tbody>
        </table>
      </section>
    </section>
  );
}
