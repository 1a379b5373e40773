/**
 * Every module's endpoints in one place, for the checks that must see all of them: the OpenAPI test
 * (apps/api/test/openapi.test.ts) proves each definition is in the document and the document has nothing else.
 * A new module's endpoints file is added here.
 */
import type { EndpointDefinition } from '../endpoint.ts';
import { areaEndpoints } from './area.ts';
import { auditEndpoints } from './audit.ts';
import { backofficeDocumentEndpoints } from './backoffice-documents.ts';
import { backofficeMailEndpoints } from './backoffice-mail.ts';
import { backofficeOrderEndpoints } from './backoffice-order.ts';
import { campaignEndpoints } from './campaign.ts';
import { campaignAdminEndpoints } from './campaign-admin.ts';
import { cartEndpoints } from './cart.ts';
import { contentEndpoints } from './content.ts';
import { customerEndpoints } from './customer.ts';
import { customerCenterEndpoints } from './customer-center.ts';
import { debugEndpoints } from './debug.ts';
import { documentsEndpoints } from './documents.ts';
import { favoriteListEndpoints } from './favorite-list.ts';
import { feedEndpoints } from './feed.ts';
import { formsEndpoints } from './forms.ts';
import { healthEndpoints } from './health.ts';
import { impersonationEndpoints } from './impersonation.ts';
import { instantExcelEndpoints } from './instant-excel.ts';
import { mediaEndpoints } from './media.ts';
import { orderEndpoints } from './order.ts';
import { paymentEndpoints } from './payment.ts';
import { priceEndpoints } from './price.ts';
import { productEndpoints } from './product.ts';
import { redirectsEndpoints } from './redirects.ts';
import { shippingEndpoints } from './shipping.ts';
import { sitemapEndpoints } from './sitemap.ts';
import { userEndpoints } from './user.ts';

/** The endpoints of each module, by module name. */
export const ALL_ENDPOINT_GROUPS = {
  health: healthEndpoints,
  user: userEndpoints,
  area: areaEndpoints,
  price: priceEndpoints,
  cart: cartEndpoints,
  product: productEndpoints,
  content: contentEndpoints,
  media: mediaEndpoints,
  customer: customerEndpoints,
  customerCenter: customerCenterEndpoints,
  documents: documentsEndpoints,
  shipping: shippingEndpoints,
  sitemap: sitemapEndpoints,
  order: orderEndpoints,
  payment: paymentEndpoints,
  impersonation: impersonationEndpoints,
  forms: formsEndpoints,
  feed: feedEndpoints,
  favoriteList: favoriteListEndpoints,
  instantExcel: instantExcelEndpoints,
  campaign: campaignEndpoints,
  campaignAdmin: campaignAdminEndpoints,
  backofficeMail: backofficeMailEndpoints,
  backofficeOrder: backofficeOrderEndpoints,
  debug: debugEndpoints,
  audit: auditEndpoints,
  redirects: redirectsEndpoints,
  backofficeDocument: backofficeDocumentEndpoints,
} satisfies Record<string, Record<string, EndpointDefinition>>;

/** Every endpoint, named `<module>.<endpoint>` (e.g. `area.getAreaById`) for messages. */
export const ALL_ENDPOINTS: ReadonlyArray<{ name: string; endpoint: EndpointDefinition }> = Object.entries(
  ALL_ENDPOINT_GROUPS,
).flatMap(([module, endpoints]) =>
  Object.entries(endpoints).map(([name, endpoint]) => ({ name: `${module}.${name}`, endpoint })),
);
