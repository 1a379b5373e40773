import { VAT_NOTES } from '@b2b/contract/vat-rules';
import { PDFParse } from 'pdf-parse';
import { describe, expect, it } from 'vitest';
import { type DocumentPdfInput, documentPdfFileName, renderDocumentPdf, toWinAnsi } from './document-pdf.ts';

const SELLER = {
  name: 'Ridgeline Wholesale Europe',
  addressLines: ['Harbour Street 12', '1050 Copenhagen', 'Denmark'],
  email: 'orders@ridgeline.example',
  taxId: 'VAT DK12345678',
  bankName: 'Harbour Bank',
  bankAccount: 'IBAN DK50 0040 0440 1162 43',
  bic: 'HRBKDKKK',
};

function invoice(overrides: Partial<DocumentPdfInput> = {}): DocumentPdfInput {
  return {
    kind: 'invoice',
    documentNumber: 'INV-000123',
    issuedOn: '2026-03-02',
    dueOn: '2026-04-01',
    orderNumber: 'SO-000042',
    reference: 'PO-7781',
    creditedInvoiceNumber: null,
    seller: SELLER,
    customer: { name: 'Fjord Sports ApS', customerNumber: 'C10001', addressLines: ['Nørregade 5', '8000 Aarhus'] },
    currencyCode: 'EUR',
    lines: [
      {
        itemNumber: '100123-03',
        name: 'Harbor Deck 8.25"',
        quantity: 2,
        unitOfMeasure: 'STK',
        unitPriceMinor: 12_345,
        lineTotalMinor: 24_690,
      },
      {
        itemNumber: '100200',
        name: 'Grip tape',
        quantity: 10,
        unitOfMeasure: 'STK',
        unitPriceMinor: 499,
        lineTotalMinor: 4_990,
      },
      { itemNumber: '', name: 'Shipping', quantity: 1, unitOfMeasure: null, unitPriceMinor: 0, lineTotalMinor: 0 },
    ],
    vat: { treatment: 'domestic', rateBasisPoints: 2500, note: null, customerVatNumber: null },
    totalNetMinor: 29_680,
    totalVatMinor: 7_420,
    totalWithVatMinor: 37_100,
    ...overrides,
  };
}

async function textOf(pdf: Buffer): Promise<{ text: string; pages: number }> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    const result = await parser.getText();
    return { text: result.text, pages: result.total };
  } finally {
    await parser.destroy();
  }
}

describe('renderDocumentPdf', () => {
  it('prints the seller, the customer, the numbers, each line, VAT, the total and where to pay', async () => {
    const pdf = await renderDocumentPdf(invoice());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { text, pages } = await textOf(pdf);
    expect(pages).toBe(1);
    for (const expected of [
      'Ridgeline Wholesale Europe',
      'Harbour Street 12',
      'Fjord Sports ApS',
      'Nørregade 5',
      'INV-000123',
      'SO-000042',
      'PO-7781',
      '2026-04-01',
      'VAT 25 %',
      'EUR 74.20',
      'EUR 371.00',
      'DK50 0040 0440 1162 43',
    ]) {
      expect(text).toContain(expected);
    }
    // The unit is shown as English readers know it (pcs); the data keeps its code (STK).
    expect(text).toMatch(/100123-03\s+Harbor Deck 8\.25"\s+2 pcs\s+EUR 123\.45\s+EUR 246\.90/);
    expect(text).toMatch(/100200\s+Grip tape\s+10 pcs\s+EUR 4\.99\s+EUR 49\.90/);
    expect(text).toMatch(/Shipping\s+1\s+EUR 0\.00/);
    expect(text).not.toContain('STK');
    expect(text).not.toContain('Your VAT number');
  });

  it('prints the campaign and level that priced a line under its name', async () => {
    const pdf = await renderDocumentPdf(
      invoice({
        lines: [
          {
            itemNumber: '100200',
            name: 'Grip tape',
            quantity: 12,
            unitOfMeasure: 'STK',
            unitPriceMinor: 800,
            lineTotalMinor: 8_640,
            note: 'Campaign Summer mix & match: 10 % from 12 pcs, -EUR 9.60',
          },
        ],
      }),
    );
    const { text } = await textOf(pdf);
    const flowing = text.replace(/\s+/g, ' ');
    // The note wraps in the description column; the quantity and amounts stay on the line's row.
    expect(flowing).toContain('100200 Grip tape Campaign Summer mix & match: 10 % from 12 pcs, -EUR 9.60');
    expect(flowing).toContain('12 pcs EUR 8.00 EUR 86.40');
  });

  it('prints a reverse-charge invoice at 0 % with its legal note and the customer’s VAT number', async () => {
    const { text } = await textOf(
      await renderDocumentPdf(
        invoice({
          vat: {
            treatment: 'reverse-charge',
            rateBasisPoints: 0,
            note: VAT_NOTES.reverseCharge,
            customerVatNumber: 'ATU12345675',
          },
          totalVatMinor: 0,
          totalWithVatMinor: 29_680,
        }),
      ),
    );
    expect(text).toContain('VAT 0 % — reverse charge');
    expect(text).toMatch(/Your VAT number\s+ATU12345675/);
    // pdf text extraction breaks the note where the PDF wraps it
    expect(text.replace(/\s+/g, ' ')).toContain(VAT_NOTES.reverseCharge);
    expect(text).toContain('EUR 296.80');
  });

  it('names a credit memo and the invoice it credits, without a due date', async () => {
    const pdf = await renderDocumentPdf(
      invoice({ kind: 'creditMemo', documentNumber: 'CM-000007', dueOn: null, creditedInvoiceNumber: 'INV-000123' }),
    );
    const { text } = await textOf(pdf);
    expect(text).toContain('Credit memo');
    expect(text).toContain('CM-000007');
    expect(text).toContain('Credits invoice');
    expect(text).not.toContain('Due date');
  });

  it('prints text outside the standard fonts in its closest printable form', async () => {
    expect(toWinAnsi('Łódź Spółka – Nørre Allé €')).toBe('Lódz Spólka – Nørre Allé €');
    expect(toWinAnsi('Brașov 東京')).toBe('Brasov ??');
    const { text } = await textOf(
      await renderDocumentPdf(
        invoice({ customer: { name: 'Łódź Spółka z o.o.', customerNumber: 'C10002', addressLines: ['ul. Piękna 3'] } }),
      ),
    );
    expect(text).toContain('Lódz Spólka z o.o.');
    expect(text).toContain('ul. Piekna 3');
  });

  it('continues the lines on further pages', async () => {
    const lines = Array.from({ length: 120 }, (_, index) => ({
      itemNumber: `ITEM-${index + 1}`,
      name: `Product number ${index + 1}`,
      quantity: 1,
      unitOfMeasure: 'STK',
      unitPriceMinor: 100,
      lineTotalMinor: 100,
    }));
    const { text, pages } = await textOf(await renderDocumentPdf(invoice({ lines })));
    expect(pages).toBeGreaterThan(1);
    expect(text).toContain('ITEM-1 ');
    expect(text).toContain('ITEM-120');
  });

  it('gives the same bytes for the same document', async () => {
    const [first, second] = await Promise.all([renderDocumentPdf(invoice()), renderDocumentPdf(invoice())]);
    expect(first.equals(second)).toBe(true);
  });

  it('makes a file name of the document number', () => {
    expect(documentPdfFileName('INV-000123')).toBe('INV-000123.pdf');
  });
});
