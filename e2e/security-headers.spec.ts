import { waitForHydration } from './support/hydration.ts';
import { expect, test } from './support/test.ts';

/**
 * The storefront's security headers (ADR 011) as a browser meets them: every page carries a Content-Security-Policy
 * whose nonce is on each of the page's scripts, the page still hydrates with no CSP violation, and a script that
 * gets into the page without the nonce does not run. Addresses the API would refuse answer 400 or 404, never 500.
 */

declare global {
  interface Window {
    /** Violations the page reported, collected from the first script on (see addInitScript below). */
    cspViolations?: string[];
    injectedScriptRan?: boolean;
  }
}

test('a page carries the security headers and hydrates under its Content-Security-Policy', async ({ page }) => {
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.cspViolations?.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });

  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  const headers = response?.headers() ?? {};
  // Exactly one value each: a header sent twice ("DENY, DENY") is void for some browsers.
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy']).toContain('camera=()');
  // The shop under test is production on plain http://localhost: HSTS only goes out over HTTPS.
  expect(headers['strict-transport-security']).toBeUndefined();

  const policy = headers['content-security-policy'] ?? '';
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).toContain("object-src 'none'");
  const nonce = /script-src [^;]*'nonce-([^']+)'/.exec(policy)?.[1];
  expect(nonce, policy).toBeTruthy();
  expect(policy).not.toMatch(/script-src [^;]*'unsafe-inline'/);

  // Hydrated: the client router exists and a link navigates without loading a new document.
  await waitForHydration(page);
  await page.waitForLoadState('networkidle');
  const documentRequests: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documentRequests.push(request.url());
  });
  await page.getByRole('link', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
  expect(documentRequests).toEqual([]);

  // Every script the server rendered carries this response's nonce (the browser hides it from attributes).
  const scriptNonces = await page.evaluate(() =>
    [...document.querySelectorAll('script:not([src])')].map((script) => (script as HTMLScriptElement).nonce),
  );
  expect(scriptNonces.length).toBeGreaterThan(0);
  expect(new Set(scriptNonces)).toEqual(new Set([nonce]));

  expect(await page.evaluate(() => window.cspViolations)).toEqual([]);
  expect(consoleErrors.filter((text) => /Content.Security.Policy/i.test(text))).toEqual([]);

  // A script that got into the page without the nonce (as an injection would) is blocked.
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.injectedScriptRan = true;';
    document.body.append(script);
  });
  expect(await page.evaluate(() => window.injectedScriptRan)).toBeUndefined();
  await expect.poll(() => page.evaluate(() => window.cspViolations?.length ?? 0)).toBe(1);
});

test('addresses the API would refuse answer 400 or 404, not 500', async ({ request }) => {
  for (const path of ['/p/board%00', '/search?text=a%00b', '/customer-center/orders/%00']) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(400);
    expect(response.headers()['x-content-type-options'], path).toBe('nosniff');
  }
  const tooLong = await request.get(`/${'a'.repeat(2_500)}`, { maxRedirects: 0 });
  expect(tooLong.status()).toBe(404);
});
