// A CSV download written a page at a time: UTF-8 with a BOM (so spreadsheets read it as UTF-8), CRLF rows,
// and every text cell a spreadsheet would run as a formula neutralised (neutraliseCell, the rule the
// product export uses). Plain numbers such as -12.50 are left as numbers: a formula needs more than digits.
import { PassThrough, type Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { stringify as stringifyStream } from 'csv-stringify';
import { neutraliseCell } from '@portal/shared/product-import/product-import.schemas';

const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/** The cell as written: null as empty, numbers as they are, text neutralised. */
export function csvCell(value: string | number | null | undefined): string {
  if (value == null) return '';
  const text = String(value);
  return PLAIN_NUMBER.test(text) ? text : neutraliseCell(text);
}

/**
 * Streams the header, then each page `nextPage` returns (an empty page ends the file), yielding to other
 * requests between pages. An error mid-way destroys the stream (the client sees a cut-off download).
 */
export function csvDownload(header: readonly string[], nextPage: () => Promise<(string | number | null)[][]>): Readable {
  const out = new PassThrough();
  const csv = stringifyStream({ record_delimiter: '\r\n' });
  out.write('\uFEFF');
  csv.pipe(out);
  const write = async (cells: readonly (string | number | null)[]) => {
    if (!csv.write(cells.map(csvCell))) await new Promise((resolve) => csv.once('drain', resolve));
  };
  void (async () => {
    try {
      await write(header);
      for (;;) {
        const rows = await nextPage();
        if (!rows.length) break;
        for (const row of rows) await write(row);
        await nextTurn();
      }
      csv.end();
    } catch (err) {
      out.destroy(err as Error);
    }
  })();
  return out;
}
