/**
 * The one way a write made for a customer is recorded as an action of the impersonation session it belongs to
 * (ADR 013): the customer's "Assisted sessions" and the back office read these rows to learn who did what for whom.
 * Callers record inside their own transaction (`inTransaction`), so the write and its action commit or roll back
 * together: there is never a change without its record, nor a record of a change that did not happen.
 */
import { queryPreparedRows } from '@b2b/db';
import { impersonationActions } from '@b2b/db/schema';
import { sql } from 'drizzle-orm';
import type { RequestContext } from '../../context.ts';
import { minorToMajor } from '../price/price-calculation.ts';

export type ImpersonationAction = {
  /** The call that wrote, `<Module>.<Call>` as in the API paths: `Cart.AddOrUpdateLines`. */
  kind: string;
  /** What changed, in a sentence for people: "Added 2 × 100078-S-NAVY (Urban Drift Harbor Signature Frame)". */
  summary: string;
  /** What a machine may need later (ids, quantities); never shown as is. */
  details?: Record<string, unknown>;
};

/**
 * Records the action when the request acts in an impersonation session; does nothing for the customer's own
 * requests (they need no account of who acted). Pass the transaction's context (`txCtx`).
 */
export async function recordImpersonationAction(ctx: RequestContext, action: ImpersonationAction): Promise<void> {
  if (!ctx.impersonation) return;
  // A prepared statement: a rep's every cart change pays for this insert, and on PGlite planning it costs more than
  // running it (packages/db prepared.ts; ADR 013's overhead budget is 10 % of "add a line + calculate").
  await queryPreparedRows(
    ctx.db,
    'impersonation_action_insert',
    sql`insert into ${impersonationActions} (session_id, kind, summary, details)
        values (${ctx.impersonation.sessionId}, ${action.kind}, ${action.summary}, ${action.details ?? null}::jsonb)`,
  );
}

/** A product as a person recognises it on a line: the variant (else product) number and the name. */
export function describeProduct(product: { productId: string; variantId: string | null; name: string }): string {
  return `${product.variantId ?? product.productId} (${product.name})`;
}

const AMOUNT_FORMAT = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "EUR 1,234.50" from minor units (XNOK is shown as NOK, spec §1). */
export function formatAmount(minor: number, currencyCode: string): string {
  const display = currencyCode === 'XNOK' ? 'NOK' : currencyCode;
  return `${display} ${AMOUNT_FORMAT.format(minorToMajor(minor))}`;
}
