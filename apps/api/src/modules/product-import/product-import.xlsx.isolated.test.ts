// Excel workbooks in the product import over HTTP: an .xlsx (known by its bytes) is read from its first
// sheet into the same rows as a CSV, numbers, percents, dates and leading zeros as a saved CSV shows
// them; the dry run then treats them as CSV cells; the CSV's limits apply; damaged workbooks, old .xls
// files and a name that lies are refused with clear 4xx answers; a 5,000-row workbook is read without
// holding the event loop.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORLD } from '../../db/seed/base-world.ts';
import { call, tokenFor, type TestContext } from '../../../test/helper.ts';
import { createCatalogContext, insertProduct } from '../../../test/fixtures/catalog-fixtures.ts';

type Cell = ExcelJS.CellValue | { value: ExcelJS.CellValue; numFmt: string };

/** A workbook whose first sheet holds `rows` (after a sheet of notes when `notesFirst`); a cell given
 * with numFmt gets that number format. */
async function workbook(rows: Cell[][], notesFirst = false): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const addNotes = () => {
    const notes = book.addWorksheet('Notes');
    notes.getCell(1, 1).value = 'not products';
    notes.getCell(2, 1).value = 'a note';
  };
  if (notesFirst) addNotes();
  const sheet = book.addWorksheet('Products');
  rows.forEach((cells, r) =>
    cells.forEach((cell, c) => {
      const target = sheet.getCell(r + 1, c + 1);
      if (cell !== null && typeof cell === 'object' && 'numFmt' in cell) {
        target.value = cell.value;
        target.numFmt = cell.numFmt;
      } else target.value = cell;
    }),
  );
  // Another sheet after it: only the first is read.
  if (!notesFirst) addNotes();
  return Buffer.from(await book.xlsx.writeBuffer());
}

/**
 * The 5,000-row workbook, built in a thread of its own: built here, its garbage would be collected on
 * this event loop during the measured upload.
 */
function bigWorkbook(): Promise<Buffer> {
  const source = `
    const { parentPort, workerData } = require('node:worker_threads');
    const ExcelJS = require(workerData.exceljs);
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Products');
    sheet.addRow(['Item number', 'Description', 'Brand', 'Price 1', 'Price 2', 'Tax rate', 'UPCs', 'Stock on hand', 'Size', 'UOM']);
    for (let i = 0; i < 5000; i++) {
      const row = sheet.addRow([
        'BIG-' + i, 'Product number ' + i + ' with a longer description', 'Acme', 1 + (i % 100) / 100, 2.5, 0.0725,
        String(100000000000 + i), i % 300, '12 oz', 'EA',
      ]);
      row.getCell(6).numFmt = '0.00%';
    }
    book.xlsx.writeBuffer().then((buffer) => parentPort.postMessage(buffer));`;
  const worker = new Worker(source, { eval: true, workerData: { exceljs: createRequire(import.meta.url).resolve('exceljs') } });
  return new Promise((resolve, reject) => {
    worker.once('message', (buffer: ArrayBuffer) => resolve(Buffer.from(buffer)));
    worker.once('error', reject);
  }).finally(() => worker.terminate()) as Promise<Buffer>;
}

describe('product import from Excel workbooks (.xlsx)', () => {
  let ctx: TestContext;
  let admin: string;

  const upload = (body: Buffer | string, fileName: string) =>
    call(ctx.app, {
      method: 'POST',
      url: `/api/admin/product-imports?fileName=${encodeURIComponent(fileName)}`,
      payload: body,
      headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
      token: admin,
    });

  beforeAll(async () => {
    ctx = await createCatalogContext();
    await insertProduct(ctx.db, { id: 'p-x-1', item_number: 'XL-1', description: 'Widget', price1_cents: 100 });
    admin = await tokenFor(ctx, WORLD.users.admin.id);
  });
  afterAll(() => ctx.close());

  it('reads the first sheet into the rows a CSV of it would hold, and the dry run takes them as CSV cells', async () => {
    const file = await workbook([
      ['Item_Number', 'Description', 'Price1', 'Tax rate', 'UPC', 'Active', 'Launched', 'Stock'],
      ['XL-1', { richText: [{ text: 'Widget ' }, { text: 'Deluxe', font: { bold: true } }] }, 1.5, null, null, true],
      [
        'XL-NEW',
        'New Thing',
        { value: { formula: 'B1*3', result: 2.2500000000000004 }, numFmt: '0.00' },
        { value: 0.0825, numFmt: '0.00%' },
        { value: 12345000009, numFmt: '000000000000' },
        false,
        { value: new Date(Date.UTC(2026, 2, 1)), numFmt: 'yyyy-mm-dd' },
        { value: 12, numFmt: '#,##0' },
      ],
      [],
      ['XL-BAD', 'Bad', { value: { formula: '1/0', result: { error: '#DIV/0!' } }, numFmt: 'General' }],
    ]);
    const res = await upload(file, 'prices.xlsx');
    expect([res.status, res.body.message]).toEqual([201, 'File read']);
    expect(res.body.data).toMatchObject({
      fileName: 'prices.xlsx',
      header: ['Item_Number', 'Description', 'Price1', 'Tax rate', 'UPC', 'Active', 'Launched', 'Stock'],
      mapping: ['itemNumber', 'description', 'price1Cents', 'taxRateBp', 'upcs', 'isActive', null, 'stockOnHand'],
      rowCount: 3,
      status: 'uploaded',
    });
    expect(res.body.data.preview).toEqual([
      ['XL-1', 'Widget Deluxe', '1.5', '', '', 'true'],
      ['XL-NEW', 'New Thing', '2.25', '8.25%', '012345000009', 'false', '2026-03-01', '12'],
      ['XL-BAD', 'Bad', '#DIV/0!'],
    ]);

    const dry = await call(ctx.app, {
      method: 'POST',
      url: `/api/admin/product-imports/${res.body.data.id}/dry-run`,
      payload: { mapping: res.body.data.mapping },
      token: admin,
    });
    expect(dry.status).toBe(200);
    expect(dry.body.data).toMatchObject({
      total: 3,
      counts: { created: 1, updated: 1, unchanged: 0, rejected: 1 },
      updates: [
        {
          row: 2,
          itemNumber: 'XL-1',
          changes: expect.arrayContaining([
            { field: 'description', label: 'Description', before: 'Widget', after: 'Widget Deluxe' },
            { field: 'price1Cents', label: 'Price 1', before: '1.00', after: '1.50' },
          ]),
        },
      ],
      errors: [{ row: 4, itemNumber: 'XL-BAD', reason: 'Price 1 must be a number' }],
    });
  });

  it('knows a workbook by its bytes, whatever its name, and reads only the first sheet in tab order', async () => {
    const file = await workbook(
      [
        ['Item number', 'Description'],
        ['XL-2', 'Two'],
      ],
      true,
    );
    const res = await upload(file, 'export.csv');
    expect(res.status).toBe(201);
    expect(res.body.data.header).toEqual(['not products']);

    const named = await upload(await workbook([['Item number'], ['XL-3']]), 'products');
    expect([named.status, named.body.data.header, named.body.data.rowCount]).toEqual([201, ['Item number'], 1]);
  });

  it('applies the CSV limits and refuses damaged or unreadable workbooks with clear 4xx answers', async () => {
    const good = await workbook([['Item number'], ['XL-4']]);
    const wide = await workbook([Array.from({ length: 201 }, (_, i) => `Column ${i + 1}`), ['XL-5']]);
    const long = await workbook([['Item number'], ...Array.from({ length: 50_001 }, (_, i) => [`L-${i}`])]);
    const cases: [Buffer | string, string, number, string][] = [
      [
        good.subarray(0, Math.floor(good.length / 2)),
        'cut.xlsx',
        400,
        'The file could not be read as an Excel workbook (.xlsx): it is damaged or not a workbook',
      ],
      [
        Buffer.from('504b030414000600', 'hex'),
        'prices.xlsx',
        400,
        'The file could not be read as an Excel workbook (.xlsx): it is damaged or not a workbook',
      ],
      [
        'Item number\r\nXL-6\r\n',
        'renamed.xlsx',
        400,
        'The file could not be read as an Excel workbook (.xlsx): it is damaged or not a workbook',
      ],
      [
        Buffer.from('d0cf11e0a1b11ae1000000000000000000000000', 'hex'),
        'old.xls',
        415,
        'Excel 97-2003 (.xls) and password-protected workbooks cannot be read: save the sheet as .xlsx or CSV',
      ],
      [await workbook([]), 'blank.xlsx', 400, 'The file is empty'],
      [await workbook([['Item number']]), 'header.xlsx', 400, 'The file has a header row but no products'],
      [wide, 'wide.xlsx', 400, 'A file may have at most 200 columns'],
      [long, 'long.xlsx', 400, 'A file may hold at most 50,000 products'],
    ];
    for (const [body, name, status, message] of cases) {
      const res = await upload(body, name);
      expect([name, res.status, res.body.success, res.body.message]).toEqual([name, status, false, message]);
    }
  });

  it('reads a 5,000-row workbook without holding the event loop for 50 ms', async () => {
    const file = await bigWorkbook();
    // Warm up: the first upload also loads modules and prepares statements.
    await upload(await workbook([['Item number'], ['W-1']]), 'warm.xlsx');

    // The longest stretch the event loop was busy between two ticks of a 1 ms timer (busy as libuv
    // counts it: time not spent waiting for events, so time this thread merely waited for a core on a
    // loaded machine does not count).
    let longest = 0;
    let before = performance.eventLoopUtilization();
    const ticker = setInterval(() => {
      const now = performance.eventLoopUtilization();
      longest = Math.max(longest, now.active - before.active);
      before = now;
    }, 1);
    const res = await upload(file, 'big.xlsx');
    clearInterval(ticker);
    expect([res.status, res.body.data.rowCount]).toEqual([201, 5000]);
    expect(res.body.data.preview[1]).toEqual([
      'BIG-1',
      'Product number 1 with a longer description',
      'Acme',
      '1.01',
      '2.5',
      '7.25%',
      '100000000001',
      '1',
      '12 oz',
      'EA',
    ]);
    expect(longest).toBeLessThan(50);
  });
});
