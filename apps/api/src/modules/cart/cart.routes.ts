/** Cart calls of spec §7 (paths under /api/Cart/); definitions in @b2b/contract/endpoints/cart. */
import { cartEndpoints } from '@b2b/contract/endpoints/cart';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoints.ts';
import { setOrderFields, setPayment, setShipping } from './cart-checkout-fields.service.ts';
import { addOrUpdateLines, deleteLines, emptyCart, updateLineQuantity } from './cart-lines.service.ts';
import { calculateCart } from './cart-pricing.service.ts';
import { createCart, getCartById, getCartsBySearch, getLatestCart, getOrCreateCart } from './cart-queries.service.ts';

export async function cartRoutes(app: FastifyInstance) {
  registerEndpoint(app, cartEndpoints.getOrCreateCart, async (request) => getOrCreateCart(request.ctx));
  registerEndpoint(app, cartEndpoints.getLatestCart, async (request) => getLatestCart(request.ctx));
  registerEndpoint(app, cartEndpoints.createCart, async (request) => createCart(request.ctx));
  registerEndpoint(app, cartEndpoints.getCartById, async (request) => getCartById(request.ctx, request.body));
  registerEndpoint(app, cartEndpoints.getCartsBySearch, async (request) => getCartsBySearch(request.ctx, request.body));
  registerEndpoint(app, cartEndpoints.addOrUpdateLines, async (request) => addOrUpdateLines(request.ctx, request.body));
  registerEndpoint(app, cartEndpoints.updateLineQuantity, async (request) =>
    updateLineQuantity(request.ctx, request.body),
  );
  registerEndpoint(app, cartEndpoints.deleteLines, async (request) => deleteLines(request.ctx, request.body));
  registerEndpoint(app, cartEndpoints.emptyCart, async (request) => emptyCart(request.ctx, request.body));
  registerEndpoint(app, cartEndpoints.calculateCart, async (request) => calculateCart(request.ctx, request.body));
  registerEndpoint(app, cartEndpoints.internalCalculateCart, async (request) =>
    calculateCart(request.ctx, request.body),
  );
  registerEndpoint(app, cartEndpoints.setShipping, async (request) => setShipping(request.ctx, request.body));
  registerEndpoint(app, cartEndpoints.setPayment, async (request) => setPayment(request.ctx, request.body));
  registerEndpoint(app, cartEndpoints.setOrderFields, async (request) => setOrderFields(request.ctx, request.body));
}
