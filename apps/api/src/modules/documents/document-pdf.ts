/**
 * Invoices and credit memos as PDF files (issue 9 §2), drawn with pdfkit. Pure: it takes everything it prints
 * (seller from the area's data, customer, lines, totals in minor units) and returns the bytes, so a test can
 * extract the text and find what a bookkeeper looks for.
 *
 * Only pdfkit's standard fonts are used: no font files to load, and the PDF stays small and quick to make (the
 * bench's target is p95 ≤ 150 ms per document). They cover WinAnsi (Windows-1252: Western European letters, €, the
 * typographic quotes and dashes); text outside it is printed in its closest WinAnsi form (`toWinAnsi`), since the
 * standard fonts would otherwise print garbage for it.
 */
import type { AreaSettings } from '@b2b/contract';
import { UNIT_OF_MEASURE_LABELS } from '@b2b/contract/constants';
import { type CustomerVat, vatLabel } from '@b2b/contract/vat-rules';
import { formatAmount } from '../impersonation/impersonation-actions.ts';

export type DocumentPdfLine = {
  /** The variant's item number, else the product's; empty for a credited amount without a product. */
  itemNumber: string;
  name: string;
  quantity: number;
  /** The unit's code (`STK`), printed as its English label (`pcs`); null for shipping or a credited amount. */
  unitOfMeasure: string | null;
  unitPriceMinor: number;
  lineTotalMinor: number;
  /** Printed under the name: the campaign and level that priced the line and what it took off (issue 27). */
  note?: string | undefined;
};

export type DocumentPdfInput = {
  kind: 'invoice' | 'creditMemo';
  documentNumber: string;
  /** yyyy-mm-dd */
  issuedOn: string;
  /** yyyy-mm-dd; invoices only. */
  dueOn: string | null;
  orderNumber: string;
  reference: string | null;
  /** The invoice a credit memo credits. */
  creditedInvoiceNumber: string | null;
  /** The company that sells in the document's area, with its bank (area data, not code). */
  seller: AreaSettings['seller'];
  customer: { name: string; customerNumber: string; addressLines: string[] };
  currencyCode: string;
  lines: DocumentPdfLine[];
  /** The document's VAT (ADR 018): its rate and treatment name the VAT row; the note and VAT number are printed. */
  vat: CustomerVat;
  totalNetMinor: number;
  totalVatMinor: number;
  totalWithVatMinor: number;
};

const PAGE_MARGIN = 50;
const FONT = 'Helvetica';
const BOLD_FONT = 'Helvetica-Bold';
const BODY_SIZE = 9;
const ROW_GAP = 4;

/** Columns of the lines table: x and width in points (A4 is 595 wide; 495 between the margins). */
const COLUMNS = {
  item: { x: PAGE_MARGIN, width: 85 },
  name: { x: PAGE_MARGIN + 90, width: 190 },
  quantity: { x: PAGE_MARGIN + 285, width: 50 },
  unitPrice: { x: PAGE_MARGIN + 340, width: 75 },
  lineTotal: { x: PAGE_MARGIN + 420, width: 75 },
} as const;

/**
 * The characters the standard fonts can print: Windows-1252 without its control characters, i.e. printable ASCII,
 * Latin-1 from U+00A0, and the 27 characters Windows-1252 puts at 0x80–0x9F (written out: Node's TextDecoder treats
 * windows-1252 as Latin-1 there).
 */
const WIN_ANSI_CHARACTERS = new Set([
  ...Array.from({ length: 0x7f - 0x20 }, (_, offset) => String.fromCharCode(0x20 + offset)),
  ...Array.from({ length: 0x100 - 0xa0 }, (_, offset) => String.fromCharCode(0xa0 + offset)),
  ...'€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ',
]);

/** Letters without a decomposition into a WinAnsi letter and a mark (Ł is not L + a mark in Unicode). */
const WIN_ANSI_FALLBACKS: Record<string, string> = { Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', Ħ: 'H', ħ: 'h', ı: 'i' };

/**
 * `text` with every character the standard fonts cannot print replaced: by the letter without its accent when that
 * is printable (ź → z, ă → a), by a known look-alike (ł → l), else by `?`. Names from Poland or Romania stay
 * readable; scripts outside Latin need an embedded Unicode font.
 */
export function toWinAnsi(text: string): string {
  let printable = '';
  for (const character of text) {
    if (WIN_ANSI_CHARACTERS.has(character)) {
      printable += character;
      continue;
    }
    const withoutMarks = character.normalize('NFD').replace(/\p{M}/gu, '');
    const isPrintable = withoutMarks !== '' && [...withoutMarks].every((part) => WIN_ANSI_CHARACTERS.has(part));
    printable += isPrintable ? withoutMarks : (WIN_ANSI_FALLBACKS[character] ?? '?');
  }
  return printable;
}

/** The input with every text in its printable form (numbers and amounts are printable already). */
function toPrintableInput(input: DocumentPdfInput): DocumentPdfInput {
  const seller = input.seller;
  return {
    ...input,
    documentNumber: toWinAnsi(input.documentNumber),
    orderNumber: toWinAnsi(input.orderNumber),
    reference: input.reference === null ? null : toWinAnsi(input.reference),
    seller: {
      ...seller,
      name: toWinAnsi(seller.name),
      addressLines: seller.addressLines.map(toWinAnsi),
      email: toWinAnsi(seller.email),
      taxId: toWinAnsi(seller.taxId),
      bankName: toWinAnsi(seller.bankName),
      bankAccount: toWinAnsi(seller.bankAccount),
      bic: toWinAnsi(seller.bic),
    },
    customer: {
      name: toWinAnsi(input.customer.name),
      customerNumber: toWinAnsi(input.customer.customerNumber),
      addressLines: input.customer.addressLines.map(toWinAnsi),
    },
    lines: input.lines.map((line) => ({
      ...line,
      itemNumber: toWinAnsi(line.itemNumber),
      name: toWinAnsi(line.name),
      note: line.note === undefined ? undefined : toWinAnsi(line.note),
    })),
    vat: {
      ...input.vat,
      note: input.vat.note === null ? null : toWinAnsi(input.vat.note),
      customerVatNumber: input.vat.customerVatNumber === null ? null : toWinAnsi(input.vat.customerVatNumber),
    },
  };
}

/** A line's quantity with its unit as an English reader knows it: `3 pcs` (the data keeps `STK`). */
function quantityWithUnit(line: DocumentPdfLine): string {
  if (line.unitOfMeasure === null) return String(line.quantity);
  return `${line.quantity} ${UNIT_OF_MEASURE_LABELS[line.unitOfMeasure] ?? line.unitOfMeasure}`;
}

/**
 * A stored address as printed lines under the customer's name: the address's own name when it is not the customer's
 * (a warehouse, a department), street, postal code and city, country.
 */
export function addressLinesOf(
  address: { name: string; street: string; postalCode: string; city: string; countryCode: string } | null,
  customerName: string,
): string[] {
  if (!address) return [];
  return [
    ...(address.name && address.name !== customerName ? [address.name] : []),
    address.street,
    `${address.postalCode} ${address.city}`,
    address.countryCode,
  ];
}

/** The file name a download gets: the document number, e.g. INV-000123.pdf. */
export function documentPdfFileName(documentNumber: string): string {
  return `${documentNumber.replace(/[^A-Za-z0-9-]/g, '_')}.pdf`;
}

/**
 * The PDF of an invoice or credit memo (A4, one or more pages). pdfkit is loaded on the first document, not at
 * start-up: it holds ≈ 10 MB (pdfkit, fontkit) that an API whose buyers never open a PDF would keep for nothing
 * (issue 12).
 */
export async function renderDocumentPdf(document: DocumentPdfInput): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const input = toPrintableInput(document);
  const title = input.kind === 'invoice' ? 'Invoice' : 'Credit memo';
  const issued = new Date(`${input.issuedOn}T00:00:00Z`);
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE_MARGIN,
    // The creation date is the document's date, so the same document gives the same bytes.
    info: { Title: `${title} ${input.documentNumber}`, Author: input.seller.name, CreationDate: issued },
  });
  const chunks: Buffer[] = [];
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const money = (minor: number) => formatAmount(minor, input.currencyCode);
  const right = PAGE_MARGIN + 495;

  // Seller (left) and title (right).
  doc.font(BOLD_FONT).fontSize(14).text(input.seller.name, PAGE_MARGIN, PAGE_MARGIN, { width: 280 });
  doc.font(FONT).fontSize(BODY_SIZE);
  for (const line of [...input.seller.addressLines, input.seller.email, input.seller.taxId]) {
    doc.text(line, { width: 280 });
  }
  doc
    .font(BOLD_FONT)
    .fontSize(20)
    .text(title, 340, PAGE_MARGIN, { width: right - 340, align: 'right' });
  doc
    .font(FONT)
    .fontSize(11)
    .text(input.documentNumber, { width: right - 340, align: 'right' });

  // Customer (left) and the document's facts (right).
  const blockTop = 150;
  doc
    .font(BOLD_FONT)
    .fontSize(BODY_SIZE)
    .text(input.kind === 'invoice' ? 'Bill to' : 'Credit to', PAGE_MARGIN, blockTop);
  doc.font(FONT).text(input.customer.name, { width: 260 });
  for (const line of input.customer.addressLines) doc.text(line, { width: 260 });

  const facts: Array<[string, string]> = [
    [input.kind === 'invoice' ? 'Invoice number' : 'Credit memo number', input.documentNumber],
    [input.kind === 'invoice' ? 'Invoice date' : 'Date', input.issuedOn],
    ...(input.dueOn ? ([['Due date', input.dueOn]] as Array<[string, string]>) : []),
    ...(input.creditedInvoiceNumber
      ? ([['Credits invoice', input.creditedInvoiceNumber]] as Array<[string, string]>)
      : []),
    ['Order number', input.orderNumber],
    ['Your reference', input.reference ?? '–'],
    ['Customer number', input.customer.customerNumber],
    ...(input.vat.customerVatNumber
      ? ([['Your VAT number', input.vat.customerVatNumber]] as Array<[string, string]>)
      : []),
    ['Currency', input.currencyCode],
  ];
  let factY = blockTop;
  for (const [label, value] of facts) {
    doc.font(BOLD_FONT).text(label, 330, factY, { width: 95 });
    doc.font(FONT).text(value, 425, factY, { width: right - 425 });
    factY += BODY_SIZE + ROW_GAP + 2;
  }

  // Lines.
  let y = Math.max(doc.y, factY) + 30;
  const drawHeader = () => {
    doc.font(BOLD_FONT).fontSize(BODY_SIZE);
    doc.text('Item', COLUMNS.item.x, y, { width: COLUMNS.item.width });
    doc.text('Description', COLUMNS.name.x, y, { width: COLUMNS.name.width });
    doc.text('Qty', COLUMNS.quantity.x, y, { width: COLUMNS.quantity.width, align: 'right' });
    doc.text('Unit price', COLUMNS.unitPrice.x, y, { width: COLUMNS.unitPrice.width, align: 'right' });
    doc.text('Line total', COLUMNS.lineTotal.x, y, { width: COLUMNS.lineTotal.width, align: 'right' });
    y += BODY_SIZE + ROW_GAP;
    doc.moveTo(PAGE_MARGIN, y).lineTo(right, y).lineWidth(0.5).stroke();
    y += ROW_GAP;
    doc.font(FONT);
  };
  const pageBottom = doc.page.height - PAGE_MARGIN;
  drawHeader();
  for (const line of input.lines) {
    const description = line.note ? `${line.name}\n${line.note}` : line.name;
    const height = Math.max(
      doc.heightOfString(description, { width: COLUMNS.name.width }),
      doc.heightOfString(line.itemNumber || ' ', { width: COLUMNS.item.width }),
    );
    if (y + height > pageBottom) {
      doc.addPage();
      y = PAGE_MARGIN;
      drawHeader();
    }
    doc.text(line.itemNumber, COLUMNS.item.x, y, { width: COLUMNS.item.width });
    doc.text(description, COLUMNS.name.x, y, { width: COLUMNS.name.width });
    doc.text(quantityWithUnit(line), COLUMNS.quantity.x, y, { width: COLUMNS.quantity.width, align: 'right' });
    doc.text(money(line.unitPriceMinor), COLUMNS.unitPrice.x, y, { width: COLUMNS.unitPrice.width, align: 'right' });
    doc.text(money(line.lineTotalMinor), COLUMNS.lineTotal.x, y, { width: COLUMNS.lineTotal.width, align: 'right' });
    y += height + ROW_GAP;
  }

  // Totals, the VAT note, then where to pay; they stay together on one page.
  const noteHeight = input.vat.note ? doc.heightOfString(input.vat.note, { width: 495 }) + ROW_GAP * 3 : 0;
  const totalsHeight = 4 * (BODY_SIZE + ROW_GAP + 4) + 90 + noteHeight;
  if (y + totalsHeight > pageBottom) {
    doc.addPage();
    y = PAGE_MARGIN;
  }
  doc.moveTo(PAGE_MARGIN, y).lineTo(right, y).lineWidth(0.5).stroke();
  y += ROW_GAP * 2;
  const totals: Array<[string, string, boolean]> = [
    ['Total excl. VAT', money(input.totalNetMinor), false],
    [vatLabel(input.vat), money(input.totalVatMinor), false],
    [input.kind === 'invoice' ? 'Total' : 'Total credited', money(input.totalWithVatMinor), true],
  ];
  for (const [label, amount, isGrandTotal] of totals) {
    doc.font(isGrandTotal ? BOLD_FONT : FONT).fontSize(isGrandTotal ? 11 : BODY_SIZE);
    doc.text(label, COLUMNS.quantity.x - 60, y, { width: 170, align: 'right' });
    doc.text(amount, COLUMNS.lineTotal.x, y, { width: COLUMNS.lineTotal.width, align: 'right' });
    y += (isGrandTotal ? 11 : BODY_SIZE) + ROW_GAP + 2;
  }

  if (input.vat.note) {
    y += ROW_GAP * 2;
    doc.font(FONT).fontSize(BODY_SIZE).text(input.vat.note, PAGE_MARGIN, y, { width: 495 });
    y = doc.y;
  }

  y += 20;
  doc.font(BOLD_FONT).fontSize(BODY_SIZE).text('Payment details', PAGE_MARGIN, y);
  doc.font(FONT);
  const payment =
    input.kind === 'invoice'
      ? `Please pay ${money(input.totalWithVatMinor)} by ${input.dueOn ?? input.issuedOn} to ${input.seller.bankName}, ` +
        `${input.seller.bankAccount}, BIC ${input.seller.bic}, quoting ${input.documentNumber}.`
      : `${money(input.totalWithVatMinor)} is credited to your account with ${input.seller.name}` +
        `${input.creditedInvoiceNumber ? ` against invoice ${input.creditedInvoiceNumber}` : ''}; ` +
        'it is set off against open invoices or repaid on request.';
  doc.text(payment, { width: 495 });

  doc.end();
  return finished;
}
