/** Area calls of spec §7 (listed under Content there). */
import { areaSchema, getAreaByIdQuery, getAreasResponse } from '../area.ts';
import { defineEndpoint } from '../endpoint.ts';
import { getMenusQuery, siteMenuResponse, updateMenusBody } from '../menus.ts';

export const areaEndpoints = {
  getAreaById: defineEndpoint({
    method: 'GET',
    path: '/api/Area/GetAreaById',
    // Public: the storefront needs the area's menus and settings before anyone logs in (spec §2 Menus).
    policy: 'public',
    tag: 'Area',
    summary: 'One sales area with its settings',
    query: getAreaByIdQuery,
    response: areaSchema,
    errors: [404],
  }),
  getAreas: defineEndpoint({
    method: 'GET',
    path: '/backoffice/api/Area/GetAreas',
    policy: 'backoffice',
    tag: 'Back office',
    summary: 'All sales areas',
    response: getAreasResponse,
  }),
  getMenus: defineEndpoint({
    method: 'GET',
    path: '/backoffice/api/Area/GetMenus',
    policy: 'backoffice',
    tag: 'Back office',
    summary: "The area's site menu as editors keep it, with its version and last change",
    query: getMenusQuery,
    response: siteMenuResponse,
    errors: [404],
  }),
  updateMenus: defineEndpoint({
    method: 'POST',
    path: '/backoffice/api/Area/UpdateMenus',
    policy: 'backoffice',
    tag: 'Back office',
    summary: "Saves the area's site menu (spec §2 Menus); the storefront shows it within 5 seconds",
    description:
      'The entries replace the site menu whole. Links must be site paths, http(s) URLs or mailto: addresses; ids ' +
      'unique; at most 3 levels; a top-level entry needs a place (`primary`, `secondary` or `requires-login`), and ' +
      'only main-menu entries may have children. A save from an older `version` answers 409 ConflictException and ' +
      'changes nothing. The change is recorded in the audit log (object type `menu`).',
    body: updateMenusBody,
    response: siteMenuResponse,
    errors: [404, 409],
  }),
};
