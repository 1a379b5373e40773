import { logIn } from './support/log-in.ts';
import { E2E_INTEGRITY_CHECK_TOKEN } from './support/shop-api.ts';
import { expect, test } from './support/test.ts';

/**
 * /integrity/Check (spec §2 static routes, ADR 011) as monitors and people meet it: the status for anyone, the checks
 * for a monitor with the integrity token (playwright.config.ts sets INTEGRITY_CHECK_TOKEN) and for the back office.
 */

test('/integrity/Check tells anyone the status, and its checks to a monitor with the token and to the back office', async ({
  page,
  request,
}) => {
  const anonymous = await request.get('/integrity/Check');
  expect(anonymous.status()).toBe(200);
  expect(anonymous.headers()['cache-control']).toBe('no-store');
  expect(await anonymous.json()).toEqual({ status: 'ok' });

  const wrongToken = await request.get('/integrity/Check', {
    headers: { 'X-Integrity-Token': `${E2E_INTEGRITY_CHECK_TOKEN}-wrong` },
  });
  expect(await wrongToken.json()).toEqual({ status: 'ok' });

  type Report = { status: string; checks: Array<{ name: string; ok: boolean }> };
  const expectAllChecksPassing = (report: Report) => {
    expect(report.status).toBe('ok');
    expect(report.checks.map((check) => [check.name, check.ok])).toEqual([
      ['database', true],
      ['migrations', true],
      ['searchIndex', true],
      ['mailOutbox', true],
    ]);
  };
  const monitor = await request.get('/integrity/Check', {
    headers: { 'X-Integrity-Token': E2E_INTEGRITY_CHECK_TOKEN },
  });
  expect(monitor.status()).toBe(200);
  expect(monitor.headers()['cache-control']).toBe('no-store');
  expectAllChecksPassing((await monitor.json()) as Report);

  // A buyer is anyone; the back office's own session shows the checks.
  await logIn(page, 'eu-buyer');
  expect(await (await page.request.get('/integrity/Check')).json()).toEqual({ status: 'ok' });
  await page.context().clearCookies();
  await logIn(page, 'backoffice');
  expectAllChecksPassing((await (await page.request.get('/integrity/Check')).json()) as Report);
});
