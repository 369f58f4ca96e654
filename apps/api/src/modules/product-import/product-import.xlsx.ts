// Reading an uploaded Excel workbook (.xlsx) for the product import: the first worksheet's rows as cell
// text, read by ExcelJS in a worker thread (product-import.xlsx-worker.mjs) so that unzipping and
// parsing the sheet never hold the server's event loop. One workbook is read at a time; a workbook that
// is damaged, not a workbook, or expands past the thread's memory or time limits is refused with a 400.
import { Worker } from 'node:worker_threads';
import {
  IMPORT_MAX_COLUMNS,
  IMPORT_MAX_ROWS,
  IMPORT_MESSAGES,
  IMPORT_PREVIEW_ROWS,
} from '@portal/shared/product-import/product-import.schemas';
import { badRequest } from '../../platform/errors.ts';

/** An .xlsx file is a zip archive: its bytes start with a local file header. */
const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

export const isZip = (bytes: Buffer) => bytes.subarray(0, 4).equals(ZIP_SIGNATURE);

/** A 10 MB workbook can unzip to far more: the thread is stopped past these. */
const READ_LIMITS = { maxOldGenerationSizeMb: 1024, maxYoungGenerationSizeMb: 64 };
const READ_TIMEOUT_MS = 60_000;

/** What the thread read; the caller applies the import's limits to it, as to a CSV. */
export interface ReadWorkbook {
  header: string[] | undefined;
  rowsJson: string;
  preview: string[][];
  rowCount: number;
}

let queue: Promise<unknown> = Promise.resolve();

/** The first worksheet's header and non-blank data rows, each cell as the text a CSV of it would hold. */
export function readXlsx(bytes: Buffer): Promise<ReadWorkbook> {
  const next = queue.then(() => readInWorker(bytes));
  queue = next.catch(() => undefined);
  return next;
}

function readInWorker(bytes: Buffer): Promise<ReadWorkbook> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./product-import.xlsx-worker.mjs', import.meta.url), {
      workerData: {
        bytes: new Uint8Array(bytes),
        maxRows: IMPORT_MAX_ROWS,
        maxColumns: IMPORT_MAX_COLUMNS,
        previewRows: IMPORT_PREVIEW_ROWS,
      },
      resourceLimits: READ_LIMITS,
    });
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      outcome();
    };
    const unreadable = () => finish(() => reject(badRequest(IMPORT_MESSAGES.unreadableXlsx)));
    const timer = setTimeout(unreadable, READ_TIMEOUT_MS);
    worker.once('message', (answer: ({ ok: true } & ReadWorkbook) | { ok: false }) => {
      if (!answer.ok) return unreadable();
      const { header, rowsJson, preview, rowCount } = answer;
      finish(() => resolve({ header, rowsJson, preview, rowCount }));
    });
    // Out of memory (a zip bomb) or a crash: the file is what failed to read.
    worker.once('error', unreadable);
    worker.once('exit', unreadable);
  });
}
