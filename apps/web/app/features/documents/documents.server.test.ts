import { describe, expect, it } from 'vitest';
import { invoiceZipValue } from './document-downloads.ts';
import { parseCreditMemoZipIds, parseInvoiceZipRefs, toCreditMemoId, toInvoicePdfRef } from './documents.server.ts';

const INVOICE_ID = '589ab9ce-db41-4af1-aaab-647cb2e77f89';
const LINK_ID = 'Jv4hPHqHSbaTq6n9fhavuQ';
const CREDIT_MEMO_ID = '0b8c87f2-fdf0-4167-939d-3c39cec7256d';

describe('document download parameters', () => {
  it('takes an invoice only with both of its ids well-formed', () => {
    expect(toInvoicePdfRef(INVOICE_ID, LINK_ID)).toEqual({ invoiceId: INVOICE_ID, linkId: LINK_ID });
    expect(toInvoicePdfRef(null, LINK_ID)).toBeNull();
    expect(toInvoicePdfRef(INVOICE_ID, 'INV-000086')).toBeNull();
    expect(toInvoicePdfRef('1', LINK_ID)).toBeNull();
    expect(toCreditMemoId(CREDIT_MEMO_ID)).toBe(CREDIT_MEMO_ID);
    expect(toCreditMemoId('CM-000005')).toBeNull();
    expect(toCreditMemoId(null)).toBeNull();
  });

  it('reads the ZIP form’s chosen invoices back from what the checkboxes send', () => {
    const value = invoiceZipValue({ invoiceId: INVOICE_ID, linkId: LINK_ID });
    expect(parseInvoiceZipRefs(new URLSearchParams([['invoice', value]]))).toEqual([
      { invoiceId: INVOICE_ID, linkId: LINK_ID },
    ]);
    expect(parseInvoiceZipRefs(new URLSearchParams())).toEqual([]);
  });

  it('refuses the whole ZIP for one malformed id or more than a page of documents', () => {
    const value = invoiceZipValue({ invoiceId: INVOICE_ID, linkId: LINK_ID });
    expect(
      parseInvoiceZipRefs(
        new URLSearchParams([
          ['invoice', value],
          ['invoice', `${INVOICE_ID}`],
        ]),
      ),
    ).toBeNull();
    expect(parseCreditMemoZipIds(new URLSearchParams([['creditMemo', 'x']]))).toBeNull();
    expect(parseCreditMemoZipIds(new URLSearchParams([['creditMemo', CREDIT_MEMO_ID]]))).toEqual([CREDIT_MEMO_ID]);
    const tooMany = new URLSearchParams(Array.from({ length: 101 }, () => ['creditMemo', CREDIT_MEMO_ID]));
    expect(parseCreditMemoZipIds(tooMany)).toBeNull();
    const aPage = new URLSearchParams(Array.from({ length: 100 }, () => ['creditMemo', CREDIT_MEMO_ID]));
    expect(parseCreditMemoZipIds(aPage)).toHaveLength(100);
  });
});
