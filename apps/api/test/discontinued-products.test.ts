/**
 * Discontinued products (products.discontinued_at, issue 10): they leave search, cannot be added to a cart, and a
 * cart that already holds one still calculates, showing the line as unavailable.
 */
import type { Cart } from '@b2b/contract';
import { cartEndpoints } from '@b2b/contract/endpoints/cart';
import { orderEndpoints } from '@b2b/contract/endpoints/order';
import { productEndpoints } from '@b2b/contract/endpoints/product';
import { cartLines, orders, products, stockLevels } from '@b2b/db/schema';
import { asc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint, expectError, expectOk } from './support/endpoint-calls.ts';
import { createProduct, setPrice, setVatRates } from './support/factories.ts';
import { createBuyer } from './support/signed-in-users.ts';
import { createTestApp, EU_AREA } from './support/test-app.ts';

let testApp: Awaited<ReturnType<typeof createTestApp>>;
let token = '';

beforeAll(async () => {
  testApp = await createTestApp();
  const { db } = testApp;
  await setVatRates(db, { eu: 2500 });
  // D-100 in variants, D-200 without; both in stock and priced.
  await createProduct(db, 'D-100', ['D-100-01']);
  await createProduct(db, 'D-200');
  await db.insert(stockLevels).values({ variantId: 'D-100-01', quantityOnHand: 20, quantityReserved: 0 });
  await db.update(products).set({ stockLevel: 20 }).where(eq(products.id, 'D-200'));
  await setPrice(db, { productId: 'D-100', currencyCode: 'EUR', unitPriceMinor: 5_000 });
  await setPrice(db, { productId: 'D-200', currencyCode: 'EUR', unitPriceMinor: 2_000 });
  token = (await createBuyer(testApp, { username: 'discontinued-buyer' })).token;
  await testApp.app.searchIndex.refresh();
});
afterAll(async () => {
  await testApp?.close();
});

async function discontinue(productId: string) {
  await testApp.db.update(products).set({ discontinuedAt: new Date() }).where(eq(products.id, productId));
  // The search index is a snapshot built at start-up; writers NOTIFY, tests rebuild it directly.
  await testApp.app.searchIndex.refresh();
}

async function search(text: string) {
  const endpoint = productEndpoints.getProductsBySearch;
  return expectOk(endpoint, await callEndpoint(testApp.app, endpoint, { body: { area: EU_AREA, search: text } }));
}

describe('search', () => {
  it('no longer finds a discontinued product, by its item number or in the full listing', async () => {
    const [seeded] = await testApp.db
      .select({ id: products.id })
      .from(products)
      .where(isNull(products.discontinuedAt))
      .orderBy(asc(products.id))
      .limit(1);
    const productId = seeded?.id ?? '';
    expect((await search(productId)).items.map(({ item }) => item.id)).toContain(productId);
    const totalBefore = (await search('')).itemsTotal;

    await discontinue(productId);

    expect((await search(productId)).items.map(({ item }) => item.id)).not.toContain(productId);
    expect((await search('')).itemsTotal).toBe(totalBefore - 1);
  });
});

describe('cart', () => {
  const call = (endpoint: (typeof cartEndpoints)[keyof typeof cartEndpoints], body: unknown) =>
    callEndpoint(testApp.app, endpoint, { token, body });

  async function newCart(): Promise<Cart> {
    return expectOk(cartEndpoints.createCart, await call(cartEndpoints.createCart, { area: EU_AREA })).cart;
  }

  function addLines(cartId: string, lines: unknown[], overrideExistingQuantity?: boolean) {
    return call(cartEndpoints.addOrUpdateLines, {
      area: EU_AREA,
      cartId,
      lines,
      ...(overrideExistingQuantity === undefined ? {} : { overrideExistingQuantity }),
    });
  }

  it('refuses to add a discontinued product or one of its variants, naming the line, and writes nothing', async () => {
    const cart = await newCart();
    expectOk(
      cartEndpoints.addOrUpdateLines,
      await addLines(cart.cartId, [{ productKey: { productId: 'D-200' }, quantity: 2 }]),
    );
    await createProduct(testApp.db, 'D-300', ['D-300-01']);
    await createProduct(testApp.db, 'D-400');
    await discontinue('D-300');
    await discontinue('D-400');

    const variantLine = await addLines(cart.cartId, [
      { productKey: { productId: 'D-200' }, quantity: 1 },
      { productKey: { productId: 'D-300', variantId: 'D-300-01' }, quantity: 1 },
    ]);
    const refused = expectError(cartEndpoints.addOrUpdateLines, variantLine, 400, 'ValidationException');
    expect(refused.errors).toEqual([{ field: 'lines.1.productKey.productId', message: 'is no longer sold: D-300' }]);
    const plain = await addLines(cart.cartId, [{ productKey: { productId: 'D-400' }, quantity: 1 }]);
    expect(expectError(cartEndpoints.addOrUpdateLines, plain, 400).errors?.[0]?.field).toBe(
      'lines.0.productKey.productId',
    );

    // The refused request changed nothing: D-200 is still 2, no D-300 or D-400 line.
    const lines = await testApp.db.select().from(cartLines).where(eq(cartLines.cartId, cart.cartId));
    expect(lines.map((line) => [line.productId, line.quantity])).toEqual([['D-200', 2]]);
  });

  it('still calculates a cart whose product was discontinued later, the line unavailable; the line can be removed', async () => {
    const cart = await newCart();
    const added = await addLines(cart.cartId, [
      { productKey: { productId: 'D-100', variantId: 'D-100-01' }, quantity: 3 },
      { productKey: { productId: 'D-200' }, quantity: 1 },
    ]);
    expectOk(cartEndpoints.addOrUpdateLines, added);
    await discontinue('D-100');

    const calculate = cartEndpoints.calculateCart;
    const calculated = expectOk(calculate, await call(calculate, { area: EU_AREA, cartId: cart.cartId })).cart;
    const byProduct = new Map(calculated.lines.map((line) => [line.productKey.productId, line]));
    expect(byProduct.get('D-100')).toMatchObject({ quantity: 3, asgLineItemsAvailCust: 0, isBackorder: true });
    expect(byProduct.get('D-200')).toMatchObject({ quantity: 1, asgLineItemsAvailCust: 20, isBackorder: false });
    expect(calculated.isBackorder).toBe(true);

    // Adding more is refused; taking the line out works.
    const more = await addLines(cart.cartId, [
      { productKey: { productId: 'D-100', variantId: 'D-100-01' }, quantity: 1 },
    ]);
    expectError(cartEndpoints.addOrUpdateLines, more, 400, 'ValidationException');
    const removed = await addLines(
      cart.cartId,
      [{ productKey: { productId: 'D-100', variantId: 'D-100-01' }, quantity: 0 }],
      true,
    );
    const remaining = expectOk(cartEndpoints.addOrUpdateLines, removed).cart.lines;
    expect(remaining.map((line) => line.productKey.productId)).toEqual(['D-200']);
  });

  it('refuses to place an order holding a product discontinued after it was added, and places none', async () => {
    await createProduct(testApp.db, 'D-500');
    await testApp.db.update(products).set({ stockLevel: 10 }).where(eq(products.id, 'D-500'));
    await setPrice(testApp.db, { productId: 'D-500', currencyCode: 'EUR', unitPriceMinor: 1_000 });
    await testApp.app.searchIndex.refresh();
    const cart = await newCart();
    expectOk(
      cartEndpoints.addOrUpdateLines,
      await addLines(cart.cartId, [
        { productKey: { productId: 'D-500' }, quantity: 1 },
        { productKey: { productId: 'D-200' }, quantity: 1 },
      ]),
    );
    await discontinue('D-500');

    const endpoint = orderEndpoints.createOrderByCartId;
    const placed = await callEndpoint(testApp.app, endpoint, {
      token,
      body: { area: EU_AREA, cartId: cart.cartId },
    });
    const refused = expectError(endpoint, placed, 409, 'ConflictException');
    expect(refused.message).toContain('No longer sold: D-500');
    expect(await testApp.db.select().from(orders).where(eq(orders.cartId, cart.cartId))).toEqual([]);
  });
});
