// A purchase order as a PDF for the vendor: the distributor's header (logo when it has one), the vendor,
// the lines with quantities and unit costs, and the total. Drawn with pdfkit like the order PDFs.
import { formatMoney } from '@portal/shared/money/money';
import { PURCHASE_ORDER_STATUS_LABELS, type PurchaseOrderDetail } from '@portal/shared/purchase-orders/purchase-orders.schemas';
import type { DistributorTable } from '../../db/schema.ts';
import type { PdfImage } from '../media/media.service.ts';

export interface PurchaseOrderPdfInput {
  distributor: Pick<DistributorTable, 'company_name' | 'addr1' | 'city' | 'state' | 'zip' | 'phone' | 'email'>;
  vendor: { name: string; contactName: string | null; email: string | null; phone: string | null };
  purchaseOrder: PurchaseOrderDetail;
  logo?: PdfImage | null;
  /** Uncompressed content streams (tests read the text). */
  compress?: boolean;
}

const LOGO_MAX_WIDTH = 160;
const LOGO_MAX_HEIGHT = 50;

export async function renderPurchaseOrderPdf(input: PurchaseOrderPdfInput): Promise<Buffer> {
  // Loaded on the first PDF, not at start-up.
  const { default: PDFDocument } = await import('pdfkit');
  const { distributor: d, vendor: v, purchaseOrder: po } = input;
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 40,
    compress: input.compress ?? true,
    info: { Title: `Purchase order ${po.poNumber}`, Author: d.company_name },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (b: Buffer) => chunks.push(b));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  const width = right - left;
  let logoHeight = 0;
  const logo = input.logo;
  if (logo && logo.width > 0 && logo.height > 0) {
    const scale = Math.min(LOGO_MAX_WIDTH / logo.width, LOGO_MAX_HEIGHT / logo.height, 1);
    try {
      doc.image(logo.png, left, 40, { width: logo.width * scale, height: logo.height * scale });
      logoHeight = logo.height * scale + 8;
    } catch {
      logoHeight = 0; // a logo pdfkit cannot read is left out, not an error
    }
  }
  doc
    .font('Helvetica-Bold')
    .fontSize(16)
    .text(d.company_name, left, 40 + logoHeight, { width: width * 0.6 });
  doc.font('Helvetica').fontSize(9);
  for (const line of [d.addr1, [d.city, d.state, d.zip].filter(Boolean).join(', '), d.phone, d.email])
    if (line) doc.text(line, { width: width * 0.6 });
  doc
    .font('Helvetica-Bold')
    .fontSize(14)
    .text(po.status === 'draft' ? 'PURCHASE ORDER (DRAFT)' : 'PURCHASE ORDER', left + width * 0.5, 40, {
      width: width * 0.5,
      align: 'right',
    });
  doc.font('Helvetica').fontSize(9);
  for (const m of [
    `PO # ${po.poNumber}`,
    `Date: ${(po.issuedAt ?? po.createdAt).slice(0, 10)}`,
    `Status: ${PURCHASE_ORDER_STATUS_LABELS[po.status]}`,
    po.expectedDate ? `Expected: ${po.expectedDate}` : null,
  ])
    if (m) doc.text(m, left + width * 0.5, undefined, { width: width * 0.5, align: 'right' });

  doc.moveDown(1.5);
  const y0 = Math.max(doc.y, 130);
  doc.font('Helvetica-Bold').fontSize(10).text('Vendor', left, y0);
  doc.font('Helvetica').fontSize(9).text(v.name);
  for (const line of [v.contactName, v.email, v.phone]) if (line) doc.text(line);
  doc.y = Math.max(doc.y, y0 + 50);

  const columns = [
    { title: '#', width: 24, align: 'left' as const, value: (l: PurchaseOrderDetail['lines'][number]) => String(l.lineNo) },
    { title: 'Item #', width: 80, align: 'left' as const, value: (l: PurchaseOrderDetail['lines'][number]) => l.itemNumber },
    { title: 'Description', width: 0, align: 'left' as const, value: (l: PurchaseOrderDetail['lines'][number]) => l.description },
    {
      title: 'Qty',
      width: 50,
      align: 'right' as const,
      value: (l: PurchaseOrderDetail['lines'][number]) => String(l.quantityOrdered),
    },
    {
      title: 'Unit cost',
      width: 64,
      align: 'right' as const,
      value: (l: PurchaseOrderDetail['lines'][number]) => formatMoney(l.unitCostCents),
    },
    {
      title: 'Total',
      width: 70,
      align: 'right' as const,
      value: (l: PurchaseOrderDetail['lines'][number]) => formatMoney(l.lineTotalCents),
    },
  ];
  columns[2]!.width = width - columns.reduce((s, c) => s + c.width, 0);
  const row = (cells: string[], bold: boolean) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8);
    const h = Math.max(...cells.map((text, i) => doc.heightOfString(text, { width: columns[i]!.width - 4 }))) + 4;
    if (doc.y + h > doc.page.height - doc.page.margins.bottom - 40) doc.addPage();
    const y = doc.y;
    let x = left;
    cells.forEach((text, i) => {
      doc.text(text, x + 2, y + 2, { width: columns[i]!.width - 4, align: columns[i]!.align });
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
    columns.map((c) => c.title),
    true,
  );
  for (const l of po.lines)
    row(
      columns.map((c) => c.value(l)),
      false,
    );
  doc.moveDown(0.5);
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .text(`Total units: ${po.unitsOrdered}    Total: ${formatMoney(po.totalCents)}`, left, doc.y, { width, align: 'right' });
  if (po.notes) {
    doc.moveDown(1);
    doc.font('Helvetica-Bold').fontSize(9).text('Notes', left);
    doc.font('Helvetica').text(po.notes, { width });
  }
  doc.end();
  return done;
}
