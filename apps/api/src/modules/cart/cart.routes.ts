/** Cart calls of spec §7 (paths under /api/Cart/). All act for the caller's customer (policy `customer`). */
import {
  addOrUpdateLinesBody,
  calculateCartBody,
  calculateCartResponse,
  cartResponse,
  createCartBody,
  deleteLinesBody,
  emptyCartBody,
  errorResponseSchema,
  getCartByIdBody,
  getCartsBySearchBody,
  getCartsBySearchResponse,
  getLatestCartBody,
  getOrCreateCartBody,
  setOrderFieldsBody,
  setPaymentBody,
  setShippingBody,
  updateLineQuantityBody,
} from '@b2b/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addOrUpdateLines,
  calculateCart,
  createCart,
  deleteLines,
  emptyCart,
  getCartById,
  getCartsBySearch,
  getLatestCart,
  getOrCreateCart,
  setOrderFields,
  setPayment,
  setShipping,
  updateLineQuantity,
} from './cart.service.ts';

const TAGS = ['Cart'];
const ERRORS = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const CART_ANSWER = { 200: cartResponse, ...ERRORS };

export async function cartRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const config = { policy: 'customer' } as const;

  app.post('/api/Cart/GetOrCreateCart', {
    config,
    schema: {
      tags: TAGS,
      summary: "The caller's open cart, created when there is none",
      description: 'One open cart per customer and user; after an order is placed a new, empty cart.',
      body: getOrCreateCartBody,
      response: CART_ANSWER,
    },
    handler: async (request) => getOrCreateCart(request.ctx),
  });

  app.post('/api/Cart/GetLatestCart', {
    config,
    schema: {
      tags: TAGS,
      summary: "The caller's most recently changed cart (any status); 404 when none",
      body: getLatestCartBody,
      response: CART_ANSWER,
    },
    handler: async (request) => getLatestCart(request.ctx),
  });

  app.post('/api/Cart/CreateCart', {
    config,
    schema: {
      tags: TAGS,
      summary: 'A new, empty open cart (the previous open cart is abandoned)',
      body: createCartBody,
      response: CART_ANSWER,
    },
    handler: async (request) => createCart(request.ctx),
  });

  app.post('/api/Cart/GetCartById', {
    config,
    schema: {
      tags: TAGS,
      summary: 'A cart of the customer; 404 for any other id',
      body: getCartByIdBody,
      response: CART_ANSWER,
    },
    handler: async (request) => getCartById(request.ctx, request.body),
  });

  app.post('/api/Cart/GetCartsBySearch', {
    config,
    schema: {
      tags: TAGS,
      summary: "The customer's carts, most recently changed first",
      body: getCartsBySearchBody,
      response: { 200: getCartsBySearchResponse, ...ERRORS },
    },
    handler: async (request) => getCartsBySearch(request.ctx, request.body),
  });

  app.post('/api/Cart/AddOrUpdateLines', {
    config,
    schema: {
      tags: TAGS,
      summary: 'Adds lines or changes their quantity (0 or less deletes)',
      description:
        'Without overrideExistingQuantity the quantity is added to the line of the same product key; with it, it ' +
        'replaces it. A price field is refused (400): prices are calculated on the server only.',
      body: addOrUpdateLinesBody,
      response: CART_ANSWER,
    },
    handler: async (request) => addOrUpdateLines(request.ctx, request.body),
  });

  app.patch('/api/Cart/UpdateLineQuantity', {
    config,
    schema: {
      tags: TAGS,
      summary: "Sets a line's quantity; 0 or less deletes the line",
      body: updateLineQuantityBody,
      response: CART_ANSWER,
    },
    handler: async (request) => updateLineQuantity(request.ctx, request.body),
  });

  app.delete('/api/Cart/DeleteLines', {
    config,
    schema: {
      tags: TAGS,
      summary: 'Deletes lines (with their sub-lines)',
      body: deleteLinesBody,
      response: CART_ANSWER,
    },
    handler: async (request) => deleteLines(request.ctx, request.body),
  });

  app.delete('/api/Cart/EmptyCart', {
    config,
    schema: { tags: TAGS, summary: 'Deletes every line', body: emptyCartBody, response: CART_ANSWER },
    handler: async (request) => emptyCart(request.ctx, request.body),
  });

  for (const name of ['CalculateCart', 'InternalCalculateCart'] as const) {
    app.post(`/api/Cart/${name}`, {
      config,
      schema: {
        tags: TAGS,
        summary: 'The calculated cart: prices, discount, shipping fee, totals, availability and backorder',
        description:
          'shipToCountryCode defaults to US (spec §9); the cart’s shipping address wins when set. With version, a ' +
          'cart changed meanwhile answers 409 CartHasBeenModifiedException. The internal variant is the same call ' +
          '(the web does not record its cart hash, spec §4).',
        body: calculateCartBody,
        response: { 200: calculateCartResponse, ...ERRORS },
      },
      handler: async (request) => calculateCart(request.ctx, request.body),
    });
  }

  app.patch('/api/Cart/SetShipping', {
    config,
    schema: {
      tags: TAGS,
      summary: "Chooses the ship-to address (one of the customer's) and/or the shipping method",
      body: setShippingBody,
      response: CART_ANSWER,
    },
    handler: async (request) => setShipping(request.ctx, request.body),
  });

  app.patch('/api/Cart/SetPayment', {
    config,
    schema: { tags: TAGS, summary: 'Chooses the payment method', body: setPaymentBody, response: CART_ANSWER },
    handler: async (request) => setPayment(request.ctx, request.body),
  });

  app.patch('/api/Cart/SetOrderFields', {
    config,
    schema: {
      tags: TAGS,
      summary: 'Sets the comment and the reference (e.g. PO number)',
      body: setOrderFieldsBody,
      response: CART_ANSWER,
    },
    handler: async (request) => setOrderFields(request.ctx, request.body),
  });
}
