// The product import's Excel reader thread (see product-import.xlsx.ts): reads the first worksheet of
// an .xlsx workbook into rows of cell text, the way a spreadsheet shows them when it saves the sheet as
// CSV, off the server's event loop. JavaScript, not TypeScript: Node 20 runs a worker thread without
// the tsx loader that tests and development run the sources under (docs/decisions.md).
import { parentPort, workerData } from 'node:worker_threads';
import ExcelJS from 'exceljs';

/** @type {{ bytes: Uint8Array; maxRows: number; maxColumns: number; previewRows: number }} */
const { bytes, maxRows, maxColumns, previewRows } = workerData;

const pad = (n) => String(n).padStart(2, '0');

/** Excel keeps 15 significant digits: a formula's 2.2500000000000004 shows (and saves) as 2.25. */
const numberText = (n) => String(Number(n.toPrecision(15)));

/**
 * A date-formatted cell as ISO text: the date alone at midnight, else date and time. Excel's dates
 * have no time zone; ExcelJS hands them over as UTC.
 */
function dateText(d) {
  if (Number.isNaN(d.getTime())) return '';
  const day = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  const time = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
  return time === '00:00:00' ? day : `${day} ${time}`;
}

/** A cell's value as text; `numFmt` keeps what the number format changes: percents and leading zeros. */
function cellText(value, numFmt) {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return dateText(value);
  if (typeof value === 'number') {
    const format = typeof numFmt === 'string' ? numFmt : '';
    // 0.0825 formatted 0.00% is "8.25%" on screen and in a saved CSV.
    if (/%/.test(format.replace(/"[^"]*"/g, ''))) return `${numberText(value * 100)}%`;
    // A UPC typed as a number and formatted 000000000000 keeps its leading zeros.
    if (/^0+$/.test(format) && Number.isInteger(value) && value >= 0) return String(value).padStart(format.length, '0');
    return numberText(value);
  }
  if (typeof value === 'object') {
    if (Array.isArray(value.richText)) return value.richText.map((part) => part.text ?? '').join('');
    if ('formula' in value || 'sharedFormula' in value) return cellText(value.result, numFmt);
    if ('hyperlink' in value || 'text' in value) return cellText(value.text, numFmt);
    if ('error' in value) return String(value.error);
  }
  return String(value);
}

/**
 * The header row (all its cells), and the data rows (cells past `maxColumns` cut, at most one row past
 * `maxRows`) as the JSON the import stores, so the server's thread never handles them cell by cell.
 * Blank rows are skipped, as the CSV reader skips them.
 */
async function read() {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  const sheet = workbook.worksheets[0];
  /** @type {string[] | undefined} */
  let header;
  /** @type {string[][]} */
  const rows = [];
  sheet?.eachRow({ includeEmpty: false }, (row) => {
    if (rows.length > maxRows) return;
    const cells = [];
    row.eachCell({ includeEmpty: false }, (cell, column) => {
      if (!header || column <= maxColumns) cells[column - 1] = cellText(cell.value, cell.numFmt);
    });
    const filled = Array.from(cells, (c) => c ?? '');
    while (filled.length && filled[filled.length - 1].trim() === '') filled.pop();
    if (!filled.length) return;
    if (header) rows.push(filled);
    else header = filled;
  });
  return { header, rowsJson: JSON.stringify(rows), preview: rows.slice(0, previewRows), rowCount: rows.length };
}

read().then(
  (result) => parentPort?.postMessage({ ok: true, ...result }),
  () => parentPort?.postMessage({ ok: false }),
);
