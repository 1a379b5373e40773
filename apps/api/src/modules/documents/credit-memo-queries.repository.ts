/**
 * Reads of a customer's credit memos (issue 9 §2): the list with filters and one credit memo with its lines, always
 * scoped by the customer id. Like the invoice list: a page and a count on the index (customer, date desc, number
 * desc), as prepared statements with one text for every combination of filters.
 */
import type { VatTreatment } from '@b2b/contract/vat-rules';
import { type Executor, queryPreparedRows, queryRows } from '@b2b/db';
import { creditMemoLines, creditMemos, customers, invoiceLines, invoices, orders } from '@b2b/db/schema';
import { type SQL, sql } from 'drizzle-orm';
import { containsPattern } from '../../lib/sql/contains-pattern.ts';

export type CreditMemoSearch = {
  customerId: string;
  search?: string | undefined;
  /** yyyy-mm-dd, inclusive. */
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
};

export type CreditMemoSummaryRow = {
  id: string;
  creditMemoNumber: string;
  /** yyyy-mm-dd */
  creditMemoDate: string;
  invoiceId: string;
  invoiceNumber: string;
  invoiceLinkId: string;
  orderId: string;
  orderNumber: string;
  reference: string | null;
  reason: string;
  currencyCode: string;
  totalNetMinor: number;
  totalVatMinor: number;
  createdAt: Date;
};

/** The columns of a credit memo summary; `c` is the credit memo, `i` its invoice, `o` the invoice's order. */
const SUMMARY_COLUMNS = sql`
  c.id, c.credit_memo_number as "creditMemoNumber", c.credit_memo_date::text as "creditMemoDate",
  c.invoice_id as "invoiceId", i.invoice_number as "invoiceNumber", i.link_id as "invoiceLinkId",
  i.order_id as "orderId", o.order_number as "orderNumber", o.reference, c.reason,
  c.currency_code as "currencyCode", c.total_net_minor::float8 as "totalNetMinor",
  c.total_vat_minor::float8 as "totalVatMinor", c.created_at as "createdAt"`;

/** Timestamps as the drivers return them (PGlite and node-postgres differ) to Dates. */
function withDates<T extends { createdAt: Date }>(row: T): T {
  return { ...row, createdAt: new Date(row.createdAt) };
}

const FROM_CREDIT_MEMOS = sql`${creditMemos} c
  join ${invoices} i on i.id = c.invoice_id
  join ${orders} o on o.id = i.order_id`;

/**
 * The filters as one condition over `c` (credit memo), one text for every combination (prepared). The invoice and
 * order numbers and the reference are looked up per credit memo only when there is a text to find, by key in a scalar
 * subquery (not EXISTS, which the planner turns into a scan of every order: see invoiceConditions).
 */
function creditMemoConditions(search: CreditMemoSearch): SQL {
  const pattern = search.search ? containsPattern(search.search) : null;
  return sql`c.customer_id = ${search.customerId}
    and (${pattern}::text is null or c.credit_memo_number ilike ${pattern}
         or (select si.invoice_number ilike ${pattern} or so.order_number ilike ${pattern}
                    or coalesce(so.reference ilike ${pattern}, false)
               from ${invoices} si join ${orders} so on so.id = si.order_id
               where si.id = c.invoice_id))
    and (${search.dateFrom ?? null}::date is null or c.credit_memo_date >= ${search.dateFrom ?? null}::date)
    and (${search.dateTo ?? null}::date is null or c.credit_memo_date <= ${search.dateTo ?? null}::date)`;
}

/**
 * The matching credit memos, newest first (date, then number), one page of them, and how many match in all: the page
 * is chosen from the credit memos alone (in index order), its invoices and orders joined to those rows afterwards.
 */
export async function searchCreditMemos(
  db: Executor,
  search: CreditMemoSearch,
  page: { limit: number; offset: number },
): Promise<{ rows: CreditMemoSummaryRow[]; total: number }> {
  const where = creditMemoConditions(search);
  const [rows, [count]] = await Promise.all([
    queryPreparedRows<CreditMemoSummaryRow>(
      db,
      'credit_memo_page',
      sql`select ${SUMMARY_COLUMNS}
            from (select * from ${creditMemos} c
                   where ${where}
                   -- nulls last as in the index (credit_memos_customer_date_idx), or the planner sorts instead
                   order by c.credit_memo_date desc nulls last, c.credit_memo_number desc nulls last
                   limit ${page.limit} offset ${page.offset}) c
            join ${invoices} i on i.id = c.invoice_id
            join ${orders} o on o.id = i.order_id
           order by c.credit_memo_date desc, c.credit_memo_number desc`,
    ),
    queryPreparedRows<{ total: number }>(
      db,
      'credit_memo_count',
      sql`select count(*)::int as total from ${creditMemos} c where ${where}`,
    ),
  ]);
  return { rows: rows.map(withDates), total: count?.total ?? 0 };
}

/** The credit memos against these invoices, oldest first (an invoice's page and an order's timeline show them). */
export async function findCreditMemosOfInvoices(db: Executor, invoiceIds: string[]): Promise<CreditMemoSummaryRow[]> {
  if (invoiceIds.length === 0) return [];
  const rows = await queryRows<CreditMemoSummaryRow>(
    db,
    sql`select ${SUMMARY_COLUMNS}
          from ${FROM_CREDIT_MEMOS}
         where c.invoice_id in (${sql.join(
           invoiceIds.map((id) => sql`${id}`),
           sql`, `,
         )})
         order by c.created_at, c.credit_memo_number`,
  );
  return rows.map(withDates);
}

export type CreditMemoDetailRow = CreditMemoSummaryRow & {
  totalWithVatMinor: number;
  /** The invoice's VAT (ADR 018): a credit memo carries the VAT of the invoice it credits. */
  vatRateBasisPoints: number;
  vatTreatment: VatTreatment;
  vatNote: string | null;
  customerVatNumber: string | null;
  /** For the PDF: the invoice's area and bill-to address, and the customer. */
  areaId: string;
  billToAddress: { name: string; street: string; postalCode: string; city: string; countryCode: string } | null;
  customerName: string;
  customerNumber: string;
};

/** The customer's credit memo with this id; null for another customer's or none. */
export async function findCustomerCreditMemo(
  db: Executor,
  scope: { customerId: string; creditMemoId: string },
): Promise<CreditMemoDetailRow | null> {
  const [row] = await queryRows<CreditMemoDetailRow>(
    db,
    sql`select ${SUMMARY_COLUMNS}, c.total_with_vat_minor::float8 as "totalWithVatMinor",
               i.vat_rate_basis_points as "vatRateBasisPoints", i.vat_treatment as "vatTreatment",
               i.vat_note as "vatNote", i.customer_vat_number as "customerVatNumber", i.area_id as "areaId",
               i.bill_to_address as "billToAddress", cu.name as "customerName",
               cu.customer_number as "customerNumber"
          from ${FROM_CREDIT_MEMOS}
          join ${customers} cu on cu.id = c.customer_id
         where c.customer_id = ${scope.customerId} and c.id = ${scope.creditMemoId}`,
  );
  return row ? withDates(row) : null;
}

export type CreditMemoLineRow = {
  id: string;
  invoiceLineId: string | null;
  description: string;
  quantity: number | null;
  netMinor: number;
  vatMinor: number;
  /** From the credited invoice line, for the PDF's item column, unit and unit price. */
  productId: string | null;
  variantId: string | null;
  unitOfMeasure: string | null;
  unitNetMinor: number | null;
};

export async function findCreditMemoLines(db: Executor, creditMemoId: string): Promise<CreditMemoLineRow[]> {
  return queryRows<CreditMemoLineRow>(
    db,
    sql`select cl.id, cl.invoice_line_id as "invoiceLineId", cl.description, cl.quantity,
               cl.net_minor::float8 as "netMinor", cl.vat_minor::float8 as "vatMinor",
               il.product_id as "productId", il.variant_id as "variantId", il.unit_of_measure as "unitOfMeasure",
               il.unit_net_minor::float8 as "unitNetMinor"
          from ${creditMemoLines} cl
          left join ${invoiceLines} il on il.id = cl.invoice_line_id
         where cl.credit_memo_id = ${creditMemoId}
         order by cl.sort_order`,
  );
}
