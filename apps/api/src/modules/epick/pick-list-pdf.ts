// The pick list as a PDF (pdfkit, as the order PDFs): a header with the distributor, the delivery day and
// the settings used; then each section on its own page: a route's load order (position, stop, order,
// store) and its lines, or one order's lines; a blank "Picked" box per line for the picker's count.
import { formatMoney } from '@portal/shared/money/money';
import {
  LOAD_ORDER_LABELS,
  PICK_GROUP_LABELS,
  PICK_SORT_LABELS,
  type PickLine,
  type PickList,
} from '@portal/shared/epick/epick.schemas';
import type { PdfImage } from '../media/media.service.ts';

export interface PickListPdfInput {
  list: PickList;
  companyName: string;
  logo?: PdfImage | null;
  timeZone?: string;
  printedAt: string;
  /** Uncompressed content streams (tests read the text). */
  compress?: boolean;
}

type Doc = PDFKit.PDFDocument;

interface Column<T> {
  title: string;
  width: number;
  align?: 'left' | 'right';
  value: (row: T) => string;
}

function localDateTime(iso: string, timeZone = 'UTC'): string {
  const at = new Date(iso);
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(at);
}

export async function renderPickListPdf(input: PickListPdfInput): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const { list } = input;
  const title = list.deliveryDate ? `Pick list ${list.deliveryDate}` : 'Pick list';
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 40,
    compress: input.compress ?? true,
    info: { Title: title, Author: input.companyName },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (b: Buffer) => chunks.push(b));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  list.sections.forEach((section, i) => {
    if (i > 0) doc.addPage();
    drawHeader(doc, input, title);
    drawSection(doc, input, section);
  });
  doc.end();
  return done;
}

function drawHeader(doc: Doc, input: PickListPdfInput, title: string): void {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  let y = 40;
  if (input.logo && input.logo.width > 0 && input.logo.height > 0) {
    const scale = Math.min(140 / input.logo.width, 40 / input.logo.height, 1);
    try {
      doc.image(input.logo.png, left, y, { width: input.logo.width * scale, height: input.logo.height * scale });
      y += input.logo.height * scale + 6;
    } catch {
      // a logo pdfkit cannot read is left out
    }
  }
  doc
    .font('Helvetica-Bold')
    .fontSize(14)
    .text(input.companyName, left, y, { width: width * 0.55 });
  doc
    .font('Helvetica-Bold')
    .fontSize(14)
    .text(title.toUpperCase(), left + width * 0.55, 40, { width: width * 0.45, align: 'right' });
  const s = input.list.settings;
  doc.font('Helvetica').fontSize(8);
  for (const line of [
    `Grouped ${PICK_GROUP_LABELS[s.groupBy].toLowerCase()} · Sorted by ${PICK_SORT_LABELS[s.sortBy].toLowerCase()}`,
    `Load: ${LOAD_ORDER_LABELS[s.loadOrder]}`,
    `${input.list.orderCount} orders · ${input.list.totalQuantity} units`,
    `Printed ${localDateTime(input.printedAt, input.timeZone)}`,
  ])
    doc.text(line, left + width * 0.55, undefined, { width: width * 0.45, align: 'right' });
  doc.y = Math.max(doc.y, y + 24) + 10;
}

function table<T>(doc: Doc, columns: Column<T>[], rows: readonly T[], opts: { pickBox?: boolean } = {}): void {
  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  const width = right - left;
  const flexible = columns.find((c) => c.width === 0);
  if (flexible) flexible.width = width - columns.reduce((s, c) => s + c.width, 0);
  const draw = (cells: string[], bold: boolean) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8);
    const h = Math.max(...cells.map((t, i) => doc.heightOfString(t, { width: columns[i]!.width - 4 }))) + 5;
    if (doc.y + h > doc.page.height - doc.page.margins.bottom) {
      doc.addPage();
      doc.y = doc.page.margins.top;
      if (!bold)
        draw(
          columns.map((c) => c.title),
          true,
        );
    }
    const y = doc.y;
    let x = left;
    cells.forEach((t, i) => {
      const col = columns[i]!;
      if (opts.pickBox && !bold && col.title === 'Picked')
        doc
          .rect(x + col.width - 20, y + 1.5, 14, h - 4)
          .lineWidth(0.6)
          .strokeColor('#333333')
          .stroke();
      else doc.text(t, x + 2, y + 2.5, { width: col.width - 4, align: col.align ?? 'left' });
      x += col.width;
    });
    doc.y = y + h;
    doc
      .moveTo(left, doc.y)
      .lineTo(right, doc.y)
      .lineWidth(bold ? 0.8 : 0.3)
      .strokeColor('#999999')
      .stroke();
  };
  draw(
    columns.map((c) => c.title),
    true,
  );
  for (const r of rows)
    draw(
      columns.map((c) => c.value(r)),
      false,
    );
}

function drawSection(doc: Doc, input: PickListPdfInput, section: PickList['sections'][number]): void {
  const left = doc.page.margins.left;
  const prices = input.list.settings.printPrices;
  doc.font('Helvetica-Bold').fontSize(12).text(section.title, left, doc.y);
  doc.moveDown(0.3);
  if (input.list.settings.groupBy === 'route') {
    doc.font('Helvetica-Bold').fontSize(9).text('Load order', left);
    doc.moveDown(0.2);
    table(
      doc,
      [
        { title: 'Load', width: 34, align: 'right', value: (o) => String(o.loadPosition) },
        { title: 'Stop', width: 40, value: (o) => o.stop ?? '-' },
        { title: 'Order #', width: 70, value: (o) => o.orderNumber },
        { title: 'Store', width: 0, value: (o) => o.storeName },
        { title: 'Customer #', width: 70, value: (o) => o.cNumber },
        ...(prices
          ? [
              {
                title: 'Total',
                width: 70,
                align: 'right' as const,
                value: (o: { totalCents: number | null }) => (o.totalCents == null ? '' : formatMoney(o.totalCents)),
              },
            ]
          : []),
      ],
      section.orders,
    );
    doc.moveDown(0.8);
  } else {
    const o = section.orders[0]!;
    doc
      .font('Helvetica')
      .fontSize(9)
      .text(`Route ${o.route ?? '-'} · Stop ${o.stop ?? '-'} · Load position ${o.loadPosition}`, left);
    doc.moveDown(0.5);
  }
  const columns: Column<PickLine>[] = [
    { title: 'Location', width: 62, value: (l) => l.location ?? '' },
    { title: 'Item #', width: 62, value: (l) => l.itemNumber },
    { title: 'Description', width: 0, value: (l) => l.description },
    { title: 'Category', width: 70, value: (l) => l.category ?? '' },
    { title: 'Pack', width: 44, value: (l) => `${l.pack} ${l.uom}` },
    { title: 'Qty', width: 34, align: 'right', value: (l) => String(l.quantity) },
  ];
  if (prices)
    columns.push(
      {
        title: 'Price',
        width: 50,
        align: 'right',
        value: (l) => (l.unitPriceCents == null ? 'varies' : formatMoney(l.unitPriceCents)),
      },
      {
        title: 'Total',
        width: 56,
        align: 'right',
        value: (l) => (l.lineTotalCents == null ? '' : formatMoney(l.lineTotalCents)),
      },
    );
  columns.push({ title: 'Picked', width: 40, value: () => '' });
  table(doc, columns, section.lines, { pickBox: true });
  doc.moveDown(0.6);
  doc.font('Helvetica-Bold').fontSize(9).text(`${section.lines.length} lines · ${section.totalQuantity} units`, left);
}
