import { CACHE_TYPES, CACHE_USAGE_REPORT_INTERVAL_MS } from '@b2b/contract/constants';
import { useEffect } from 'react';
import { useRevalidator } from 'react-router';
import { requireBackoffice } from '~/features/backoffice/backoffice-access.server.ts';
import { backofficeMeta } from '~/features/backoffice/backoffice-paths.ts';
import { CacheInstanceSection, CacheTypesTable } from '~/features/backoffice/caches/cache-tables.tsx';
import { invalidateCacheType, loadCacheUsage } from '~/features/backoffice/caches/cache-usage.server.ts';
import { formatDateTime } from '~/lib/format.ts';
import type { Route } from './+types/backoffice.caches';

export async function loader({ request, context }: Route.LoaderArgs) {
  requireBackoffice(context, request);
  return { instances: await loadCacheUsage(context) };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireBackoffice(context, request);
  const form = await request.formData();
  return invalidateCacheType(context, form.get('type'));
}

export const meta: Route.MetaFunction = () => backofficeMeta('Caches');

/** Debug/GetCacheUsage and InvalidateCacheByType for staff (issue 28): every instance's caches, and emptying a type. */
export default function BackofficeCaches({ loaderData, actionData }: Route.ComponentProps) {
  const { instances } = loaderData;
  const revalidator = useRevalidator();
  // Instances report every few seconds: the page follows them while it is open.
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible' && revalidator.state === 'idle') void revalidator.revalidate();
    }, CACHE_USAGE_REPORT_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [revalidator]);
  const apiCount = instances.filter((instance) => instance.app === 'api').length;
  const webCount = instances.length - apiCount;

  return (
    <>
      <h1 className="text-2xl font-semibold">Caches</h1>
      <p className="mt-2 max-w-3xl text-sm text-neutral-700">
        What every running instance keeps in memory, as it reported in the last 15 seconds: {apiCount} API{' '}
        {apiCount === 1 ? 'instance' : 'instances'} and {webCount} storefront {webCount === 1 ? 'process' : 'processes'}
        . Emptying a type applies to every instance within 5 seconds. Sizes are estimates of the data held; the page
        updates every 5 seconds.
      </p>
      <div role="status" className="mt-4">
        {actionData?.ok === true && (
          <p className="rounded-lg border border-green-700 bg-green-50 px-4 py-3 text-sm text-green-900">
            The {actionData.type} cache is being emptied on every instance (requested{' '}
            {formatDateTime(actionData.requestedAt)} UTC); the tables below show it within 5 seconds.
          </p>
        )}
        {actionData?.ok === false && (
          <p className="rounded-lg border border-red-700 bg-red-50 px-4 py-3 text-sm text-red-900">
            {actionData.message}
          </p>
        )}
      </div>

      <section aria-labelledby="cache-types" className="mt-6">
        <h2 id="cache-types" className="text-lg font-semibold">
          Cache types
        </h2>
        <div className="mt-2">
          <CacheTypesTable types={CACHE_TYPES} instances={instances} />
        </div>
      </section>

      <section aria-labelledby="cache-instances" className="mt-8">
        <h2 id="cache-instances" className="text-lg font-semibold">
          Instances
        </h2>
        {instances.map((instance) => (
          <CacheInstanceSection key={instance.instanceId} instance={instance} />
        ))}
      </section>
    </>
  );
}
