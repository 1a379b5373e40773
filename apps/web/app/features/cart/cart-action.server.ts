import { DEFAULT_UNIT_OF_MEASURE, productIdSchema } from '@b2b/contract';
import { MAX_LINE_QUANTITY } from '@b2b/contract/constants';
import { data, type RouterContextProvider } from 'react-router';
import { ApiError } from '~/lib/api.server.ts';
import { CART_INTENTS, type CartActionResult, type CartIntent } from '~/lib/cart-action-result.ts';
import { addToCart, type CartChange, changeLineQuantity, deleteLine, emptyCart } from './cart.server.ts';
import { parseLineQuantity, parseQuantity } from './quantity.ts';

export const CART_MESSAGES = {
  added: 'Added to cart.',
  updated: 'Quantity updated.',
  deleted: 'Line deleted.',
  emptied: 'The cart is empty now.',
  invalidQuantity: `Enter a whole number from 1 to ${MAX_LINE_QUANTITY}.`,
  invalidProduct: 'Choose a product to add.',
  failed: 'The cart could not be changed. Please try again.',
  unavailable: 'This product cannot be ordered.',
} as const;

function isIntent(value: unknown): value is CartIntent {
  return typeof value === 'string' && (CART_INTENTS as readonly string[]).includes(value);
}

function failure(intent: CartIntent | null, error: string, status: number) {
  return data<CartActionResult>({ key: crypto.randomUUID(), ok: false, intent, error }, { status });
}

function success(intent: CartIntent, message: string, change: CartChange) {
  return data<CartActionResult>({
    key: crypto.randomUUID(),
    ok: true,
    intent,
    message,
    tracking: change.tracking,
    lineCount: change.cart.lines.filter((line) => !line.parentId && line.type === 'Product').length,
  });
}

/** The cart's one action, switching on `intent` (add from listings and product pages, quantity, delete, empty). */
export async function handleCartAction(request: Request, context: Readonly<RouterContextProvider>) {
  const form = await request.formData();
  const intent = form.get('intent');
  if (!isIntent(intent)) return failure(null, CART_MESSAGES.failed, 400);
  try {
    switch (intent) {
      case 'add': {
        const productId = productIdSchema.safeParse(form.get('productId'));
        const variantValue = String(form.get('variantId') ?? '');
        const variantId = variantValue ? productIdSchema.safeParse(variantValue) : null;
        if (!productId.success || (variantId && !variantId.success)) {
          return failure(intent, CART_MESSAGES.invalidProduct, 400);
        }
        const quantity = parseQuantity(form.get('quantity'));
        if (quantity === null || quantity < 1) return failure(intent, CART_MESSAGES.invalidQuantity, 400);
        const unitOfMeasure = String(form.get('unitOfMeasure') || DEFAULT_UNIT_OF_MEASURE).slice(0, 16);
        const change = await addToCart(context, {
          productId: productId.data,
          variantId: variantId?.success ? variantId.data : null,
          unitOfMeasure,
          quantity,
        });
        return success(intent, CART_MESSAGES.added, change);
      }
      case 'update-quantity': {
        // spec §5: empty, unparsable, 0 or less deletes the line; only a quantity above the limit is refused.
        const quantity = parseLineQuantity(form.get('quantity'));
        if (quantity === null) return failure(intent, CART_MESSAGES.invalidQuantity, 400);
        const change = await changeLineQuantity(context, String(form.get('lineId') ?? ''), quantity);
        return success(intent, quantity > 0 ? CART_MESSAGES.updated : CART_MESSAGES.deleted, change);
      }
      case 'delete-line':
        return success(intent, CART_MESSAGES.deleted, await deleteLine(context, String(form.get('lineId') ?? '')));
      case 'empty':
        return success(intent, CART_MESSAGES.emptied, await emptyCart(context));
    }
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    console.error('[cart] action failed', intent, error.status, error.type);
    if (error.status === 400) {
      const isQuantity = (error.body?.errors ?? []).some((fieldError) => fieldError.field.includes('quantity'));
      return failure(intent, isQuantity ? CART_MESSAGES.invalidQuantity : CART_MESSAGES.unavailable, 400);
    }
    if (error.status === 404 && intent === 'add') return failure(intent, CART_MESSAGES.unavailable, 404);
    return failure(intent, CART_MESSAGES.failed, error.status >= 500 ? 502 : error.status);
  }
}
