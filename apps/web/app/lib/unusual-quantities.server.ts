import { MAX_LOOKUP_IDS } from '@b2b/contract/constants';
import type { UsualQuantity } from '@b2b/contract/customer';
import { customerEndpoints } from '@b2b/contract/endpoints/customer';
import type { RouterContextProvider } from 'react-router';
import { ApiError, getApi } from './api.server.ts';
import { getSession } from './session.server.ts';
import type { UnusualQuantity } from './unusual-quantities.ts';

type LineToAdd = {
  productId: string;
  variantId: string | null;
  quantity: number;
  /** As the buyer entered it (quick order); else the variant's or product's number. */
  itemNumber?: string;
  name?: string | null;
};

/**
 * The lines whose quantity is far above what the customer usually orders of the product (above GetUsualQuantities'
 * `confirmAbove`, ADR 019), for the question before adding them. When the figures cannot be had, nothing is asked:
 * the line limit still holds at the API, and a question must never keep a buyer from ordering.
 */
export async function findUnusualQuantities(
  context: Readonly<RouterContextProvider>,
  lines: readonly LineToAdd[],
): Promise<UnusualQuantity[]> {
  const { area } = getSession(context);
  const productIds = [...new Set(lines.map((line) => line.productId))];
  const usual = new Map<string, UsualQuantity>();
  try {
    for (let start = 0; start < productIds.length; start += MAX_LOOKUP_IDS) {
      const { items } = await getApi(context).call(customerEndpoints.getUsualQuantities, {
        body: { area, productIds: productIds.slice(start, start + MAX_LOOKUP_IDS) },
      });
      for (const item of items) usual.set(item.productId, item);
    }
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    console.error('[cart] GetUsualQuantities failed; adding without asking', error.status, error.type);
    return [];
  }
  return lines.flatMap((line) => {
    const figures = usual.get(line.productId);
    if (!figures || line.quantity <= figures.confirmAbove) return [];
    return [
      {
        itemNumber: line.itemNumber ?? line.variantId ?? line.productId,
        name: line.name ?? null,
        quantity: line.quantity,
        usualQuantity: figures.usualQuantity,
      },
    ];
  });
}
