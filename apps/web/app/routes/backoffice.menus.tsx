import { AREA_DEFAULTS, AREA_IDS } from '@b2b/contract/constants';
import { requireBackoffice } from '~/features/backoffice/backoffice-access.server.ts';
import { backofficeMeta } from '~/features/backoffice/backoffice-paths.ts';
import { MenuAreaTabs, MenuEditor } from '~/features/backoffice/menus/menu-editor.tsx';
import { loadSiteMenu, readMenuArea, saveSiteMenu } from '~/features/backoffice/menus/menus.server.ts';
import { formatDateTime } from '~/lib/format.ts';
import type { Route } from './+types/backoffice.menus';

export const meta: Route.MetaFunction = () => backofficeMeta('Menus');

/** /backoffice/menus?area=eu (issue 28): the site menu of one sales area. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireBackoffice(context, request);
  const areaId = readMenuArea(new URL(request.url).searchParams);
  return { menu: await loadSiteMenu(context, areaId) };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireBackoffice(context, request);
  return saveSiteMenu(context, await request.formData());
}

const AREAS = AREA_IDS.map((id) => ({ id, name: AREA_DEFAULTS[id].name })).sort((a, b) => a.id.localeCompare(b.id));

export default function MenusRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { menu } = loaderData;
  const result = actionData?.kind === 'saved' && actionData.menu.version !== menu.version ? null : (actionData ?? null);
  return (
    <div className="flex flex-col gap-4">
      <div>
        <h1 className="text-2xl font-semibold">Menus</h1>
        <p className="mt-1 max-w-prose text-sm text-neutral-700">
          The site menu of each sales area: its entries join the categories in the main menu, or form the top menu. The
          main menu shows three levels. Changes are saved together with Save menu; the storefront shows them within a
          few seconds.
          {menu.lastChange
            ? ` Last saved by ${menu.lastChange.byUsername} at ${formatDateTime(menu.lastChange.at)} (UTC).`
            : ''}
        </p>
      </div>
      <MenuAreaTabs areaId={menu.areaId} areas={AREAS} />
      {/* a saved or another area's menu starts the editor afresh; a refused save keeps the editor's work */}
      <MenuEditor key={`${menu.areaId} ${menu.version}`} menu={menu} result={result} />
    </div>
  );
}
