import { index, type RouteConfig, route } from '@react-router/dev/routes';

/**
 * Routes of spec §2. Public (no login): `/` (the content front page), search, /deals and
 * /deals/{campaignType}, /campaigns (it asks anonymous visitors to log in), error-demo, recover-password, login, 404,
 * product-detail-page, the static server routes (images, files, integrity check, sitemaps, robots.txt), the /links/
 * short links and the catch-all content pages. Every other route calls
 * `requireUser` in its loader and action, which sends anonymous visitors to /login?redirect=<wanted path>.
 */
export default [
  index('routes/home.tsx'),
  route('login', 'routes/login.tsx'),
  route('logout', 'routes/logout.tsx'),
  route('search', 'routes/search.tsx'),
  route('deals', 'routes/deals.tsx'),
  route('deals/:campaignType', 'routes/deals.$campaignType.tsx'),
  route('campaigns', 'routes/campaigns.tsx'),
  route('error-demo', 'routes/error-demo.tsx'),
  route('user/recover-password', 'routes/user.recover-password.tsx'),
  route('404', 'routes/not-found.tsx'),
  route('product-detail-page', 'routes/product-detail-page.tsx'),
  route('images/raw/:b64Path', 'routes/images.raw.tsx'),
  route('sitemap/:area/:language', 'routes/sitemap.$area.$language.ts'),
  route('sitemap/:area/:language/:type/:page', 'routes/sitemap.$area.$language.$type.$page.ts'),
  route('robots.txt', 'routes/robots.txt.ts'),
  route('images/:resize/:width/:height/:gravity/:b64Path', 'routes/images.resized.tsx'),
  route('images/svg/singlecolor/:hex', 'routes/images.svg.singlecolor.ts'),
  route('files/:b64Path/:b64FileName', 'routes/files.ts'),
  route('integrity/Check', 'routes/integrity.check.ts'),
  route('links/*', 'routes/links.tsx'),
  route('cart', 'routes/cart.tsx'),
  route('checkout', 'routes/checkout.tsx'),
  route('checkout/receipt', 'routes/checkout.receipt.tsx'),
  route('resources/cart', 'routes/resources.cart.ts'),
  route('resources/cart-calculation', 'routes/resources.cart-calculation.ts'),
  route('resources/prices', 'routes/resources.prices.ts'),
  route('resources/discount-splashes', 'routes/resources.discount-splashes.ts'),
  route('resources/quick-order', 'routes/resources.quick-order.ts'),
  route('resources/search-suggestions', 'routes/resources.search-suggestions.ts'),
  route('resources/favorite-list', 'routes/resources.favorite-list.ts'),
  route('resources/campaigns', 'routes/resources.campaigns.ts'),
  // The document downloads answer files, not pages: outside the customer center's layout.
  route('customer-center/invoices/pdfs.zip', 'routes/customer-center.invoices.pdfs-zip.ts'),
  route('customer-center/invoices/:linkId/pdf', 'routes/customer-center.invoices.$linkId.pdf.ts'),
  route('customer-center/credit-memos/pdfs.zip', 'routes/customer-center.credit-memos.pdfs-zip.ts'),
  route('customer-center/credit-memos/:creditMemoId/pdf', 'routes/customer-center.credit-memos.$creditMemoId.pdf.ts'),
  route('customer-center/instant-excel/sheet.xlsx', 'routes/customer-center.instant-excel.sheet-xlsx.ts'),
  route('customer-center', 'routes/customer-center.tsx', [
    index('routes/customer-center._index.tsx'),
    route('orders', 'routes/customer-center.orders.tsx'),
    route('orders/:orderId', 'routes/customer-center.orders.$orderId.tsx'),
    route('invoices', 'routes/customer-center.invoices.tsx'),
    route('invoices/:linkId', 'routes/customer-center.invoices.$linkId.tsx'),
    route('credit-memos', 'routes/customer-center.credit-memos.tsx'),
    route('credit-memos/:creditMemoId', 'routes/customer-center.credit-memos.$creditMemoId.tsx'),
    route('instant-excel', 'routes/customer-center.instant-excel.tsx'),
    route('user/change-password', 'routes/customer-center.user.change-password.tsx'),
    route('impersonation', 'routes/customer-center.impersonation.tsx'),
    route('impersonation/sessions', 'routes/customer-center.impersonation.sessions.tsx'),
    route('assisted-sessions', 'routes/customer-center.assisted-sessions.tsx'),
    route('favorite-list', 'routes/customer-center.favorite-list.tsx'),
    route('favorite-list/:id', 'routes/customer-center.favorite-list.$id.tsx'),
  ]),
  // The back office's workspace (issue 28): staff only, its own layout; every other user gets the 404 page.
  route('backoffice', 'routes/backoffice.tsx', [
    index('routes/backoffice._index.tsx'),
    route('content', 'routes/backoffice.content.tsx'),
    route('content/:id', 'routes/backoffice.content.$id.tsx'),
    route('content/:id/history', 'routes/backoffice.content.$id.history.tsx'),
  ]),
  route('*', 'routes/catch-all.tsx'),
] satisfies RouteConfig;
