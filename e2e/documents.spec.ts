import { readFile } from 'node:fs/promises';
import type { AreaInfo } from '@b2b/contract';
import { cartEndpoints } from '@b2b/contract/endpoints/cart';
import { customerCenterEndpoints } from '@b2b/contract/endpoints/customer-center';
import { documentsEndpoints } from '@b2b/contract/endpoints/documents';
import { callApi, logInToApi } from './support/shop-api.ts';
import { type APIRequestContext, expect, type Page, test } from './support/test.ts';

/**
 * The customer center's documents (issue 9, ADR 014) in real Chromium against the seeded demo shop (every demo
 * customer has an 18-month history): eu-buyer filters the overdue invoices, downloads two of them as one ZIP, finds
 * one by its number, downloads its PDF, follows it to its order, reorders it into an emptied cart, and sees a back-office state change in the
 * order's history.
 */

const BUYER = { username: 'eu-buyer', password: 'demo' };
const BACK_OFFICE = { username: 'backoffice', password: 'demo' };
const BACK_OFFICE_NAME = 'Bo Office';
const BUYER_AREA: AreaInfo = { areaId: 'eu', languageCode: 'en-GB', currencyCode: 'EUR' };
const STATE_NOTE = 'Delivered and paid in full';

async function logIn(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Username' }).fill(BUYER.username);
  await page.getByLabel('Password', { exact: true }).fill(BUYER.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
}

/**
 * The newest overdue invoice whose order is still Invoiced, so the back office can move that order on (to
 * Completed) on every run and every retry: an earlier attempt's order is Completed and no longer chosen.
 */
async function findOverdueInvoiceToFollow(request: APIRequestContext, token: string) {
  const { invoices } = await callApi(request, documentsEndpoints.getInvoices, {
    token,
    body: { area: BUYER_AREA, status: 'overdue' },
  });
  const orders = await Promise.all(
    invoices.map((invoice) =>
      callApi(request, customerCenterEndpoints.getOrder, {
        token,
        body: { area: BUYER_AREA, orderId: invoice.orderId },
      }),
    ),
  );
  const index = orders.findIndex((answer) => answer.order.status === 'Invoiced');
  const invoice = invoices[index];
  const order = orders[index]?.order;
  if (!invoice || !order) throw new Error('the demo history has no overdue invoice of an Invoiced order');
  // what Reorder puts back: the order's product lines, not the parts a bundle generated under them
  const productLines = order.lines
    .filter((line) => line.parentId === null)
    .map((line) => ({ name: line.name, quantity: line.quantity }));
  return { invoice, productLines };
}

test('documents: overdue invoice → PDF → its order → reorder into the cart; a back-office move shows in the history', async ({
  page,
  request,
}) => {
  const buyerToken = await logInToApi(request, BUYER, BUYER_AREA);
  const { invoice, productLines } = await findOverdueInvoiceToFollow(request, buyerToken);

  await test.step('start from an empty cart, whatever an earlier attempt left in it', async () => {
    const { cart } = await callApi(request, cartEndpoints.getOrCreateCart, {
      token: buyerToken,
      body: { area: BUYER_AREA },
    });
    await callApi(request, cartEndpoints.emptyCart, {
      token: buyerToken,
      body: { area: BUYER_AREA, cartId: cart.cartId },
    });
  });

  await test.step('open the invoices from the customer center and filter the overdue ones', async () => {
    await logIn(page);
    const mainMenu = page.getByRole('navigation', { name: 'Main' });
    await mainMenu.getByRole('button', { name: 'My account' }).click();
    await mainMenu.getByRole('link', { name: 'Invoices', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
    const finder = page.getByRole('search', { name: 'Find invoices' });
    await finder.getByLabel('Status').selectOption({ label: 'Overdue' });
    await finder.getByRole('button', { name: 'Find invoices' }).click();
    await expect(page).toHaveURL(/[?&]status=overdue(&|$)/);
    await expect(page.getByText(/^\d+ invoices? match$/)).toBeVisible();
    const statuses = await page.getByTestId('invoice-row').getByTestId('invoice-status').allTextContents();
    expect(statuses.length).toBeGreaterThan(0);
    // the badge is a symbol beside the word; the word is what counts
    expect(statuses.filter((status) => !status.endsWith('Overdue'))).toEqual([]);
  });

  await test.step('choose two invoices and download their PDFs as one ZIP', async () => {
    const numbers = (await page.getByTestId('invoice-row').getByRole('rowheader').allTextContents()).slice(0, 2);
    expect(numbers).toHaveLength(2);
    const download = page.getByRole('button', { name: 'Download PDFs as ZIP' });
    await expect(download).toBeDisabled();
    for (const number of numbers) await page.getByRole('checkbox', { name: `Choose ${number}` }).check();
    await expect(page.getByText('2 chosen.')).toBeVisible();
    const [zipDownload] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(zipDownload.suggestedFilename()).toBe('invoices.zip');
    // the PDFs are stored uncompressed in the ZIP: their names and their PDF headers read as they are
    const zip = (await readFile(await zipDownload.path())).toString('latin1');
    expect(zip.startsWith('PK\x03\x04')).toBe(true);
    for (const number of numbers) expect(zip).toContain(`${number}.pdf`);
    expect(zip.match(/%PDF-/g)).toHaveLength(2);
  });

  await test.step('search the invoice by its number and open it', async () => {
    const finder = page.getByRole('search', { name: 'Find invoices' });
    await finder.getByLabel('Invoice, order number or reference').fill(invoice.invoiceNumber);
    await finder.getByRole('button', { name: 'Find invoices' }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]q=${invoice.invoiceNumber}(&|$)`));
    await expect(page).toHaveURL(/[?&]status=overdue(&|$)/);
    await expect(page.getByTestId('invoice-row')).toHaveCount(1);
    await page.getByRole('link', { name: invoice.invoiceNumber, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Invoice ${invoice.invoiceNumber}`);
    await expect(page).toHaveURL(new RegExp(`/customer-center/invoices/${invoice.linkId}$`));
    await expect(page.getByTestId('invoice-status')).toHaveText(/Overdue$/);
  });

  await test.step('download the PDF: a real PDF of at least one page, named after the invoice', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: `Download PDF of invoice ${invoice.invoiceNumber}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${invoice.invoiceNumber}.pdf`);
    const pdf = (await readFile(await download.path())).toString('latin1');
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true);
    // page objects (not the /Pages tree): a PDF reader shows one page per object
    expect((pdf.match(/\/Type\s*\/Page\b/g) ?? []).length).toBeGreaterThanOrEqual(1);
  });

  await test.step('follow the invoice to its order: the history links the invoice', async () => {
    await page.getByTestId('invoice-order-link').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order ${invoice.orderNumber}`);
    const history = page.getByTestId('order-timeline');
    await expect(history.getByRole('link', { name: invoice.invoiceNumber }).first()).toHaveAttribute(
      'href',
      `/customer-center/invoices/${invoice.linkId}`,
    );
    await expect(page.getByTestId('order-status')).toHaveText('Invoiced');
  });

  await test.step('reorder: the answer lists the lines added, and the cart holds them', async () => {
    await page.getByRole('button', { name: 'Reorder' }).click();
    const result = page.getByTestId('reorder-result');
    await expect(result.getByRole('heading', { level: 2 })).toBeFocused();
    const added = result.getByTestId('reorder-added-line');
    await expect(result.getByRole('heading', { level: 2 })).toHaveText(
      (await added.count()) === 1 ? '1 line added to your cart' : `${await added.count()} lines added to your cart`,
    );
    const names = await added.getByTestId('reorder-line-name').allTextContents();
    const quantities = (await added.getByTestId('reorder-line-quantity').allTextContents()).map(Number);
    const notAdded = await result.getByTestId('reorder-not-added').getByRole('listitem').count();
    // every product line of the order is either added at its quantity or named with the reason it was not
    expect(names.length + notAdded).toBe(productLines.length);
    for (const [index, name] of names.entries()) {
      expect(productLines).toContainEqual({ name, quantity: quantities[index] });
    }

    await result.getByRole('link', { name: 'Go to cart' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Cart' })).toBeVisible();
    // the cart was empty: it holds exactly the added lines (one line per product, quantities summed)
    const wantedQuantities = new Map<string, number>();
    for (const [index, name] of names.entries()) {
      wantedQuantities.set(name, (wantedQuantities.get(name) ?? 0) + (quantities[index] ?? 0));
    }
    await expect(page.getByTestId('cart-line')).toHaveCount(wantedQuantities.size);
    for (const [name, quantity] of wantedQuantities) {
      await expect(page.getByRole('spinbutton', { name: `Quantity of ${name}`, exact: true })).toHaveValue(
        String(quantity),
      );
    }
  });

  await test.step('the back office moves the order on: the history shows the move, by whom and why', async () => {
    const backOfficeToken = await logInToApi(request, BACK_OFFICE, BUYER_AREA);
    const moved = await callApi(request, documentsEndpoints.updateOrderState, {
      token: backOfficeToken,
      body: { orderId: invoice.orderId, state: 'Completed', note: STATE_NOTE },
    });
    expect(moved.previousState).toBe('Invoiced');
    await page.goto(`/customer-center/orders/${invoice.orderId}`);
    const lastEntry = page.getByTestId('timeline-entry').last();
    await expect(lastEntry).toContainText('Completed');
    await expect(lastEntry).toContainText(`Status changed from Invoiced to Completed by ${BACK_OFFICE_NAME}`);
    await expect(lastEntry).toContainText(STATE_NOTE);
    await expect(page.getByTestId('order-status')).toHaveText('Completed');
  });
});
