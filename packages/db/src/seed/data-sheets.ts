/**
 * Product data sheets (issue 10: downloads served by `/files/{b64Path}/{b64FileName}`): a one-page PDF per product
 * for a few products of the catalogue, drawn with pdfkit from the generated product and stored as a media file at
 * `files/datasheets/<productId>.pdf`, and listed in the product's media as a document (`toDataSheetMedia`), which
 * the product page offers as a download.
 *
 * Deterministic: the PDF's dates are the seed's reference date, so the same seed gives the same bytes. pdfkit is
 * loaded only when sheets are drawn: importing it takes a few hundred milliseconds, which every test process that
 * imports the seed (and then loads a cached template database) would otherwise pay for nothing.
 */
import type PDFDocument from 'pdfkit';
import type { mediaFiles, ProductMedia } from '../schema.ts';
import type { GeneratedProduct } from './generate-product.ts';
import { SEED_REFERENCE_DATE } from './reference-date.ts';

/**
 * Products with a data sheet: spread over the root categories and all within the 200-product test catalogue;
 * 100123 is the product the API tests and e2e specs open most.
 */
export const DATA_SHEET_PRODUCT_IDS: readonly string[] = [
  '100003',
  '100010',
  '100020',
  '100030',
  '100044',
  '100060',
  '100078',
  '100123',
  '100145',
  '100185',
];

/** Where a product's data sheet is stored (and what `/files/{b64Path}/…` encodes). */
export function toDataSheetPath(productId: string): string {
  return `files/datasheets/${productId}.pdf`;
}

/**
 * The product's media entry for its sheet: a `/files/{b64Path}/{b64FileName}` URL (base64url, no padding), so the
 * download is saved as `<item number> data sheet.pdf`.
 */
export function toDataSheetMedia(productId: string): ProductMedia {
  const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
  const url = `/files/${b64(toDataSheetPath(productId))}/${b64(`${productId} data sheet.pdf`)}`;
  return { type: 'document', url, name: 'Data sheet (PDF)' };
}

/** What the sheet prints besides the generated product: the names its ids stand for. */
export type DataSheetInput = {
  generated: GeneratedProduct;
  brandName: string;
  /** "Skate › Decks" */
  categoryPath: string;
};

const MARGIN = 50;
const PAGE_WIDTH = 595.28;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const ACCENT = '#1e3a8a';

function drawTable(
  doc: PDFKit.PDFDocument,
  title: string,
  columns: ReadonlyArray<{ label: string; width: number }>,
  rows: ReadonlyArray<readonly string[]>,
): void {
  doc.moveDown(1.2).font('Helvetica-Bold').fontSize(12).fillColor(ACCENT).text(title, MARGIN);
  doc.moveDown(0.4);
  const drawRow = (cells: readonly string[], isHeader: boolean, shaded: boolean) => {
    const top = doc.y;
    const height = 18;
    if (isHeader) doc.rect(MARGIN, top, CONTENT_WIDTH, height).fill('#e0e7ff');
    else if (shaded) doc.rect(MARGIN, top, CONTENT_WIDTH, height).fill('#f3f4f6');
    doc
      .fillColor('#111827')
      .font(isHeader ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(9);
    let x = MARGIN + 6;
    cells.forEach((cell, index) => {
      const width = columns[index]?.width ?? 100;
      doc.text(cell, x, top + 5, { width: width - 12, lineBreak: false });
      x += width;
    });
    doc.y = top + height;
  };
  drawRow(
    columns.map((column) => column.label),
    true,
    false,
  );
  rows.forEach((row, index) => {
    drawRow(row, false, index % 2 === 1);
  });
}

/** Renders one product's data sheet (one A4 page) with pdfkit's document class. */
function renderDataSheet(PdfDocument: typeof PDFDocument, input: DataSheetInput): Promise<Buffer> {
  const { product, variants } = input.generated;
  const issued = new Date(`${SEED_REFERENCE_DATE}T00:00:00Z`);
  const doc = new PdfDocument({
    size: 'A4',
    margin: MARGIN,
    info: {
      Title: `Data sheet ${product.id}: ${product.name}`,
      Author: 'Ridgeline Wholesale',
      Subject: 'Product data sheet',
      CreationDate: issued,
      ModDate: issued,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.rect(0, 0, PAGE_WIDTH, 70).fill(ACCENT);
  doc.fillColor('#ffffff').font('Helvetica-Bold').fontSize(16).text('Ridgeline Wholesale', MARGIN, 27);
  doc.font('Helvetica').fontSize(10).text('Product data sheet', MARGIN, 31, { width: CONTENT_WIDTH, align: 'right' });

  doc
    .fillColor('#111827')
    .font('Helvetica-Bold')
    .fontSize(20)
    .text(product.name, MARGIN, 100, { width: CONTENT_WIDTH });
  doc.moveDown(0.3).font('Helvetica').fontSize(11).fillColor('#374151');
  doc.text(`Item number ${product.id}  ·  ${input.brandName}  ·  ${input.categoryPath}`);
  doc
    .moveDown(0.8)
    .fontSize(10)
    .fillColor('#111827')
    .text(product.description ?? '', { width: CONTENT_WIDTH });

  const specifications = product.specifications ?? { $meta: {} };
  const labels: Record<string, string> = specifications.$meta;
  const specificationRows = Object.entries(specifications)
    .filter((entry): entry is [string, string] => entry[0] !== '$meta' && typeof entry[1] === 'string')
    .map(([key, value]) => [labels[key] ?? key, value] as const);
  const sizes = [...new Set(variants.map((variant) => variant.size).filter((size) => size != null))];
  const colours = [...new Set(variants.map((variant) => variant.colour).filter((colour) => colour != null))];
  drawTable(
    doc,
    'Specifications',
    [
      { label: 'Attribute', width: 150 },
      { label: 'Value', width: CONTENT_WIDTH - 150 },
    ],
    [
      ...specificationRows,
      ['Sizes', sizes.length > 0 ? sizes.join(', ') : 'One size'],
      ['Colours', colours.join(', ')],
      ['Unit of measure', product.unitOfMeasure ?? 'STK'],
    ],
  );
  drawTable(
    doc,
    'Variants',
    [
      { label: 'Item number', width: 95 },
      { label: 'Size', width: 90 },
      { label: 'Colour', width: 90 },
      { label: 'Name', width: CONTENT_WIDTH - 275 },
    ],
    variants.map((variant) => [variant.id, variant.size ?? '–', variant.colour ?? '–', variant.name]),
  );

  doc
    .font('Helvetica')
    .fontSize(8)
    .fillColor('#6b7280')
    .text(
      `Issued ${SEED_REFERENCE_DATE}. Specifications may change without notice; the product page shows current stock and your prices.`,
      MARGIN,
      780,
      { width: CONTENT_WIDTH, lineBreak: false },
    );
  doc.end();
  return done;
}

/** The media rows of the data sheets of the given products. */
export async function buildDataSheetRows(
  inputs: readonly DataSheetInput[],
): Promise<Array<typeof mediaFiles.$inferInsert>> {
  if (inputs.length === 0) return [];
  const { default: PdfDocument } = await import('pdfkit');
  const rows: Array<typeof mediaFiles.$inferInsert> = [];
  for (const input of inputs) {
    rows.push({
      path: toDataSheetPath(input.generated.product.id),
      contentType: 'application/pdf',
      body: await renderDataSheet(PdfDocument, input),
    });
  }
  return rows;
}
