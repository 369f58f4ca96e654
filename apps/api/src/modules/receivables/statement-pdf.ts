// A store's statement for a period as a PDF (pdfkit, as the order PDF): the distributor's header and logo,
// the store, the balance at the start, every entry of the period with the balance after it, the balance
// at the end, and the ageing today. Dates are UTC days, as due dates are.
import { formatMoney } from '@portal/shared/money/money';
import { AGEING_BUCKETS, AGEING_BUCKET_LABELS, pastDueCents, type AgeingCents } from '@portal/shared/receivables/ageing';
import type { DistributorTable } from '../../db/schema.ts';
import type { PdfImage } from '../media/media.service.ts';
import type { StoreRow } from './ledger.repository.ts';

export interface StatementInput {
  distributor: DistributorTable;
  store: StoreRow;
  from: string;
  to: string;
  asOf: string;
  openingCents: number;
  closingCents: number;
  entries: { date: string; kind: string; reference: string; note: string | null; dueOn: string | null; amountCents: number }[];
  ageing: AgeingCents;
  logo?: PdfImage | null;
  /** Uncompressed content streams (tests read the text). */
  compress?: boolean;
}

const KIND_LABELS: Record<string, string> = {
  invoice: 'Invoice',
  payment: 'Payment',
  credit: 'Credit',
  adjustment: 'Adjustment',
};

export async function renderStatementPdf(input: StatementInput): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const { distributor: d, store: s } = input;
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 40,
    compress: input.compress ?? true,
    info: { Title: `Statement ${s.c_number} ${input.from} to ${input.to}`, Author: d.company_name },
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

  let top = 40;
  const logo = input.logo;
  if (logo && logo.width > 0 && logo.height > 0) {
    const scale = Math.min(160 / logo.width, 50 / logo.height, 1);
    try {
      doc.image(logo.png, left, top, { width: logo.width * scale, height: logo.height * scale });
      top += logo.height * scale + 8;
    } catch {
      // a logo pdfkit cannot read is left out
    }
  }
  doc
    .font('Helvetica-Bold')
    .fontSize(16)
    .text(d.company_name, left, top, { width: width * 0.6 });
  doc.font('Helvetica').fontSize(9);
  for (const line of [d.addr1, [d.city, d.state, d.zip].filter(Boolean).join(', '), d.phone, d.email])
    if (line) doc.text(line, { width: width * 0.6 });
  doc
    .font('Helvetica-Bold')
    .fontSize(14)
    .text('STATEMENT', left + width * 0.6, 40, { width: width * 0.4, align: 'right' });
  doc.font('Helvetica').fontSize(9);
  for (const m of [`Period: ${input.from} to ${input.to}`, `Terms: Net ${s.payment_terms_days}`, `Printed: ${input.asOf}`])
    doc.text(m, left + width * 0.6, undefined, { width: width * 0.4, align: 'right' });

  doc.moveDown(1.5);
  const y0 = Math.max(doc.y, 130);
  doc.font('Helvetica-Bold').fontSize(10).text('Account', left, y0);
  doc.font('Helvetica').fontSize(9);
  doc.text(`${s.company_name} (Customer # ${s.c_number})`);
  doc.text(s.contact_name);
  for (const line of [s.address, [s.city, s.state, s.zip].filter(Boolean).join(', ')]) if (line) doc.text(line);
  doc.y = Math.max(doc.y, y0 + 60);

  const cols = [
    { title: 'Date', width: 70, align: 'left' as const },
    { title: 'Type', width: 70, align: 'left' as const },
    { title: 'Reference', width: 0, align: 'left' as const },
    { title: 'Due', width: 70, align: 'left' as const },
    { title: 'Amount', width: 80, align: 'right' as const },
    { title: 'Balance', width: 80, align: 'right' as const },
  ];
  cols[2]!.width = width - cols.reduce((sum, c) => sum + c.width, 0);
  const row = (cells: string[], bold = false) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8);
    const h = Math.max(...cells.map((t, i) => doc.heightOfString(t, { width: cols[i]!.width - 4 }))) + 4;
    if (doc.y + h > doc.page.height - doc.page.margins.bottom - 40) doc.addPage();
    const y = doc.y;
    let x = left;
    cells.forEach((t, i) => {
      doc.text(t, x + 2, y + 2, { width: cols[i]!.width - 4, align: cols[i]!.align });
      x += cols[i]!.width;
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
    cols.map((c) => c.title),
    true,
  );
  row([input.from, '', 'Balance brought forward', '', '', formatMoney(input.openingCents)], true);
  let balance = input.openingCents;
  for (const e of input.entries) {
    balance += e.amountCents;
    const ref = e.note ? `${e.reference} · ${e.note}` : e.reference;
    row([e.date, KIND_LABELS[e.kind] ?? e.kind, ref, e.dueOn ?? '', formatMoney(e.amountCents), formatMoney(balance)]);
  }
  row([input.to, '', 'Balance at end of period', '', '', formatMoney(input.closingCents)], true);

  doc.moveDown(1.5);
  doc.font('Helvetica-Bold').fontSize(10).text(`Ageing as of ${input.asOf} (days past due)`, left, doc.y);
  doc.moveDown(0.3);
  const ageingCols = [...AGEING_BUCKETS.map((b) => AGEING_BUCKET_LABELS[b]), 'Carried over', 'Past due', 'Total'];
  const a = input.ageing;
  const values = [...AGEING_BUCKETS.map((b) => a[b]), a.carriedOver, pastDueCents(a), a.total].map(formatMoney);
  const w = width / ageingCols.length;
  const ya = doc.y;
  ageingCols.forEach((t, i) =>
    doc
      .font('Helvetica-Bold')
      .fontSize(8)
      .text(t, left + i * w, ya, { width: w - 4, align: 'right' }),
  );
  const yb = doc.y + 2;
  values.forEach((t, i) =>
    doc
      .font('Helvetica')
      .fontSize(9)
      .text(t, left + i * w, yb, { width: w - 4, align: 'right' }),
  );
  doc.moveDown(1.5);
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .text(`Amount due: ${formatMoney(Math.max(0, a.total))}`, left, doc.y, { width, align: 'right' });
  doc.end();
  return done;
}
