import { DEFAULT_UNIT_OF_MEASURE, productIdSchema } from '@b2b/contract';
import { MAX_LINES_PER_REQUEST } from '@b2b/contract/cart';
import { MAX_LINE_QUANTITY } from '@b2b/contract/constants';
import { cartEndpoints } from '@b2b/contract/endpoints/cart';
import { data, type RouterContextProvider } from 'react-router';
import { z } from 'zod';
import { ApiError, getApi } from '~/lib/api.server.ts';
import { ADD_LINES_FIELD, CART_INTENTS, type CartActionResult, type CartIntent } from '~/lib/cart-action-result.ts';
import { formatCount } from '~/lib/format.ts';
import { getSession } from '~/lib/session.server.ts';
import { toErrorToastPayload } from '~/lib/toast/toast-payload.server.ts';
import { quantityChangeEvents } from '~/lib/tracking/tracking-events.ts';
import { findUnusualQuantities } from '~/lib/unusual-quantities.server.ts';
import { CONFIRM_QUANTITIES_MESSAGE, CONFIRMED_QUANTITIES_FIELD } from '~/lib/unusual-quantities.ts';
import {
  addToCart,
  type CartChange,
  CartChangedError,
  changeLineQuantity,
  deleteLine,
  emptyCart,
  getOrCreateCart,
} from './cart.server.ts';
import { parseLineQuantity, parseQuantity } from './quantity.ts';

export const CART_MESSAGES = {
  added: 'Added to cart.',
  updated: 'Quantity updated.',
  deleted: 'Line deleted.',
  emptied: 'The cart is empty now.',
  invalidQuantity: `Enter a whole number from 1 to ${MAX_LINE_QUANTITY}.`,
  invalidProduct: 'Choose a product to add.',
  noLines: 'Enter a quantity to add.',
  failed: 'The cart could not be changed. Please try again.',
  unavailable: 'This product cannot be ordered.',
  cartChanged:
    'The cart changed since this page showed it (for example in another window), so nothing was changed. The page now shows what the cart holds.',
  confirmQuantities: CONFIRM_QUANTITIES_MESSAGE,
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

/** One line of intent `add-lines` (the variant matrix, quick order): a product key and a quantity to add. */
const addLineSchema = z
  .object({
    productId: productIdSchema,
    variantId: productIdSchema.nullable(),
    unitOfMeasure: z.string().min(1).max(16).default(DEFAULT_UNIT_OF_MEASURE),
    quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY),
  })
  .strict();
const addLinesSchema = z.array(addLineSchema).min(1).max(MAX_LINES_PER_REQUEST);
export type AddLine = z.infer<typeof addLineSchema>;

function readAddLines(value: FormDataEntryValue | null): AddLine[] | null {
  if (typeof value !== 'string') return null;
  try {
    const parsed = addLinesSchema.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** "Added 12 units (3 lines) to the cart." */
export function linesAddedMessage(lines: readonly AddLine[]): string {
  const units = lines.reduce((sum, line) => sum + line.quantity, 0);
  const unitText = `${formatCount(units)} ${units === 1 ? 'unit' : 'units'}`;
  const lineText = `${lines.length} ${lines.length === 1 ? 'line' : 'lines'}`;
  return `Added ${unitText} (${lineText}) to the cart.`;
}

/**
 * Adds several lines in ONE AddOrUpdateLines call (the variant matrix, quick order): each quantity is added to the
 * line of the same product key (overrideExistingQuantity false), with add_to_cart tracking per line.
 */
export async function addLinesToCart(
  context: Readonly<RouterContextProvider>,
  lines: readonly AddLine[],
): Promise<CartChange> {
  const { area } = getSession(context);
  const before = await getOrCreateCart(context);
  const { cart } = await getApi(context).call(cartEndpoints.addOrUpdateLines, {
    body: {
      area,
      cartId: before.cartId,
      lines: lines.map(({ productId, variantId, unitOfMeasure, quantity }) => ({
        productKey: { productId, variantId, unitOfMeasure },
        quantity,
      })),
      overrideExistingQuantity: false,
    },
  });
  const findLine = (target: typeof cart, line: AddLine) =>
    target.lines.find(
      (candidate) =>
        !candidate.parentId &&
        candidate.type === 'Product' &&
        candidate.productKey.productId === line.productId &&
        (candidate.productKey.variantId ?? null) === line.variantId &&
        (candidate.productKey.unitOfMeasure || DEFAULT_UNIT_OF_MEASURE) === line.unitOfMeasure,
    );
  const tracking = lines.flatMap((line) => {
    const previous = findLine(before, line);
    const added = findLine(cart, line);
    const item = { productId: line.productId, variantId: line.variantId, name: added?.name ?? previous?.name };
    return quantityChangeEvents(item, previous?.quantity ?? 0, added?.quantity ?? 0, cart.currencyCode);
  });
  return { cart, tracking };
}

/**
 * Quantities far above what the customer usually orders are asked about before they are added (ADR 019): the answer
 * names them and nothing is added, until the form comes again with CONFIRMED_QUANTITIES_FIELD. Null: add.
 */
async function askAboutUnusualQuantities(
  context: Readonly<RouterContextProvider>,
  form: FormData,
  intent: CartIntent,
  lines: ReadonlyArray<{ productId: string; variantId: string | null; quantity: number }>,
) {
  if (form.get(CONFIRMED_QUANTITIES_FIELD) === 'true') return null;
  const unusualQuantities = await findUnusualQuantities(context, lines);
  if (unusualQuantities.length === 0) return null;
  return data<CartActionResult>({
    key: crypto.randomUUID(),
    ok: false,
    intent,
    error: CART_MESSAGES.confirmQuantities,
    unusualQuantities,
  });
}

/**
 * What the buyer reads when the API refuses a quantity: "Quantity must be at most 200 for 10001-03 (Helmet Pro): the
 * cart holds 150 already, so at most 50 more can be added." (the API's field message, ADR 019), else the general one.
 */
export function quantityRefusalMessage(fieldMessage: string): string {
  return fieldMessage.startsWith('must be at most') ? `Quantity ${fieldMessage}.` : CART_MESSAGES.invalidQuantity;
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
        const line = { productId: productId.data, variantId: variantId?.success ? variantId.data : null, quantity };
        const question = await askAboutUnusualQuantities(context, form, intent, [line]);
        if (question) return question;
        return success(intent, CART_MESSAGES.added, await addToCart(context, { ...line, unitOfMeasure }));
      }
      case 'add-lines': {
        const lines = readAddLines(form.get(ADD_LINES_FIELD));
        if (!lines) return failure(intent, CART_MESSAGES.noLines, 400);
        const question = await askAboutUnusualQuantities(context, form, intent, lines);
        if (question) return question;
        return success(intent, linesAddedMessage(lines), await addLinesToCart(context, lines));
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
      case 'empty': {
        // The version of the cart the page showed (absent from forms of older pages: then the cart is emptied as is).
        const shown = Number(form.get('version'));
        const shownVersion = Number.isInteger(shown) && shown >= 1 ? shown : undefined;
        return success(intent, CART_MESSAGES.emptied, await emptyCart(context, shownVersion));
      }
    }
  } catch (error) {
    if (
      error instanceof CartChangedError ||
      (error instanceof ApiError && error.type === 'CartHasBeenModifiedException')
    ) {
      return data<CartActionResult>(
        { key: crypto.randomUUID(), ok: false, intent, error: CART_MESSAGES.cartChanged, cartChanged: true },
        { status: 409 },
      );
    }
    if (!(error instanceof ApiError)) throw error;
    console.error('[cart] action failed', intent, error.status, error.type);
    if (error.status === 400) {
      // A quantity the product's line limit refuses: the API's reason names the limit, the item and what fits.
      const quantityError = (error.body?.errors ?? []).find((fieldError) => fieldError.field.endsWith('quantity'));
      if (quantityError) return failure(intent, quantityRefusalMessage(quantityError.message), 400);
      return failure(intent, CART_MESSAGES.unavailable, 400);
    }
    if (error.status === 404 && (intent === 'add' || intent === 'add-lines'))
      return failure(intent, CART_MESSAGES.unavailable, 404);
    if (error.status < 500) return failure(intent, CART_MESSAGES.failed, error.status);
    // The API failed or could not be reached: the form offers to send it again (lib/errors/use-server-failure.ts).
    return data<CartActionResult>(
      {
        key: crypto.randomUUID(),
        ok: false,
        intent,
        error: CART_MESSAGES.failed,
        serverError: toErrorToastPayload(error),
      },
      { status: 502 },
    );
  }
}
