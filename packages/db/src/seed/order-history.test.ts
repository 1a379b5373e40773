/**
 * The demo customers' order history: the planner alone (deterministic, money exact), and the seeded database
 * (counts per demo customer, states and their moves, invoices equal to their lines, credits within the invoice, the
 * number sequences after the seeded numbers).
 */
import { ORDER_STATUSES } from '@b2b/contract';
import { customerVatOf, VAT_NOTES } from '@b2b/contract/vat-rules';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, queryRows } from '../client.ts';
import { createTestDatabase } from '../testing.ts';
import { SELLER_COUNTRY_CODES, VAT_RATES } from './area-settings.ts';
import { buildAccountRows, DEMO_CUSTOMERS } from './demo-accounts.ts';
import { buildOrderHistory, DEFAULT_HISTORY_ORDERS, type HistoryProduct, toHistoryCustomers } from './order-history.ts';
import { SEED_PRICE_GROUPS } from './price-lists.ts';
import { createRandom, deriveSeed } from './random.ts';
import { SEED_REFERENCE_DATE } from './reference-date.ts';

/** The moves of ADR 014 (the API's order-states.ts): a seeded timeline uses only these. */
const ALLOWED_MOVES = new Set([
  'Placed>Processing',
  'Placed>Cancelled',
  'Processing>PartlyShipped',
  'Processing>Shipped',
  'Processing>Cancelled',
  'PartlyShipped>Shipped',
  'Shipped>Invoiced',
  'Invoiced>Completed',
]);
/** 18 months before the reference date 2026-11-01. */
const HISTORY_START = '2025-05-01';

/** The demo customers as the seed makes them (same account stream), for the planner. */
function demoHistoryCustomers() {
  const accounts = buildAccountRows(
    createRandom(deriveSeed(1, 'accounts')),
    'not-a-hash',
    0,
    SEED_PRICE_GROUPS.map((group) => group.id),
  );
  return toHistoryCustomers(
    accounts,
    new Map([
      ['eu', 'EUR'],
      ['us', 'USD'],
    ]),
    new Map(
      (['eu', 'us'] as const).map((areaId) => [
        areaId,
        { countryCode: SELLER_COUNTRY_CODES[areaId], rateBasisPoints: VAT_RATES[areaId] },
      ]),
    ),
  );
}

/** Products with odd prices (VAT rounding matters), group prices for A and B only (C buys at list price). */
function testProducts(count: number): HistoryProduct[] {
  return Array.from({ length: count }, (_, index) => {
    const list = 1_001 + index * 737;
    return {
      productId: String(500_000 + index),
      name: `Test product ${index}`,
      unitOfMeasure: 'STK',
      variants: [
        { id: `${500_000 + index}-01`, name: `Test product ${index}, Red` },
        { id: `${500_000 + index}-02`, name: `Test product ${index}, Blue` },
      ],
      unitPriceMinorByList: new Map([
        ['list-EUR', list],
        ['list-USD', list + 99],
        ['list-XNOK', list * 11],
        ['group-A-EUR', Math.round(list * 0.87)],
        ['group-B-USD', Math.round((list + 99) * 0.79)],
      ]),
    };
  });
}

describe('buildOrderHistory', () => {
  const customers = demoHistoryCustomers();
  const products = testProducts(60);

  it('is deterministic: the same seed plans the same rows, another seed other rows', () => {
    const plan = (seed: number) => buildOrderHistory({ seed, ordersPerCustomer: 45, customers, products });
    expect(plan(3)).toEqual(plan(3));
    expect(plan(4).orders.map((order) => order.id)).not.toEqual(plan(3).orders.map((order) => order.id));
  });

  it('gives each demo customer its own VAT: the Austrian reverse charge, the Norwegian export, the US none', () => {
    const byNumber = new Map(customers.map((customer) => [customer.customerNumber, customer.vat]));
    expect(byNumber.get('10001')).toEqual({
      treatment: 'reverse-charge',
      rateBasisPoints: 0,
      note: VAT_NOTES.reverseCharge,
      customerVatNumber: 'ATU12345675',
    });
    expect(byNumber.get('10002')).toMatchObject({ treatment: 'export', rateBasisPoints: 0, note: VAT_NOTES.export });
    expect(byNumber.get('20001')).toMatchObject({ treatment: 'no-vat', rateBasisPoints: 0 });
    const rows = buildOrderHistory({ seed: 1, ordersPerCustomer: 45, customers, products });
    const byCustomer = new Map(customers.map((customer) => [customer.customerId, customer]));
    for (const document of [...rows.orders, ...rows.invoices]) {
      const vat = byCustomer.get(document.customerId)?.vat;
      expect(document).toMatchObject({
        vatRateBasisPoints: 0,
        vatTreatment: vat?.treatment,
        vatNote: vat?.note,
        customerVatNumber: vat?.customerVatNumber,
        totalVatMinor: 0,
      });
    }
  });

  it('prices lines at the customer’s net price; VAT once on the total, shared out over lines and fee', () => {
    // The demo customers pay no VAT; a Danish customer of the same history shows the rounding.
    const danish = customers.map((customer) => ({
      ...customer,
      vat: customerVatOf({ countryCode: 'DK', rateBasisPoints: 2500 }, { countryCode: 'DK', vatNumber: null }),
    }));
    const rows = buildOrderHistory({ seed: 1, ordersPerCustomer: 45, customers: danish, products });
    const byCustomer = new Map(danish.map((customer) => [customer.customerId, customer]));
    for (const order of rows.orders) {
      const customer = byCustomer.get(order.customerId);
      const lines = rows.orderLines.filter((line) => line.orderId === order.id);
      expect(lines.length).toBeGreaterThanOrEqual(1);
      expect(lines.length).toBeLessThanOrEqual(8);
      for (const line of lines) {
        const product = products.find((candidate) => candidate.productId === line.productId);
        const list = product?.unitPriceMinorByList.get(`list-${order.currencyCode}`);
        const group = product?.unitPriceMinorByList.get(`group-${customer?.priceGroupId}-${order.currencyCode}`);
        expect(line.unitPriceMinor).toBe(list);
        expect(line.netUnitPriceMinor).toBe(group ?? list);
        expect(line.netLinePriceMinor).toBe(line.netUnitPriceMinor * line.quantity);
        expect(Math.abs(line.vatMinor - line.netLinePriceMinor / 4)).toBeLessThan(1);
      }
      const net = lines.reduce((sum, line) => sum + line.netLinePriceMinor, 0);
      const linesVat = lines.reduce((sum, line) => sum + line.vatMinor, 0);
      expect(order.vatTreatment).toBe('domestic');
      expect(order.totalNetMinor).toBe(net + order.shippingFeeMinor);
      // 25 % of the total, half a cent rounded up.
      expect(order.totalVatMinor).toBe(Math.floor((order.totalNetMinor * 25 + 50) / 100));
      expect(Math.abs(order.totalVatMinor - linesVat - order.shippingFeeMinor / 4)).toBeLessThan(1);
      expect(order.totalWithVatMinor).toBe(order.totalNetMinor + order.totalVatMinor);
      expect(order.currencyCode).toBe(customer?.currencyCode);
    }
  });

  it('numbers orders, invoices and credit memos in time order from 1', () => {
    const rows = buildOrderHistory({ seed: 1, ordersPerCustomer: 45, customers, products });
    const times = (items: Array<{ createdAt?: Date }>) => items.map((item) => item.createdAt?.getTime() ?? 0);
    const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
    for (const [items, prefix] of [
      [rows.orders.map((row) => ({ ...row, number: row.orderNumber })), 'SO'],
      [rows.invoices.map((row) => ({ ...row, number: row.invoiceNumber })), 'INV'],
      [rows.creditMemos.map((row) => ({ ...row, number: row.creditMemoNumber })), 'CM'],
    ] as const) {
      const inNumberOrder = [...items].sort((a, b) => (a.number ?? '').localeCompare(b.number ?? ''));
      expect(inNumberOrder.map((item) => item.number)).toEqual(
        items.map((_, index) => `${prefix}-${String(index + 1).padStart(6, '0')}`),
      );
      expect(times(inNumberOrder)).toEqual(sorted(times(inNumberOrder)));
    }
  });

  it('plans nothing without orders or products', () => {
    expect(buildOrderHistory({ seed: 1, ordersPerCustomer: 0, customers, products }).orders).toEqual([]);
    expect(buildOrderHistory({ seed: 1, ordersPerCustomer: 45, customers, products: [] }).orders).toEqual([]);
  });
});

describe('the seeded order history', () => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase();
  }, 300_000);

  afterAll(async () => {
    await database?.close();
  });

  const rowsOf = <T>(query: ReturnType<typeof sql>) => queryRows<T>(database.db, query);

  it('gives every demo customer at least 40 orders over the last 18 months, in every state', async () => {
    const rows = await rowsOf<{ customer_number: string; status: string; orders: number; first: string; last: string }>(
      sql`SELECT c.customer_number, o.status, count(*)::int AS orders,
                 min(o.created_at)::text AS first, max(o.created_at)::text AS last
          FROM orders o JOIN customers c ON c.id = o.customer_id
          GROUP BY 1, 2 ORDER BY 1, 2`,
    );
    for (const demo of DEMO_CUSTOMERS) {
      const own = rows.filter((row) => row.customer_number === demo.customerNumber);
      expect(own.reduce((sum, row) => sum + row.orders, 0)).toBeGreaterThanOrEqual(
        Math.min(40, DEFAULT_HISTORY_ORDERS),
      );
      expect(own.map((row) => row.status).sort()).toEqual([...ORDER_STATUSES].sort());
      const cancelled = own.find((row) => row.status === 'Cancelled')?.orders ?? 0;
      expect(cancelled).toBeGreaterThanOrEqual(1);
      expect(cancelled).toBeLessThanOrEqual(3);
      for (const row of own) {
        expect(row.first >= HISTORY_START).toBe(true);
        expect(row.last < SEED_REFERENCE_DATE).toBe(true);
      }
    }
    // Only the demo customers have a history.
    expect(new Set(rows.map((row) => row.customer_number))).toEqual(
      new Set(DEMO_CUSTOMERS.map((demo) => demo.customerNumber)),
    );
  });

  it('moves every order only along the allowed moves, in time order, ending in its status', async () => {
    const orders = await rowsOf<{
      status: string;
      placed_at: string;
      moves: Array<{ from: string; to: string; at: string }> | null;
    }>(
      sql`SELECT o.status, o.created_at::text AS placed_at,
                 (SELECT json_agg(json_build_object('from', s.from_status, 'to', s.to_status, 'at', s.created_at)
                                  ORDER BY s.created_at)
                  FROM order_state_changes s WHERE s.order_id = o.id) AS moves
          FROM orders o`,
    );
    expect(orders.length).toBeGreaterThan(0);
    for (const order of orders) {
      const moves = order.moves ?? [];
      let state = 'Placed';
      let at = Date.parse(order.placed_at);
      for (const move of moves) {
        expect(move.from).toBe(state);
        expect(ALLOWED_MOVES.has(`${move.from}>${move.to}`)).toBe(true);
        expect(Date.parse(move.at)).toBeGreaterThan(at);
        state = move.to;
        at = Date.parse(move.at);
      }
      expect(order.status).toBe(state);
      expect(at).toBeLessThan(Date.parse(`${SEED_REFERENCE_DATE}T00:00:00Z`));
    }
  });

  it('invoices exactly the invoiced and completed orders, each equal to its lines and its order, due after the terms', async () => {
    const [check] = await rowsOf<{
      invoiced_orders: number;
      invoices: number;
      unequal_lines: number;
      unequal_orders: number;
      wrong_due: number;
      wrong_line_vat: number;
    }>(
      sql`SELECT
            (SELECT count(*)::int FROM orders WHERE status IN ('Invoiced', 'Completed')) AS invoiced_orders,
            (SELECT count(*)::int FROM invoices i JOIN orders o ON o.id = i.order_id
              WHERE o.status IN ('Invoiced', 'Completed')) AS invoices,
            (SELECT count(*)::int FROM invoices i
              JOIN (SELECT invoice_id, sum(line_net_minor) AS net, sum(line_vat_minor) AS vat
                    FROM invoice_lines GROUP BY invoice_id) l ON l.invoice_id = i.id
              WHERE i.total_net_minor <> l.net OR i.total_vat_minor <> l.vat
                 OR i.total_with_vat_minor <> l.net + l.vat) AS unequal_lines,
            (SELECT count(*)::int FROM invoices i JOIN orders o ON o.id = i.order_id
              WHERE i.total_net_minor <> o.total_net_minor OR i.total_vat_minor <> o.total_vat_minor
                 OR i.currency_code <> o.currency_code) AS unequal_orders,
            (SELECT count(*)::int FROM invoices i JOIN customers c ON c.id = i.customer_id
              WHERE i.due_date <> i.invoice_date + c.payment_terms_days) AS wrong_due,
            (SELECT count(*)::int FROM invoice_lines l WHERE l.line_net_minor <> l.unit_net_minor * l.quantity)
              + (SELECT count(*)::int FROM invoices i
                  WHERE i.total_vat_minor <> round(i.total_net_minor * i.vat_rate_basis_points / 10000.0))
              AS wrong_line_vat`,
    );
    expect(check?.invoices).toBe(check?.invoiced_orders);
    expect(check?.invoices).toBeGreaterThan(0);
    expect(check).toMatchObject({ unequal_lines: 0, unequal_orders: 0, wrong_due: 0, wrong_line_vat: 0 });
  });

  it('bills each demo customer with its own VAT treatment, the note and VAT number on every invoice', async () => {
    const rows = await rowsOf<{
      customer_number: string;
      vat_treatment: string;
      rate: number;
      note: string | null;
      vat_number: string | null;
      vat: number;
    }>(
      sql`SELECT c.customer_number, i.vat_treatment, i.vat_rate_basis_points AS rate, i.vat_note AS note,
                 i.customer_vat_number AS vat_number, sum(i.total_vat_minor)::int AS vat
          FROM invoices i JOIN customers c ON c.id = i.customer_id
          GROUP BY 1, 2, 3, 4, 5 ORDER BY 1`,
    );
    expect(rows).toEqual([
      {
        customer_number: '10001',
        vat_treatment: 'reverse-charge',
        rate: 0,
        note: VAT_NOTES.reverseCharge,
        vat_number: 'ATU12345675',
        vat: 0,
      },
      {
        customer_number: '10002',
        vat_treatment: 'export',
        rate: 0,
        note: VAT_NOTES.export,
        vat_number: 'NO923456783MVA',
        vat: 0,
      },
      { customer_number: '20001', vat_treatment: 'no-vat', rate: 0, note: VAT_NOTES.noVat, vat_number: null, vat: 0 },
    ]);
  });

  it('has paid, open and overdue invoices and a few credit memos for every demo customer', async () => {
    const rows = await rowsOf<{
      customer_number: string;
      paid: number;
      open: number;
      overdue: number;
      credit_memos: number;
      unpaid_completed: number;
    }>(
      sql`SELECT c.customer_number,
                 count(*) FILTER (WHERE i.paid_at IS NOT NULL)::int AS paid,
                 count(*) FILTER (WHERE i.paid_at IS NULL AND i.due_date >= ${SEED_REFERENCE_DATE}::date)::int AS open,
                 count(*) FILTER (WHERE i.paid_at IS NULL AND i.due_date < ${SEED_REFERENCE_DATE}::date)::int AS overdue,
                 (SELECT count(*)::int FROM credit_memos m WHERE m.customer_id = c.id) AS credit_memos,
                 count(*) FILTER (WHERE i.paid_at IS NULL AND o.status = 'Completed')::int AS unpaid_completed
          FROM invoices i JOIN customers c ON c.id = i.customer_id JOIN orders o ON o.id = i.order_id
          GROUP BY c.id, c.customer_number ORDER BY 1`,
    );
    expect(rows.map((row) => row.customer_number)).toEqual(DEMO_CUSTOMERS.map((demo) => demo.customerNumber).sort());
    for (const row of rows) {
      expect(row.paid).toBeGreaterThan(row.open + row.overdue);
      expect(row.open).toBeGreaterThanOrEqual(1);
      expect(row.overdue).toBeGreaterThanOrEqual(1);
      expect(row.credit_memos).toBeGreaterThanOrEqual(2);
      expect(row.unpaid_completed).toBe(0);
    }
  });

  it('never credits more than the invoice, and a credit memo is the sum of its lines', async () => {
    const [check] = await rowsOf<{ memos: number; over_invoice: number; over_line: number; unequal: number }>(
      sql`SELECT
            (SELECT count(*)::int FROM credit_memos) AS memos,
            (SELECT count(*)::int FROM invoices i
              JOIN (SELECT invoice_id, sum(total_with_vat_minor) AS credited FROM credit_memos GROUP BY invoice_id) m
                ON m.invoice_id = i.id
              WHERE m.credited > i.total_with_vat_minor) AS over_invoice,
            (SELECT count(*)::int FROM credit_memo_lines cl JOIN invoice_lines il ON il.id = cl.invoice_line_id
              WHERE cl.quantity > il.quantity OR cl.net_minor > il.line_net_minor
                 OR cl.net_minor <> il.unit_net_minor * cl.quantity) AS over_line,
            (SELECT count(*)::int FROM credit_memos m
              JOIN (SELECT credit_memo_id, sum(net_minor) AS net, sum(vat_minor) AS vat
                    FROM credit_memo_lines GROUP BY credit_memo_id) l ON l.credit_memo_id = m.id
              WHERE m.total_net_minor <> l.net OR m.total_vat_minor <> l.vat
                 OR m.total_with_vat_minor <> l.net + l.vat
                 OR m.total_vat_minor <> (SELECT round(m.total_net_minor * i.vat_rate_basis_points / 10000.0)
                                            FROM invoices i WHERE i.id = m.invoice_id)) AS unequal`,
    );
    expect(check?.memos).toBeGreaterThanOrEqual(2 * DEMO_CUSTOMERS.length);
    expect(check).toMatchObject({ over_invoice: 0, over_line: 0, unequal: 0 });
  });

  it('lets the sales rep place a few orders for 10001 and 10002 in recorded impersonation sessions', async () => {
    const rows = await rowsOf<{ customer_number: string; assisted: number; with_action: number; by_rep: number }>(
      sql`SELECT c.customer_number,
                 count(o.impersonation_session_id)::int AS assisted,
                 count(*) FILTER (WHERE EXISTS (
                   SELECT 1 FROM impersonation_actions a
                   WHERE a.session_id = o.impersonation_session_id AND a.kind = 'Order.CreateOrderByCartId'
                     AND a.summary LIKE 'Placed order ' || o.order_number || ' (%'))::int AS with_action,
                 count(*) FILTER (WHERE o.impersonation_session_id IS NOT NULL AND u.username = 'sales-rep')::int AS by_rep
          FROM orders o JOIN customers c ON c.id = o.customer_id JOIN users u ON u.id = o.placed_by_user_id
          GROUP BY 1 ORDER BY 1`,
    );
    const byNumber = new Map(rows.map((row) => [row.customer_number, row]));
    for (const customerNumber of ['10001', '10002']) {
      const row = byNumber.get(customerNumber);
      expect(row?.assisted).toBeGreaterThanOrEqual(3);
      expect(row?.with_action).toBe(row?.assisted);
      expect(row?.by_rep).toBe(row?.assisted);
    }
    expect(byNumber.get('20001')?.assisted).toBe(0);
  });

  it('moves the number sequences past the seeded numbers', async () => {
    const [next] = await rowsOf<{
      orders: string;
      invoices: string;
      memos: string;
      order: string;
      invoice: string;
      memo: string;
    }>(
      sql`SELECT (SELECT max(order_number) FROM orders) AS orders,
                 (SELECT max(invoice_number) FROM invoices) AS invoices,
                 (SELECT max(credit_memo_number) FROM credit_memos) AS memos,
                 'SO-' || lpad(nextval('order_number_seq')::text, 6, '0') AS order,
                 'INV-' || lpad(nextval('invoice_number_seq')::text, 6, '0') AS invoice,
                 'CM-' || lpad(nextval('credit_memo_number_seq')::text, 6, '0') AS memo`,
    );
    const following = (number: string | undefined) =>
      number?.replace(/\d+$/, (digits) => String(Number(digits) + 1).padStart(6, '0'));
    expect(next?.order).toBe(following(next?.orders));
    expect(next?.invoice).toBe(following(next?.invoices));
    expect(next?.memo).toBe(following(next?.memos));
  });
});
