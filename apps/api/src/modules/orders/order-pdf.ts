// The order as a PDF: an invoice with prices, or a pick copy without (hasPrice=false).
// Distributor header (its logo when it has one), customer with route and stop, lines with UPC, pack and
// quantity, totals.
import { formatMoney } from '@portal/shared/money/money';
import { ORDER_STATUS_LABELS } from '@portal/shared/orders/order-status';
import type { DistributorTable, OrderLineTable, OrderTable } from '../../db/schema.ts';
import type { CustomerWithRep } from '../customers/customers.service.ts';
import type { PdfImage } from '../media/media.service.ts';

export interface OrderPdfInput {
  distributor: DistributorTable;
  customer: CustomerWithRep;
  order: OrderTable;
  lines: Pick<
    OrderLineTable,
    | 'line_no'
    | 'item_number'
    | 'upc'
    | 'description'
    | 'pack'
    | 'uom'
    | 'quantity'
    | 'unit_price_cents'
    | 'tax_cents'
    | 'crv_cents'
    | 'line_total_cents'
  >[];
  hasPrice: boolean;
  /** The distributor's IANA time zone (Settings): the order's date is printed as it was there. UTC if absent. */
  timeZone?: string;
  /** The distributor's logo (Settings), already a PNG (media `imageForPdf`); none when absent or unreadable. */
  logo?: PdfImage | null;
  /** Uncompressed content streams (tests read the text). */
  compress?: boolean;
}

interface Column {
  title: string;
  width: number;
  align?: 'left' | 'right';
  value: (l: OrderPdfInput['lines'][number]) => string;
}

type Doc = PDFKit.PDFDocument;

export async function renderOrderPdf(input: OrderPdfInput): Promise<Buffer> {
  return renderOrdersPdf([input], { compress: input.compress, title: `Order ${input.order.order_number}` });
}

/** Several orders in one file (the office's bulk print), each starting on a new page. */
export async function renderOrdersPdf(
  inputs: readonly Omit<OrderPdfInput, 'compress'>[],
  opts: { compress?: boolean; title: string },
): Promise<Buffer> {
  // Loaded on the first PDF, not at start-up (pdfkit and its fonts take a noticeable part of it).
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 40,
    compress: opts.compress ?? true,
    info: { Title: opts.title, Author: inputs[0]?.distributor.company_name ?? '' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (b: Buffer) => chunks.push(b));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  inputs.forEach((input, i) => {
    if (i > 0) doc.addPage();
    drawOrder(doc, input);
  });
  doc.end();
  return done;
}

/** The logo's box: wide logos are held by the width, tall ones by the height. */
const LOGO_MAX_WIDTH = 160;
const LOGO_MAX_HEIGHT = 50;

/**
 * Draws the logo at (x, y) scaled to fit its box, keeping its proportions, and answers the height it
 * took with the gap below it (0 without a logo). A logo PDFKit cannot read is left out, not an error.
 */
function drawLogo(doc: Doc, logo: PdfImage | null | undefined, x: number, y: number): number {
  if (!logo || logo.width <= 0 || logo.height <= 0) return 0;
  const scale = Math.min(LOGO_MAX_WIDTH / logo.width, LOGO_MAX_HEIGHT / logo.height, 1);
  const width = logo.width * scale;
  const height = logo.height * scale;
  try {
    doc.image(logo.png, x, y, { width, height });
  } catch {
    return 0;
  }
  return height + 8;
}

/** YYYY-MM-DD of an ISO instant in a time zone (en-CA writes dates that way). */
function localDate(iso: string, timeZone = 'UTC'): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso.slice(0, 10);
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

function drawOrder(doc: Doc, input: Omit<OrderPdfInput, 'compress'>): void {
  const { distributor: d, customer: c, order: o, lines, hasPrice } = input;
  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  const width = right - left;

  // Header: distributor (logo, name, address) on the left, document title and number on the right.
  const nameY = 40 + drawLogo(doc, input.logo, left, 40);
  doc
    .font('Helvetica-Bold')
    .fontSize(16)
    .text(d.company_name, left, nameY, { width: width * 0.6 });
  doc.font('Helvetica').fontSize(9);
  for (const line of [d.addr1, [d.city, d.state, d.zip].filter(Boolean).join(', '), d.phone, d.email])
    if (line) doc.text(line, { width: width * 0.6 });
  doc
    .font('Helvetica-Bold')
    .fontSize(14)
    .text(hasPrice ? 'INVOICE' : 'PICK COPY', left + width * 0.6, 40, { width: width * 0.4, align: 'right' });
  doc.font('Helvetica').fontSize(9);
  const meta = [
    `Order # ${o.order_number}`,
    `Date: ${localDate(o.created_at, input.timeZone)}`,
    `Status: ${ORDER_STATUS_LABELS[o.status] ?? o.status}`,
    Number(o.revision ?? 0) > 0 ? `Revision ${Number(o.revision)}` : null,
    o.po_number ? `PO # ${o.po_number}` : null,
    o.requested_delivery_date ? `Requested delivery: ${o.requested_delivery_date}` : null,
  ];
  for (const m of meta) if (m) doc.text(m, left + width * 0.6, undefined, { width: width * 0.4, align: 'right' });

  // Customer block.
  doc.moveDown(1.5);
  const y0 = Math.max(doc.y, 130);
  doc.font('Helvetica-Bold').fontSize(10).text('Bill to / Ship to', left, y0);
  doc.font('Helvetica').fontSize(9);
  doc.text(`${c.company_name} (Customer # ${c.c_number})`);
  doc.text(c.contact_name);
  for (const line of [c.address, [c.city, c.state, c.zip].filter(Boolean).join(', '), c.phone]) if (line) doc.text(line);
  doc.font('Helvetica-Bold').text(`Route ${c.route_number ?? '-'}   Stop ${c.stop_number ?? '-'}`, left + width * 0.6, y0, {
    width: width * 0.4,
    align: 'right',
  });
  if (c.sales_rep_name)
    doc
      .font('Helvetica')
      .text(`Sales rep: ${c.sales_rep_name}`, left + width * 0.6, undefined, { width: width * 0.4, align: 'right' });
  doc.y = Math.max(doc.y, y0 + 70);

  // Lines.
  const columns: Column[] = [
    { title: '#', width: 22, value: (l) => String(l.line_no) },
    { title: 'Item #', width: 62, value: (l) => l.item_number },
    { title: 'UPC', width: 80, value: (l) => l.upc ?? '' },
    { title: 'Description', width: 0, value: (l) => l.description },
    { title: 'Pack', width: 34, align: 'right', value: (l) => String(l.pack) },
    { title: 'UOM', width: 30, value: (l) => l.uom },
    { title: 'Qty', width: 34, align: 'right', value: (l) => String(l.quantity) },
  ];
  if (hasPrice) {
    columns.push(
      { title: 'Price', width: 52, align: 'right', value: (l) => formatMoney(l.unit_price_cents) },
      { title: 'Tax', width: 44, align: 'right', value: (l) => formatMoney(l.tax_cents) },
      { title: 'CRV', width: 40, align: 'right', value: (l) => formatMoney(l.crv_cents) },
      { title: 'Total', width: 58, align: 'right', value: (l) => formatMoney(l.line_total_cents) },
    );
  }
  const fixed = columns.reduce((s, col) => s + col.width, 0);
  columns.find((col) => col.title === 'Description')!.width = width - fixed;

  const row = (cells: string[], bold: boolean) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8);
    const heights = cells.map((text, i) => doc.heightOfString(text, { width: columns[i]!.width - 4 }));
    const h = Math.max(...heights) + 4;
    if (doc.y + h > doc.page.height - doc.page.margins.bottom - 60) doc.addPage();
    const y = doc.y;
    let x = left;
    cells.forEach((text, i) => {
      doc.text(text, x + 2, y + 2, { width: columns[i]!.width - 4, align: columns[i]!.align ?? 'left' });
      x += columns[i]!.width;
    });
    doc.y = y + h;
    doc
      .moveTo(left, doc.y)
      .lineTo(right, doc.y)
      .lineWidth(bold ? 0.8 : 0.3)
      .strokeColor('#999999')
      .stroke();
  };
  row(
    columns.map((col) => col.title),
    true,
  );
  for (const l of lines) {
    row(
      columns.map((col) => col.value(l)),
      false,
    );
  }

  // Totals.
  doc.moveDown(1);
  const totalQty = lines.reduce((n, l) => n + l.quantity, 0);
  const totals: [string, string][] = [
    ['Lines', String(lines.length)],
    ['Total quantity', String(totalQty)],
  ];
  if (hasPrice) {
    totals.push(
      ['Subtotal', formatMoney(o.subtotal_cents)],
      ['Tax', formatMoney(o.tax_cents)],
      ['CRV', formatMoney(o.crv_cents)],
      ['Delivery charge', formatMoney(o.delivery_charge_cents)],
      ['Total', formatMoney(o.total_cents)],
    );
  }
  for (const [label, value] of totals) {
    const y = doc.y;
    const bold = label === 'Total';
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(bold ? 10 : 9);
    doc.text(label, right - 220, y, { width: 120, align: 'right' });
    doc.text(value, right - 95, y, { width: 95, align: 'right' });
  }
  if (o.notes) {
    doc.moveDown(1);
    doc.font('Helvetica-Bold').fontSize(9).text('Notes', left);
    doc.font('Helvetica').text(o.notes, { width });
  }
}
