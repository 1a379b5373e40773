import type { AreaInfo } from '@b2b/contract';
import { backofficeMailEndpoints } from '@b2b/contract/endpoints/backoffice-mail';
import { expectNoAxeViolations } from './support/accessibility.ts';
import { cartWithOneJacket } from './support/cart-api.ts';
import { logIn } from './support/log-in.ts';
import { mailsTo } from './support/mailbox.ts';
import { callApi, logInToApi } from './support/shop-api.ts';
import { type APIRequestContext, expect, type Page, test } from './support/test.ts';

/**
 * The back office's mail section (issue 28): staff edit the order confirmation's subject, preview it from a real
 * order, save it; the next order's confirmation goes out with it and the outbox shows it. Desktop and phone, axe on
 * every page. The template is reset at the end (in the page, and through the API should the test stop early), so the
 * other specs of this shop get the built-in mail.
 */

const AREA: AreaInfo = { areaId: 'eu', languageCode: 'en-GB', currencyCode: 'EUR' };
const STAFF = { username: 'backoffice', password: 'demo' };
const BUYER = { username: 'eu-buyer', password: 'demo' };
const BUYER_EMAIL = 'eu-buyer@alpine-boardshop.example';
const SUBJECT = 'Your Ridgeline order {orderNumber} is confirmed';
const subjectOf = (orderNumber: string) => `Your Ridgeline order ${orderNumber} is confirmed`;
const TEMPLATES = '/backoffice/mail/templates?kind=order-confirmation&area=eu';

async function logInAsStaff(page: Page) {
  await page.goto('/login?redirect=/backoffice');
  await page.getByRole('textbox', { name: 'Username' }).fill(STAFF.username);
  await page.getByLabel('Password', { exact: true }).fill(STAFF.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Back office' })).toBeVisible();
}

async function expectNoWiderThanViewport(page: Page): Promise<void> {
  const { scrollWidth, viewport } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(scrollWidth, `${page.url()} is wider than the screen`).toBeLessThanOrEqual(viewport);
}

/** Puts one jacket in the buyer's otherwise empty cart, through the API. */
async function fillBuyerCart(request: APIRequestContext) {
  await cartWithOneJacket(request, await logInToApi(request, BUYER, AREA), AREA, 1);
}

test.afterAll(async ({ request }) => {
  const token = await logInToApi(request, STAFF, AREA);
  const { templates } = await callApi(request, backofficeMailEndpoints.getMailTemplates, {
    token,
    body: { kind: 'order-confirmation', areaId: 'eu' },
  });
  for (const template of templates.filter((candidate) => candidate.isCustomised)) {
    await callApi(request, backofficeMailEndpoints.resetMailTemplate, {
      token,
      body: {
        kind: template.kind,
        areaId: template.areaId,
        languageCode: template.languageCode,
        version: template.version,
      },
    });
  }
});

test('staff edit the order confirmation, preview it from a real order, save it; the next order is mailed with it', async ({
  page,
  browser,
  request,
}) => {
  test.slow(); // one flow through two users' sessions, five pages and two screen sizes, each checked with axe
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.setViewportSize({ width: 1366, height: 900 });
  await logInAsStaff(page);

  await test.step('the templates page lists the three mails per area, with the placeholders', async () => {
    await page.getByRole('link', { name: 'Mail', exact: true }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Mail outbox' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Mail views' }).getByRole('link', { name: 'Templates' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Mail templates' })).toBeVisible();
    const list = page.getByRole('navigation', { name: 'Mail templates' });
    await expect(list.getByRole('link')).toHaveCount(6);
    await list.getByRole('link', { name: /Order confirmation · EU/ }).click();
    await expect(page).toHaveURL(/kind=order-confirmation&area=eu/);
    await expect(page.getByRole('heading', { level: 2, name: 'Order confirmation · EU · en-GB' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Subject' })).toHaveValue('Order confirmation {orderNumber}');
    await expect(page.getByText('{totals}', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  await test.step('an unknown placeholder is refused, naming it; the typed text stays', async () => {
    await page.getByRole('textbox', { name: 'Subject' }).fill('Order {ordernumber}');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('alert')).toContainText('{ordernumber} is not a placeholder of this mail');
    await expect(page.getByRole('textbox', { name: 'Subject' })).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('textbox', { name: 'Subject' })).toHaveValue('Order {ordernumber}');
  });

  await test.step('Preview renders the unsaved subject from a real order of the area', async () => {
    await page.getByRole('textbox', { name: 'Subject' }).fill(SUBJECT);
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByTestId('mail-preview');
    await expect(preview.getByRole('heading', { name: /^Preview from order SO-\d{6}$/ })).toBeVisible();
    const heading = (await preview.getByRole('heading').textContent()) ?? '';
    const orderNumber = heading.replace('Preview from order ', '');
    await expect(preview.getByTestId('preview-subject')).toHaveText(subjectOf(orderNumber));
    await expect(preview).toContainText(`thank you for your order ${orderNumber}.`);
    await expect(preview).toContainText('Total incl. VAT:');
    await expectNoAxeViolations(page);
  });

  await test.step('Save: the template is edited from now on', async () => {
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved as version 1' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Subject' })).toHaveValue(SUBJECT);
    await expect(
      page.getByRole('navigation', { name: 'Mail templates' }).getByRole('link', { name: /Order confirmation · EU/ }),
    ).toContainText('Edited');
  });

  let orderNumber = '';
  await test.step('eu-buyer places an order', async () => {
    await fillBuyerCart(request);
    const buyerContext = await browser.newContext();
    const buyerPage = await buyerContext.newPage();
    await logIn(buyerPage, BUYER.username);
    await buyerPage.goto('/checkout');
    await buyerPage.getByRole('group', { name: 'Payment method' }).getByRole('radio').first().check();
    await buyerPage.getByRole('button', { name: 'Place order' }).click();
    await expect(buyerPage.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
    orderNumber = ((await buyerPage.getByTestId('order-number').textContent()) ?? '').trim();
    expect(orderNumber).toMatch(/^SO-\d{6}$/);
    await buyerContext.close();
  });

  await test.step('the buyer gets the mail with the new subject, and the outbox shows it sent', async () => {
    await expect.poll(() => mailsTo(BUYER_EMAIL, subjectOf(orderNumber)).length, { timeout: 15_000 }).toBe(1);
    await page.goto('/backoffice/mail?kind=order-confirmation');
    const row = page.getByTestId('outbox-row').filter({ hasText: subjectOf(orderNumber) });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(BUYER_EMAIL);
    await expect(page.getByRole('combobox', { name: 'Kind' })).toHaveValue('order-confirmation');
    await expectNoAxeViolations(page);
    await row.getByRole('link', { name: subjectOf(orderNumber) }).click();
    await expect(page.getByRole('heading', { level: 2, name: subjectOf(orderNumber) })).toBeVisible();
    await expect(page.getByTestId('mail-text')).toContainText(`thank you for your order ${orderNumber}.`);
    await expect(page.getByRole('definition').filter({ hasText: /^Sent$/ })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  await test.step('on a phone the outbox and the templates fit the screen (the table scrolls in its box)', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/backoffice/mail?kind=order-confirmation');
    await expect(page.getByTestId('outbox-row').first()).toBeVisible();
    await expectNoWiderThanViewport(page);
    await expectNoAxeViolations(page);
    await page.goto(TEMPLATES);
    await expect(page.getByRole('textbox', { name: 'Subject' })).toHaveValue(SUBJECT);
    await expectNoWiderThanViewport(page);
    await expectNoAxeViolations(page);
  });

  await test.step('Reset to built-in asks first, naming the mail, then brings the built-in text back', async () => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.getByRole('button', { name: 'Reset to built-in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset the order confirmation (EU) to the built-in text?' });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Reset' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'the shop sends the built-in text again' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Subject' })).toHaveValue('Order confirmation {orderNumber}');
  });

  expect(pageErrors).toEqual([]);
});
