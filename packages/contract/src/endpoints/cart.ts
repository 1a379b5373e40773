/** Cart calls of spec §7 (paths under /api/Cart/). All act for the caller's customer (rules: ADR 007). */
import {
  addOrUpdateLinesBody,
  calculateCartBody,
  calculateCartResponse,
  cartResponse,
  createCartBody,
  deleteLinesBody,
  emptyCartBody,
  getCartByIdBody,
  getCartsBySearchBody,
  getCartsBySearchResponse,
  getLatestCartBody,
  getOrCreateCartBody,
  setOrderFieldsBody,
  setPaymentBody,
  setShippingBody,
  updateLineQuantityBody,
} from '../cart.ts';
import { defineEndpoints } from '../endpoint.ts';

const CALCULATE_CART_DESCRIPTION =
  'shipToCountryCode defaults to US (spec §9); the cart’s shipping address wins when set. Without a chosen shipping ' +
  'method the first that GetShippingMethods lists for the country is priced. With version, a cart changed meanwhile ' +
  'answers 409 CartHasBeenModifiedException.';

// Any logged-in user may call; the services answer 403 to a user without a customer (carts belong to customers).
export const cartEndpoints = defineEndpoints(
  { tag: 'Cart', policy: 'customer' },
  {
    getOrCreateCart: {
      method: 'POST',
      path: '/api/Cart/GetOrCreateCart',
      summary: "The caller's open cart, created when there is none",
      description: 'One open cart per customer and user; after an order is placed a new, empty cart.',
      body: getOrCreateCartBody,
      response: cartResponse,
    },
    getLatestCart: {
      method: 'POST',
      path: '/api/Cart/GetLatestCart',
      summary: "The caller's most recently changed cart (any status); 404 when none",
      body: getLatestCartBody,
      response: cartResponse,
      errors: [404],
    },
    createCart: {
      method: 'POST',
      path: '/api/Cart/CreateCart',
      summary: 'A new, empty open cart (the previous open cart is abandoned)',
      description: '409 when another cart was opened at the same moment (try again).',
      body: createCartBody,
      response: cartResponse,
      errors: [409],
    },
    getCartById: {
      method: 'POST',
      path: '/api/Cart/GetCartById',
      summary: 'A cart of the customer; 404 for any other id',
      body: getCartByIdBody,
      response: cartResponse,
      errors: [404],
    },
    getCartsBySearch: {
      method: 'POST',
      path: '/api/Cart/GetCartsBySearch',
      summary: "The customer's carts, most recently changed first",
      body: getCartsBySearchBody,
      response: getCartsBySearchResponse,
    },
    addOrUpdateLines: {
      method: 'POST',
      path: '/api/Cart/AddOrUpdateLines',
      summary: 'Adds lines or changes their quantity (0 or less deletes)',
      description:
        'Without overrideExistingQuantity the quantity is added to the line of the same product key; with it, it ' +
        'replaces it. A price field is refused (400): prices are calculated on the server only. 409 when the cart ' +
        'is no longer open.',
      body: addOrUpdateLinesBody,
      response: cartResponse,
      errors: [404, 409],
    },
    updateLineQuantity: {
      method: 'PATCH',
      path: '/api/Cart/UpdateLineQuantity',
      summary: "Sets a line's quantity; 0 or less deletes the line",
      body: updateLineQuantityBody,
      response: cartResponse,
      errors: [404, 409],
    },
    deleteLines: {
      method: 'DELETE',
      path: '/api/Cart/DeleteLines',
      summary: 'Deletes lines (with their sub-lines)',
      body: deleteLinesBody,
      response: cartResponse,
      errors: [404, 409],
    },
    emptyCart: {
      method: 'DELETE',
      path: '/api/Cart/EmptyCart',
      summary: 'Deletes every line',
      body: emptyCartBody,
      response: cartResponse,
      errors: [404, 409],
    },
    calculateCart: {
      method: 'POST',
      path: '/api/Cart/CalculateCart',
      summary: 'The calculated cart: prices, discount, shipping fee, totals, availability and backorder',
      description: CALCULATE_CART_DESCRIPTION,
      body: calculateCartBody,
      response: calculateCartResponse,
      errors: [404, 409],
    },
    // The same call under the spec's second name: the web does not record its cart hash (spec §4).
    internalCalculateCart: {
      method: 'POST',
      path: '/api/Cart/InternalCalculateCart',
      summary: 'The calculated cart (as CalculateCart)',
      description: `${CALCULATE_CART_DESCRIPTION} The same call as CalculateCart.`,
      body: calculateCartBody,
      response: calculateCartResponse,
      errors: [404, 409],
    },
    setShipping: {
      method: 'PATCH',
      path: '/api/Cart/SetShipping',
      summary: "Chooses the ship-to address (one of the customer's) and/or the shipping method",
      description: 'The method must ship to the address’s country (GetShippingMethods); null clears a field.',
      body: setShippingBody,
      response: cartResponse,
      errors: [404, 409],
    },
    setPayment: {
      method: 'PATCH',
      path: '/api/Cart/SetPayment',
      summary: 'Chooses the payment method',
      body: setPaymentBody,
      response: cartResponse,
      errors: [404, 409],
    },
    setOrderFields: {
      method: 'PATCH',
      path: '/api/Cart/SetOrderFields',
      summary: 'Sets the comment and the reference (e.g. PO number)',
      body: setOrderFieldsBody,
      response: cartResponse,
      errors: [404, 409],
    },
  },
);
