/**
 * Buying limits (issue 24, ADR 019): a line limit per product on every path that sets a quantity, the customer's
 * usual quantities (GetUsualQuantities), and the credit limit of buying on account (GetCreditStatus,
 * CreateOrderByCartId). Real database, real app; carts and orders are built the way the shop builds them.
 */
import { DEFAULT_MAX_LINE_QUANTITY } from '@b2b/contract';
import { cartEndpoints } from '@b2b/contract/endpoints/cart';
import { customerEndpoints } from '@b2b/contract/endpoints/customer';
import { documentsEndpoints } from '@b2b/contract/endpoints/documents';
import { orderEndpoints } from '@b2b/contract/endpoints/order';
import { productEndpoints } from '@b2b/contract/endpoints/product';
import { invoices, mailOutbox, orders, payments, products } from '@b2b/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CartLineSpec,
  createCartWithLines,
  findCartRow,
  findStock,
  setStock,
} from './support/checkout-factories.ts';
import { callEndpoint, expectError, expectOk } from './support/endpoint-calls.ts';
import { createProduct, setPrice, setVatRates } from './support/factories.ts';
import { type BuyerWithAddress, createBuyer, createRep, createStaff, impersonate } from './support/signed-in-users.ts';
import { createTestApp, EU_AREA } from './support/test-app.ts';

let testApp: Awaited<ReturnType<typeof createTestApp>>;

/** A buyer of the shared customer; every buyer of one customer ships to its one address. */
type Owner = BuyerWithAddress;

/** A customer (with `creditLimitMinor`) and its address, and one buyer of it per username, each logged in. */
async function createBuyers(usernames: string[], creditLimitMinor: number | null = null): Promise<Owner[]> {
  const [firstUsername, ...colleagueUsernames] = usernames;
  const first = await createBuyer(testApp, {
    ...(firstUsername ? { username: firstUsername } : {}),
    customer: { areaId: 'eu', creditLimitMinor },
    address: true,
  });
  const owners: Owner[] = [first];
  for (const username of colleagueUsernames) {
    const colleague = await createBuyer(testApp, { username, existingCustomer: first.customer });
    owners.push({ ...colleague, address: first.address });
  }
  return owners;
}

const tokens = { staff: '' };

beforeAll(async () => {
  testApp = await createTestApp();
  const { db } = testApp;
  await setVatRates(db, { eu: 2500, us: 0 });
  // A helmet sold in two sizes, at most 200 of a size on a line; wax without a limit of its own; boards, 100 a line.
  await createProduct(db, 'BL-100', ['BL-100-01', 'BL-100-02'], { maxLineQuantity: 200 });
  await createProduct(db, 'BL-300', [], { maxLineQuantity: null });
  await createProduct(db, 'BL-500', ['BL-500-01'], { maxLineQuantity: 100 });
  await setPrice(db, { productId: 'BL-100', currencyCode: 'EUR', unitPriceMinor: 10_000 });
  await setPrice(db, { productId: 'BL-300', currencyCode: 'EUR', unitPriceMinor: 500 });
  await setPrice(db, { productId: 'BL-500', currencyCode: 'EUR', unitPriceMinor: 40_000 });
  await setStock(db, 'BL-100-01', 1_000);
  await setStock(db, 'BL-100-02', 1_000);
  await setStock(db, 'BL-500-01', 1_000);
  tokens.staff = (await createStaff(testApp, { username: 'bl-staff' })).token;
});

afterAll(async () => {
  await testApp?.close();
});

const HELMET_S = { productId: 'BL-100', variantId: 'BL-100-01' };
const HELMET_M = { productId: 'BL-100', variantId: 'BL-100-02' };
const WAX = { productId: 'BL-300' };
const BOARD = { productId: 'BL-500', variantId: 'BL-500-01' };

async function openCart(owner: Owner) {
  const response = await callEndpoint(testApp.app, cartEndpoints.createCart, {
    token: owner.token,
    body: { area: EU_AREA },
  });
  return expectOk(cartEndpoints.createCart, response).cart;
}

function addLines(
  owner: Owner,
  cartId: string,
  lines: Array<{ productKey: { productId: string; variantId?: string }; quantity: number }>,
  overrideExistingQuantity = false,
) {
  return callEndpoint(testApp.app, cartEndpoints.addOrUpdateLines, {
    token: owner.token,
    body: { area: EU_AREA, cartId, lines, overrideExistingQuantity },
  });
}

async function quantitiesOf(owner: Owner, cartId: string) {
  const response = await callEndpoint(testApp.app, cartEndpoints.getCartById, {
    token: owner.token,
    body: { area: EU_AREA, cartId },
  });
  return expectOk(cartEndpoints.getCartById, response).cart.lines.map((line) => [
    line.productKey.variantId ?? line.productKey.productId,
    line.quantity,
  ]);
}

/** Places an order of these lines for the owner (standard freight, payment on account) and answers it. */
async function placeOrder(owner: Owner, lines: CartLineSpec[]) {
  const cartId = await createCartWithLines(testApp.db, owner, lines, {
    shippingAddress: owner.address,
    shippingMethodId: 'eu-standard',
  });
  const response = await callEndpoint(testApp.app, orderEndpoints.createOrderByCartId, {
    token: owner.token,
    body: { area: EU_AREA, cartId },
  });
  return expectOk(orderEndpoints.createOrderByCartId, response).order;
}

describe('the line limit of a product', () => {
  let buyer: Owner;
  beforeAll(async () => {
    [buyer] = (await createBuyers(['bl-line-buyer'])) as [Owner];
  });

  it('is on the product: its own, else 1,000', async () => {
    const response = await callEndpoint(testApp.app, productEndpoints.getProductsByIds, {
      body: { area: EU_AREA, ids: ['BL-100', 'BL-300', 'BL-500'] },
    });
    const { items } = expectOk(productEndpoints.getProductsByIds, response);
    expect(DEFAULT_MAX_LINE_QUANTITY).toBe(1_000);
    expect([items['BL-100'], items['BL-300'], items['BL-500']].map((item) => item?.maxLineQuantity)).toEqual([
      200, 1_000, 100,
    ]);
  });

  it('AddOrUpdateLines refuses a new line above it with 400 naming the field, and adds none of the lines', async () => {
    const cart = await openCart(buyer);
    const response = await addLines(buyer, cart.cartId, [
      { productKey: WAX, quantity: 5 },
      { productKey: HELMET_S, quantity: 201 },
    ]);
    const error = expectError(cartEndpoints.addOrUpdateLines, response, 400, 'ValidationException');
    expect(error.errors).toEqual([
      { field: 'lines.1.quantity', message: 'must be at most 200 for BL-100-01 (Product BL-100)' },
    ]);
    expect(await quantitiesOf(buyer, cart.cartId)).toEqual([]);

    expectOk(
      cartEndpoints.addOrUpdateLines,
      await addLines(buyer, cart.cartId, [{ productKey: HELMET_S, quantity: 200 }]),
    );
    expect(await quantitiesOf(buyer, cart.cartId)).toEqual([['BL-100-01', 200]]);
  });

  it('counts what the line holds when adding to it, and says how much more fits', async () => {
    const cart = await openCart(buyer);
    expectOk(
      cartEndpoints.addOrUpdateLines,
      await addLines(buyer, cart.cartId, [{ productKey: HELMET_M, quantity: 150 }]),
    );
    const beyond = await addLines(buyer, cart.cartId, [{ productKey: HELMET_M, quantity: 60 }]);
    expect(expectError(cartEndpoints.addOrUpdateLines, beyond, 400).errors).toEqual([
      {
        field: 'lines.0.quantity',
        message:
          'must be at most 200 for BL-100-02 (Product BL-100): the cart holds 150 already, so at most 50 more can be added',
      },
    ]);
    // Two requested lines of one key add up too.
    const twice = await addLines(buyer, cart.cartId, [
      { productKey: HELMET_M, quantity: 30 },
      { productKey: HELMET_M, quantity: 30 },
    ]);
    expect(expectError(cartEndpoints.addOrUpdateLines, twice, 400).errors?.[0]?.field).toBe('lines.1.quantity');
    expect(await quantitiesOf(buyer, cart.cartId)).toEqual([['BL-100-02', 150]]);

    expectOk(
      cartEndpoints.addOrUpdateLines,
      await addLines(buyer, cart.cartId, [{ productKey: HELMET_M, quantity: 50 }]),
    );
    expect(await quantitiesOf(buyer, cart.cartId)).toEqual([['BL-100-02', 200]]);
  });

  it('refuses a replacing quantity above it (overrideExistingQuantity) and keeps the line', async () => {
    const cart = await openCart(buyer);
    expectOk(cartEndpoints.addOrUpdateLines, await addLines(buyer, cart.cartId, [{ productKey: BOARD, quantity: 10 }]));
    const response = await addLines(buyer, cart.cartId, [{ productKey: BOARD, quantity: 101 }], true);
    expect(expectError(cartEndpoints.addOrUpdateLines, response, 400).errors).toEqual([
      { field: 'lines.0.quantity', message: 'must be at most 100 for BL-500-01 (Product BL-500)' },
    ]);
    expect(await quantitiesOf(buyer, cart.cartId)).toEqual([['BL-500-01', 10]]);
  });

  it('applies the default of 1,000 to a product without a limit of its own', async () => {
    const cart = await openCart(buyer);
    const above = await addLines(buyer, cart.cartId, [{ productKey: WAX, quantity: 1_001 }]);
    expect(expectError(cartEndpoints.addOrUpdateLines, above, 400).errors?.[0]?.message).toBe(
      'must be at most 1,000 for BL-300 (Product BL-300)',
    );
    expectOk(
      cartEndpoints.addOrUpdateLines,
      await addLines(buyer, cart.cartId, [{ productKey: WAX, quantity: 1_000 }]),
    );
  });

  it('UpdateLineQuantity refuses a quantity above it with 400 on line.quantity and keeps the line', async () => {
    const cart = await openCart(buyer);
    const added = expectOk(
      cartEndpoints.addOrUpdateLines,
      await addLines(buyer, cart.cartId, [{ productKey: HELMET_S, quantity: 12 }]),
    );
    const lineId = added.cart.lines[0]?.id;
    const update = (quantity: number) =>
      callEndpoint(testApp.app, cartEndpoints.updateLineQuantity, {
        token: buyer.token,
        body: { area: EU_AREA, cartId: cart.cartId, line: { lineId, quantity } },
      });
    expect(expectError(cartEndpoints.updateLineQuantity, await update(201), 400).errors).toEqual([
      { field: 'line.quantity', message: 'must be at most 200 for BL-100-01 (Product BL-100)' },
    ]);
    expect(await quantitiesOf(buyer, cart.cartId)).toEqual([['BL-100-01', 12]]);
    expectOk(cartEndpoints.updateLineQuantity, await update(200));
    expect(await quantitiesOf(buyer, cart.cartId)).toEqual([['BL-100-01', 200]]);
  });

  it('lets a line above a lowered limit shrink, never grow', async () => {
    const cart = await openCart(buyer);
    expectOk(cartEndpoints.addOrUpdateLines, await addLines(buyer, cart.cartId, [{ productKey: BOARD, quantity: 90 }]));
    await testApp.db.update(products).set({ maxLineQuantity: 50 }).where(eq(products.id, 'BL-500'));
    try {
      const grow = await addLines(buyer, cart.cartId, [{ productKey: BOARD, quantity: 1 }]);
      expectError(cartEndpoints.addOrUpdateLines, grow, 400);
      expectOk(
        cartEndpoints.addOrUpdateLines,
        await addLines(buyer, cart.cartId, [{ productKey: BOARD, quantity: -10 }]),
      );
      expect(await quantitiesOf(buyer, cart.cartId)).toEqual([['BL-500-01', 80]]);
    } finally {
      await testApp.db.update(products).set({ maxLineQuantity: 100 }).where(eq(products.id, 'BL-500'));
    }
  });

  it('Reorder leaves out a line that would pass the limit with what the cart holds, and says why', async () => {
    const [reorderer] = (await createBuyers(['bl-reorder-buyer'])) as [Owner];
    const order = await placeOrder(reorderer, [
      { ...HELMET_S, quantity: 150 },
      { ...WAX, quantity: 20 },
    ]);
    const cart = await openCart(reorderer);
    expectOk(
      cartEndpoints.addOrUpdateLines,
      await addLines(reorderer, cart.cartId, [{ productKey: HELMET_S, quantity: 100 }]),
    );
    const response = await callEndpoint(testApp.app, documentsEndpoints.reorder, {
      token: reorderer.token,
      body: { area: EU_AREA, orderId: order.orderId },
    });
    const result = expectOk(documentsEndpoints.reorder, response);
    expect(result.added.map((line) => [line.productId, line.quantity])).toEqual([['BL-300', 20]]);
    expect(result.notAdded).toEqual([
      expect.objectContaining({
        productId: 'BL-100',
        variantId: 'BL-100-01',
        quantity: 150,
        reason: 'AboveLineLimit',
        message: 'At most 200 of this fit on one order line; your cart holds 100 already.',
      }),
    ]);
    expect(await quantitiesOf(reorderer, cart.cartId)).toEqual([
      ['BL-100-01', 100],
      ['BL-300', 20],
    ]);
  });
});

describe('POST /api/Customer/GetUsualQuantities', () => {
  let buyer: Owner;
  let repToken = '';
  let impersonationToken = '';

  function usual(token: string | null, body: unknown) {
    return callEndpoint(testApp.app, customerEndpoints.getUsualQuantities, { token, body });
  }

  beforeAll(async () => {
    [buyer] = (await createBuyers(['bl-usual-buyer'])) as [Owner];
    // Helmet lines of 4, 6 and 8 (median 6, largest 8); a cancelled order of 150 does not count.
    await placeOrder(buyer, [
      { ...HELMET_S, quantity: 4 },
      { ...WAX, quantity: 30 },
    ]);
    await placeOrder(buyer, [{ ...HELMET_M, quantity: 6 }]);
    await placeOrder(buyer, [{ ...HELMET_S, quantity: 8 }]);
    const cancelled = await placeOrder(buyer, [{ ...HELMET_M, quantity: 150 }]);
    const cancel = await callEndpoint(testApp.app, documentsEndpoints.updateOrderState, {
      token: tokens.staff,
      body: { orderId: cancelled.orderId, state: 'Cancelled' },
    });
    expectOk(documentsEndpoints.updateOrderState, cancel);
    // Another customer's boards are not this customer's usual.
    const [stranger] = (await createBuyers(['bl-usual-stranger'])) as [Owner];
    await placeOrder(stranger, [{ ...BOARD, quantity: 40 }]);

    repToken = (await createRep(testApp, [buyer.customerId], { username: 'bl-usual-rep' })).token;
    impersonationToken = await impersonate(testApp, repToken, buyer.customer.customerNumber);
  });

  const expected = [
    // 5 × the usual 6 = 30
    {
      productId: 'BL-100',
      orderedLineCount: 3,
      usualQuantity: 6,
      largestQuantity: 8,
      maxLineQuantity: 200,
      confirmAbove: 30,
    },
    // one line of 30: 5 × 30 = 150
    {
      productId: 'BL-300',
      orderedLineCount: 1,
      usualQuantity: 30,
      largestQuantity: 30,
      maxLineQuantity: 1_000,
      confirmAbove: 150,
    },
    // never ordered by this customer: a tenth of the line limit
    {
      productId: 'BL-500',
      orderedLineCount: 0,
      usualQuantity: null,
      largestQuantity: null,
      maxLineQuantity: 100,
      confirmAbove: 10,
    },
  ];

  it("answers the customer's usual and largest line quantity per product, and from what to ask", async () => {
    const response = await usual(buyer.token, { area: EU_AREA, productIds: ['BL-100', 'NO-SUCH', 'BL-300', 'BL-500'] });
    expect(expectOk(customerEndpoints.getUsualQuantities, response).items).toEqual(expected);
  });

  it('gives a sales rep acting for the customer the customer’s figures', async () => {
    const response = await usual(impersonationToken, {
      area: EU_AREA,
      productIds: ['BL-100', 'BL-300', 'BL-500'],
    });
    expect(expectOk(customerEndpoints.getUsualQuantities, response).items).toEqual(expected);
  });

  it('answers 401 anonymous, 403 to staff without a customer and 400 to a bad body', async () => {
    const body = { area: EU_AREA, productIds: ['BL-100'] };
    expectError(customerEndpoints.getUsualQuantities, await usual(null, body), 401);
    expectError(customerEndpoints.getUsualQuantities, await usual(tokens.staff, body), 403);
    expectError(customerEndpoints.getUsualQuantities, await usual(repToken, body), 403);
    const empty = await usual(buyer.token, { area: EU_AREA, productIds: [] });
    expect(expectError(customerEndpoints.getUsualQuantities, empty, 400).errors?.[0]?.field).toBe('productIds');
    const extra = await usual(buyer.token, { ...body, customerId: buyer.customerId });
    expect(expectError(customerEndpoints.getUsualQuantities, extra, 400).errors?.[0]?.field).toBe('customerId');
  });
});

describe('the credit limit of buying on account', () => {
  const createOrder = (owner: Owner, cartId: string, headers: Record<string, string> = {}) =>
    callEndpoint(testApp.app, orderEndpoints.createOrderByCartId, {
      token: owner.token,
      body: { area: EU_AREA, cartId },
      headers,
    });

  async function creditOf(owner: Owner) {
    const response = await callEndpoint(testApp.app, customerEndpoints.getCreditStatus, {
      token: owner.token,
      body: { area: EU_AREA },
    });
    return expectOk(customerEndpoints.getCreditStatus, response);
  }

  async function cartWith(owner: Owner, lines: CartLineSpec[], fields: { paymentMethodId?: string } = {}) {
    const cartId = await createCartWithLines(testApp.db, owner, lines, {
      shippingAddress: owner.address,
      shippingMethodId: 'eu-standard',
      ...fields,
    });
    const response = await callEndpoint(testApp.app, cartEndpoints.calculateCart, {
      token: owner.token,
      body: { area: EU_AREA, cartId, shipToCountryCode: owner.address.countryCode },
    });
    const total = expectOk(cartEndpoints.calculateCart, response).cart.totalPrice.priceWithVat;
    return { cartId, total };
  }

  const ordersOf = (customerId: string) =>
    testApp.db.select({ id: orders.id }).from(orders).where(eq(orders.customerId, customerId));

  /** EUR 1,000.00 of credit; 4 helmets (EUR 400.00 + freight and VAT) fit, 5 more do not. */
  let buyer: Owner;
  let colleague: Owner;
  beforeAll(async () => {
    [buyer, colleague] = (await createBuyers(['bl-credit-buyer', 'bl-credit-colleague'], 100_000)) as [Owner, Owner];
  });

  let firstOrderId = '';
  let firstTotal = 0;

  it('shows the whole limit available while nothing is owed', async () => {
    expect(await creditOf(buyer)).toEqual({
      currencyCode: 'EUR',
      creditLimit: 1_000,
      openBalance: 0,
      openInvoiceCount: 0,
      uninvoicedOrders: 0,
      uninvoicedOrderCount: 0,
      available: 1_000,
    });
  });

  it('places an order within the limit and counts it as not yet invoiced', async () => {
    const { cartId, total } = await cartWith(buyer, [{ ...HELMET_S, quantity: 4 }]);
    expect(total).toBeGreaterThan(500);
    expect(total).toBeLessThan(1_000);
    const order = expectOk(orderEndpoints.createOrderByCartId, await createOrder(buyer, cartId)).order;
    expect(order.totalPrice.priceWithVat).toBe(total);
    firstOrderId = order.orderId;
    firstTotal = total;
    expect(await creditOf(buyer)).toMatchObject({
      openBalance: 0,
      uninvoicedOrders: total,
      uninvoicedOrderCount: 1,
      available: Math.round((1_000 - total) * 100) / 100,
    });
  });

  it('refuses an order above what is available with 409, naming limit, balance and available; writes nothing, also on a retry', async () => {
    const { cartId, total } = await cartWith(buyer, [{ ...HELMET_M, quantity: 5 }]);
    const available = Math.round((1_000 - firstTotal) * 100) / 100;
    expect(total).toBeGreaterThan(available);
    const ordersBefore = (await ordersOf(buyer.customerId)).length;
    const mailsBefore = (await testApp.db.select({ id: mailOutbox.id }).from(mailOutbox)).length;
    const stockBefore = await findStock(testApp.db, 'BL-100-02');
    const key = `credit-${cartId}`;

    for (let attempt = 0; attempt < 2; attempt++) {
      const response = await createOrder(buyer, cartId, { 'Idempotency-Key': key });
      const error = expectError(orderEndpoints.createOrderByCartId, response, 409, 'CreditLimitExceededException');
      const money = (amount: number) =>
        `EUR ${amount.toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
      expect(error.message).toBe(
        `This order of ${money(total)} (incl. VAT) exceeds your available credit of ${money(available)}: your credit ` +
          `limit is EUR 1,000.00, your open balance EUR 0.00 and orders not yet invoiced ${money(firstTotal)}. ` +
          'Reduce the order, or pay open invoices first (the statement of account lists them).',
      );
    }
    expect(await ordersOf(buyer.customerId)).toHaveLength(ordersBefore);
    expect(await testApp.db.select({ id: mailOutbox.id }).from(mailOutbox)).toHaveLength(mailsBefore);
    expect(await findStock(testApp.db, 'BL-100-02')).toEqual(stockBefore);
    expect(await findCartRow(testApp.db, cartId)).toMatchObject({ status: 'open' });
    expect(await quantitiesOf(buyer, cartId)).toEqual([['BL-100-02', 5]]);
    const noOrder = await callEndpoint(testApp.app, orderEndpoints.getOrderByCartId, {
      token: buyer.token,
      body: { area: EU_AREA, cartId },
    });
    expectError(orderEndpoints.getOrderByCartId, noOrder, 404);
  });

  it('counts an invoiced order as open balance, as the statement of account does, and a paid one not at all', async () => {
    for (const state of ['Processing', 'Shipped', 'Invoiced']) {
      const moved = await callEndpoint(testApp.app, documentsEndpoints.updateOrderState, {
        token: tokens.staff,
        body: { orderId: firstOrderId, state },
      });
      expectOk(documentsEndpoints.updateOrderState, moved);
    }
    const statement = expectOk(
      documentsEndpoints.getStatementOfAccount,
      await callEndpoint(testApp.app, documentsEndpoints.getStatementOfAccount, {
        token: buyer.token,
        body: { area: EU_AREA },
      }),
    );
    expect(statement.currencies).toEqual([expect.objectContaining({ currencyCode: 'EUR', openBalance: firstTotal })]);
    expect(await creditOf(buyer)).toMatchObject({
      openBalance: firstTotal,
      openInvoiceCount: 1,
      uninvoicedOrders: 0,
      uninvoicedOrderCount: 0,
      available: Math.round((1_000 - firstTotal) * 100) / 100,
    });

    const [invoice] = await testApp.db.select().from(invoices).where(eq(invoices.orderId, firstOrderId));
    const paid = await callEndpoint(testApp.app, documentsEndpoints.registerInvoicePayment, {
      token: tokens.staff,
      body: { invoiceId: invoice?.id },
    });
    expectOk(documentsEndpoints.registerInvoicePayment, paid);
    expect(await creditOf(buyer)).toMatchObject({ openBalance: 0, uninvoicedOrders: 0, available: 1_000 });
    // The order refused before fits now.
    const { cartId } = await cartWith(buyer, [{ ...HELMET_M, quantity: 5 }]);
    expectOk(orderEndpoints.createOrderByCartId, await createOrder(buyer, cartId));
  });

  it('lets only one of two concurrent orders through when they fit alone but not together', async () => {
    const [first, second] = (await createBuyers(['bl-race-one', 'bl-race-two'], 100_000)) as [Owner, Owner];
    const carts = [
      await cartWith(first, [{ ...HELMET_S, quantity: 4 }]),
      await cartWith(second, [{ ...HELMET_M, quantity: 4 }]),
    ];
    expect((carts[0]?.total ?? 0) + (carts[1]?.total ?? 0)).toBeGreaterThan(1_000);
    const responses = await Promise.all([
      createOrder(first, carts[0]?.cartId ?? ''),
      createOrder(second, carts[1]?.cartId ?? ''),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    expect(await ordersOf(first.customerId)).toHaveLength(1);
  });

  it('does not limit a customer without a credit limit', async () => {
    const [unlimited] = (await createBuyers(['bl-unlimited'])) as [Owner];
    expect(await creditOf(unlimited)).toMatchObject({ creditLimit: null, available: null });
    const { cartId, total } = await cartWith(unlimited, [{ ...BOARD, quantity: 100 }]);
    expect(total).toBeGreaterThan(40_000);
    expectOk(orderEndpoints.createOrderByCartId, await createOrder(unlimited, cartId));
  });

  it('does not limit a card payment (paid before the order is placed)', async () => {
    const owedBefore = await creditOf(colleague);
    const { cartId, total } = await cartWith(colleague, [{ ...BOARD, quantity: 10 }], { paymentMethodId: 'card' });
    expect(total).toBeGreaterThan(1_000);
    await testApp.db.insert(payments).values({
      cartId,
      customerId: colleague.customerId,
      provider: 'test',
      status: 'Succeeded',
      amountMinor: Math.round(total * 100),
      currencyCode: 'EUR',
    });
    const order = expectOk(orderEndpoints.createOrderByCartId, await createOrder(colleague, cartId)).order;
    expect(order.paymentMethod.kind).toBe('Card');
    // A paid card order is owed nothing on account.
    expect(await creditOf(colleague)).toEqual(owedBefore);
  });

  it('answers GetCreditStatus 401 anonymous and 403 to staff without a customer', async () => {
    const call = (token: string | null) =>
      callEndpoint(testApp.app, customerEndpoints.getCreditStatus, { token, body: { area: EU_AREA } });
    expectError(customerEndpoints.getCreditStatus, await call(null), 401);
    expectError(customerEndpoints.getCreditStatus, await call(tokens.staff), 403);
  });
});
