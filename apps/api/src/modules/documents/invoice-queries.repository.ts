/**
 * Reads of a customer's invoices (issue 9 §2): lists with filters, one invoice with its lines, the statement of
 * account. Every query is scoped by the customer id, so another customer's invoice is never found.
 *
 * The list is one query for the page and one for the count, both on the index (customer, invoice date desc,
 * invoice number desc): the page reads just its rows from the index in order, whatever the customer's number of
 * invoices. Both run as prepared statements (packages/db prepared.ts): on PGlite planning them costs more than
 * running them, so the optional filters are written as `(parameter is null or …)` to keep one text per query.
 */
import type { AreaSettings, InvoiceStatus } from '@b2b/contract';
import type { VatTreatment } from '@b2b/contract/vat-rules';
import { type Executor, queryPreparedRows, queryRows } from '@b2b/db';
import {
  areas,
  creditMemoLines,
  creditMemos,
  customers,
  invoiceLines,
  invoices,
  orders,
  type StoredPricedCampaign,
} from '@b2b/db/schema';
import { type SQL, sql } from 'drizzle-orm';
import { containsPattern } from '../../lib/sql/contains-pattern.ts';

export type InvoiceSearch = {
  customerId: string;
  search?: string | undefined;
  /** yyyy-mm-dd, inclusive. */
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
  status?: InvoiceStatus | undefined;
  /** yyyy-mm-dd: the day overdue is measured against. */
  today: string;
};

export type InvoiceSummaryRow = {
  id: string;
  linkId: string;
  invoiceNumber: string;
  /** yyyy-mm-dd */
  invoiceDate: string;
  dueDate: string;
  paidAt: Date | null;
  orderId: string;
  orderNumber: string;
  reference: string | null;
  currencyCode: string;
  totalNetMinor: number;
  totalVatMinor: number;
  creditedNetMinor: number;
  creditedVatMinor: number;
  createdAt: Date;
};

/** The columns of an invoice summary; `i` is the invoice, `o` its order. */
const SUMMARY_COLUMNS = sql`
  i.id, i.link_id as "linkId", i.invoice_number as "invoiceNumber", i.invoice_date::text as "invoiceDate",
  i.due_date::text as "dueDate", i.paid_at as "paidAt", i.order_id as "orderId", o.order_number as "orderNumber",
  o.reference, i.currency_code as "currencyCode", i.total_net_minor::float8 as "totalNetMinor",
  i.total_vat_minor::float8 as "totalVatMinor",
  coalesce((select sum(c.total_net_minor) from ${creditMemos} c where c.invoice_id = i.id), 0)::float8
    as "creditedNetMinor",
  coalesce((select sum(c.total_vat_minor) from ${creditMemos} c where c.invoice_id = i.id), 0)::float8
    as "creditedVatMinor", i.created_at as "createdAt"`;

/** Dates and timestamps as the drivers return them (PGlite and node-postgres differ) to the row's types. */
function toSummaryRow<T extends InvoiceSummaryRow>(row: T): T {
  return { ...row, paidAt: row.paidAt === null ? null : new Date(row.paidAt), createdAt: new Date(row.createdAt) };
}

/**
 * The filters as one condition over `i` (invoice). Each filter is `(parameter is null or …)`, so the text is the same
 * for every combination of filters and the prepared statement is reused. The order's number and reference are looked
 * up per invoice only when there is a text to find: the list itself never joins all of a customer's orders. That
 * look-up is a scalar subquery by the order's key, not EXISTS: the planner turns EXISTS into a hash of every order
 * of every customer matching the text (a scan of the whole orders table, 50 ms for 33,000 orders on PGlite), where
 * the subquery runs only for the invoices the other filters leave (overdue + text: 54 -> 17 ms for 10,000 invoices).
 */
function invoiceConditions(search: InvoiceSearch): SQL {
  const pattern = search.search ? containsPattern(search.search) : null;
  const status = search.status ?? null;
  return sql`i.customer_id = ${search.customerId}
    and (${pattern}::text is null or i.invoice_number ilike ${pattern}
         or (select so.order_number ilike ${pattern} or coalesce(so.reference ilike ${pattern}, false)
               from ${orders} so where so.id = i.order_id))
    and (${search.dateFrom ?? null}::date is null or i.invoice_date >= ${search.dateFrom ?? null}::date)
    and (${search.dateTo ?? null}::date is null or i.invoice_date <= ${search.dateTo ?? null}::date)
    and (${status}::text is null
         or (${status}::text = 'paid' and i.paid_at is not null)
         or (${status}::text = 'open' and i.paid_at is null)
         or (${status}::text = 'overdue' and i.paid_at is null and i.due_date < ${search.today}::date))`;
}

function isFiltered(search: InvoiceSearch): boolean {
  return Boolean(search.search || search.dateFrom || search.dateTo || search.status);
}

/**
 * The matching invoices, newest first (invoice date, then number), one page of them, and how many match in all. The
 * page is chosen from the invoices alone (the index gives them in order, so only the page's rows are read); its
 * orders and credit memos are joined to those rows afterwards.
 */
export async function searchInvoices(
  db: Executor,
  search: InvoiceSearch,
  page: { limit: number; offset: number },
): Promise<{ rows: InvoiceSummaryRow[]; total: number }> {
  const where = invoiceConditions(search);
  const [rows, [count]] = await Promise.all([
    queryPreparedRows<InvoiceSummaryRow>(
      db,
      'invoice_page',
      sql`select ${SUMMARY_COLUMNS}
            from (select * from ${invoices} i
                   where ${where}
                   -- nulls last as in the index (invoices_customer_date_idx), or the planner sorts instead of reading it
                   order by i.invoice_date desc nulls last, i.invoice_number desc nulls last
                   limit ${page.limit} offset ${page.offset}) i
            join ${orders} o on o.id = i.order_id
           order by i.invoice_date desc, i.invoice_number desc`,
    ),
    // The unfiltered count (the list as first opened) has a statement of its own: with the filters' `(parameter is
    // null or …)` the generic plan reads every invoice row to test them, where the customer alone counts the index
    // entries (an index-only scan once the table is vacuumed; 10,000 invoices on PGlite: 12 -> 3 ms).
    isFiltered(search)
      ? queryPreparedRows<{ total: number }>(
          db,
          'invoice_count',
          sql`select count(*)::int as total from ${invoices} i where ${where}`,
        )
      : queryPreparedRows<{ total: number }>(
          db,
          'invoice_count_all',
          sql`select count(*)::int as total from ${invoices} i where i.customer_id = ${search.customerId}`,
        ),
  ]);
  return { rows: rows.map(toSummaryRow), total: count?.total ?? 0 };
}

export type InvoiceDetailRow = InvoiceSummaryRow & {
  /** The order's VAT as placed (ADR 018). */
  vatRateBasisPoints: number;
  vatTreatment: VatTreatment;
  vatNote: string | null;
  customerVatNumber: string | null;
  areaId: string;
  billToAddress: { name: string; street: string; postalCode: string; city: string; countryCode: string } | null;
  customerName: string;
  customerNumber: string;
};

/**
 * The customer's invoice with this link id (GetInvoice) or with this id and link id (GetInvoicePdf: both must name
 * it); null for another customer's or none.
 */
/** The columns of an invoice with its details; `i` is the invoice, `o` its order, `cu` its customer. */
const DETAIL_COLUMNS = sql`${SUMMARY_COLUMNS}, i.vat_rate_basis_points as "vatRateBasisPoints",
  i.vat_treatment as "vatTreatment", i.vat_note as "vatNote", i.customer_vat_number as "customerVatNumber",
  i.area_id as "areaId", i.bill_to_address as "billToAddress", cu.name as "customerName",
  cu.customer_number as "customerNumber"`;

export async function findCustomerInvoice(
  db: Executor,
  scope: { customerId: string; linkId: string; invoiceId?: string | undefined },
): Promise<InvoiceDetailRow | null> {
  const [row] = await queryRows<InvoiceDetailRow>(
    db,
    sql`select ${DETAIL_COLUMNS}
          from ${invoices} i
          join ${orders} o on o.id = i.order_id
          join ${customers} cu on cu.id = i.customer_id
         where i.customer_id = ${scope.customerId} and i.link_id = ${scope.linkId}
           ${scope.invoiceId ? sql`and i.id = ${scope.invoiceId}` : sql``}`,
  );
  if (!row) return null;
  return toSummaryRow(row);
}

/** The invoices of an order, oldest first, of whichever customer (the back office's order page). */
export async function findInvoicesOfOrder(db: Executor, orderId: string): Promise<InvoiceDetailRow[]> {
  const rows = await queryRows<InvoiceDetailRow>(
    db,
    sql`select ${DETAIL_COLUMNS}
          from ${invoices} i
          join ${orders} o on o.id = i.order_id
          join ${customers} cu on cu.id = i.customer_id
         where i.order_id = ${orderId}
         order by i.created_at, i.invoice_number`,
  );
  return rows.map(toSummaryRow);
}

export type InvoiceLineRow = {
  id: string;
  type: 'Product' | 'Generated' | 'ShippingFee';
  productId: string | null;
  variantId: string | null;
  unitOfMeasure: string | null;
  name: string;
  quantity: number;
  unitNetMinor: number;
  lineNetMinor: number;
  lineVatMinor: number;
  /** The campaign and level that priced the line, copied from the order line (issue 27); null: none. */
  campaign: StoredPricedCampaign | null;
  campaignDiscountMinor: number;
  creditedQuantity: number;
};

/** The invoice's lines in their order, each with the quantity credit memos have credited so far. */
export async function findInvoiceLines(db: Executor, invoiceId: string): Promise<InvoiceLineRow[]> {
  const rows = await queryRows<Omit<InvoiceLineRow, 'campaign'> & { campaignJson: string | null }>(
    db,
    sql`select l.id, l.type, l.product_id as "productId", l.variant_id as "variantId",
               l.unit_of_measure as "unitOfMeasure", l.name, l.quantity, l.unit_net_minor::float8 as "unitNetMinor",
               l.line_net_minor::float8 as "lineNetMinor", l.line_vat_minor::float8 as "lineVatMinor",
               l.campaign::text as "campaignJson", l.campaign_discount_minor::float8 as "campaignDiscountMinor",
               coalesce((select sum(cl.quantity) from ${creditMemoLines} cl where cl.invoice_line_id = l.id), 0)::int
                 as "creditedQuantity"
          from ${invoiceLines} l
         where l.invoice_id = ${invoiceId}
         order by l.sort_order`,
  );
  // jsonb read as text: both engines answer it the same way.
  return rows.map(({ campaignJson, ...row }) => ({
    ...row,
    campaign: campaignJson === null ? null : (JSON.parse(campaignJson) as StoredPricedCampaign),
  }));
}

export type StatementRow = {
  currencyCode: string;
  openBalanceMinor: number;
  overdueAmountMinor: number;
  openInvoiceCount: number;
  overdueInvoiceCount: number;
};

/**
 * Per currency, what the customer's unpaid invoices leave to pay (total with VAT less their credit memos), and the
 * part of it past the due date. The customer's credits are summed once per invoice and joined (one pass over the
 * invoices, not a lookup per invoice).
 */
export async function sumOpenInvoices(
  db: Executor,
  scope: { customerId: string; today: string },
): Promise<StatementRow[]> {
  return queryRows<StatementRow>(
    db,
    sql`with credited as (
          select c.invoice_id, sum(c.total_with_vat_minor) as credited_minor
            from ${creditMemos} c
           where c.customer_id = ${scope.customerId}
           group by c.invoice_id),
        open_invoices as (
          select i.currency_code, i.due_date < ${scope.today}::date as is_overdue,
                 i.total_with_vat_minor - coalesce(credited.credited_minor, 0) as open_minor
            from ${invoices} i
            left join credited on credited.invoice_id = i.id
           where i.customer_id = ${scope.customerId} and i.paid_at is null)
        select currency_code as "currencyCode", sum(open_minor)::float8 as "openBalanceMinor",
               coalesce(sum(open_minor) filter (where is_overdue), 0)::float8 as "overdueAmountMinor",
               count(*)::int as "openInvoiceCount", count(*) filter (where is_overdue)::int as "overdueInvoiceCount"
          from open_invoices
         group by currency_code
         order by currency_code`,
  );
}

/** The company that sells in the area (area settings), printed on its documents; null for an unknown area. */
export async function findAreaSeller(db: Executor, areaId: string): Promise<AreaSettings['seller'] | null> {
  const [row] = await queryRows<{ seller: AreaSettings['seller'] | null }>(
    db,
    sql`select settings->'seller' as seller from ${areas} where id = ${areaId}`,
  );
  return row?.seller ?? null;
}
