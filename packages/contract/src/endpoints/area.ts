/** Area calls of spec §7 (listed under Content there). */
import { areaSchema, getAreaByIdQuery, getAreasResponse } from '../area.ts';
import { defineEndpoint } from '../endpoint.ts';

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
};
