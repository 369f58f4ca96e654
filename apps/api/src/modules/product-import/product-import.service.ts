// Product CSV import and export for a distributor's office (issue 14 §3):
//   upload (CSV, or an .xlsx workbook's first sheet) → header and a mapping (the one this file layout used last, else suggested from the header)
//   → dry run (created / updated / unchanged, per-field diffs, per-row errors, warnings)
//   → apply in the background, in small batches, each its own transaction, yielding between them
//   → rejected rows as CSV → rollback from the before-images stored while applying.
// Products are read and written only through the products module's batch service.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { PassThrough, type Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { stringify } from 'csv-stringify/sync';
import { stringify as stringifyStream } from 'csv-stringify';
import {
  IMPORT_FIELDS,
  IMPORT_MAX_COLUMNS,
  IMPORT_MAX_ROWS,
  IMPORT_PREVIEW_ROWS,
  IMPORT_MESSAGES,
  PRICE_FIELD_KEYS,
  PRICE_WARNING_SHARE,
  formatValue,
  importFieldByKey,
  layoutKey,
  mappingProblem,
  neutraliseCell,
  parseCell,
  sameValue,
  suggestMapping,
  type DryRunResult,
  type ImportFieldKey,
  type ImportMapping,
  type ImportList,
  type ImportRecord,
  type ImportSummary,
  type ImportValues,
} from '@portal/shared/product-import/product-import.schemas';
import { productBody } from '@portal/shared/products/products.schemas';
import type { Db, DbOrTrx } from '../../db/database.ts';
import type { ProductImportChangeTable } from '../../db/schema.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { nowIso } from '../../platform/clock.ts';
import {
  afterCatalogueWrite,
  canonicalNames,
  createProductFromValues,
  productSnapshotsByItemNumber,
  loadProductReferences,
  productBeforeImages,
  productExportPage,
  removeOrDeactivateProduct,
  resolveReferences,
  restoreBeforeImage,
  updateProductValues,
  upcItemNumbers,
  type ProductBeforeImage,
  type ProductExportFilters,
  type ProductReferences,
  type ProductSnapshot,
} from '../products/products.service.ts';
import {
  changesBefore,
  findImport,
  findMapping,
  findStaleJobs,
  insertChanges,
  insertImport,
  listImports,
  markInterrupted,
  moveImportStatus,
  saveMapping,
  updateImport,
  type ImportRow,
} from './product-import.repository.ts';
import { isZip, readXlsx } from './product-import.xlsx.ts';

/**
 * Work between two yields to the event loop is sized to take about this long: on SQLite every query
 * runs synchronously, so a batch (its reads, its writes and the catalogue's triggers) holds the event
 * loop for its whole duration, and the 50 ms rule needs batches well under it.
 */
export const BATCH_TARGET_MS = 15;
/** Small: the first batch also pays for preparing its statements. */
const FIRST_BATCH_ROWS = 5;
const MAX_BATCH_ROWS = 500;
/** Products per export page. */
const EXPORT_PAGE = 500;
/** Rows planned (cells parsed, repeats found) between yields. */
const PLAN_SLICE = 500;

/** The next batch's size from how long the last one took, so each takes about BATCH_TARGET_MS. */
export function nextBatchSize(size: number, tookMs: number): number {
  const scaled = Math.round((size * BATCH_TARGET_MS) / Math.max(tookMs, 0.1));
  return Math.max(1, Math.min(MAX_BATCH_ROWS, scaled, Math.ceil(size * 1.5)));
}

const PARSE_CHUNK_CHARS = 256 * 1024;

// ---------------------------------------------------------------- reading the file

/** A read file: its header, and its data rows as stored (JSON), previewed and counted. */
export interface ParsedFile {
  header: string[];
  rowsJson: string;
  preview: string[][];
  rowCount: number;
}

/** The file's text: UTF-8 (with or without BOM), else Windows-1252 (what Excel writes for "CSV"). */
function decode(bytes: Buffer): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('windows-1252').decode(bytes);
  }
  return text.replace(/^\uFEFF/, '');
}

function looksBinary(bytes: Buffer): boolean {
  const head = bytes.subarray(0, 8192);
  return head.includes(0) || head.subarray(0, 4).equals(Buffer.from('%PDF'));
}

/** Comma unless the header line holds more semicolons or tabs (spreadsheets in some locales). */
function delimiterOf(text: string): string {
  const line = text.slice(0, text.search(/\r?\n|$/));
  const count = (c: string) => line.split(c).length - 1;
  return [';', '\t'].reduce((best, c) => (count(c) > count(best) ? c : best), ',');
}

/** Excel 97-2003 workbooks and password-protected ones are compound files, not zip archives. */
const COMPOUND_FILE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/**
 * The file's header and data rows, cells as text: an .xlsx workbook (known by its bytes, a zip archive)
 * is read from its first sheet in a worker thread; anything else must be CSV text.
 */
export async function readImportFile(bytes: Buffer, fileName: string): Promise<ParsedFile> {
  if (bytes.subarray(0, 8).equals(COMPOUND_FILE)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', IMPORT_MESSAGES.oldExcel);
  if (isZip(bytes)) return checkedFile(await readXlsx(bytes));
  if (/\.xls[xm]$/i.test(fileName)) throw badRequest(IMPORT_MESSAGES.unreadableXlsx);
  return toParsedFile(await readCsvRecords(bytes));
}

/** Parses in slices with a yield between them, so a 10 MB file never holds the event loop for long. */
async function readCsvRecords(bytes: Buffer): Promise<string[][]> {
  if (looksBinary(bytes)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', IMPORT_MESSAGES.notCsv);
  const text = decode(bytes);
  if (!text.trim()) throw badRequest(IMPORT_MESSAGES.empty);

  const records: string[][] = [];
  let failure: Error | null = null;
  const parser = parse({ delimiter: delimiterOf(text), relax_column_count: true, skip_empty_lines: true });
  parser.on('readable', () => {
    let record: string[] | null;
    while ((record = parser.read() as string[] | null) !== null) records.push(record);
  });
  const ended = new Promise<void>((resolve) => {
    parser.on('end', resolve);
    parser.on('error', (err: Error) => {
      failure = err;
      resolve();
    });
  });
  for (let at = 0; at < text.length && !failure; at += PARSE_CHUNK_CHARS) {
    parser.write(text.slice(at, at + PARSE_CHUNK_CHARS));
    if (records.length > IMPORT_MAX_ROWS + 1) break;
    await nextTurn();
  }
  parser.end();
  await ended;
  if (failure) {
    const { code, lines } = failure as Error & { code?: string; lines?: number };
    throw badRequest(
      IMPORT_MESSAGES.unreadable(
        code === 'CSV_QUOTE_NOT_CLOSED' ? 'a quoted cell is never closed' : `line ${lines ?? '?'} is not valid`,
      ),
    );
  }
  return records;
}

function toParsedFile(records: string[][]): ParsedFile {
  const [header, ...rows] = records.filter((r) => r.some((c) => c.trim() !== ''));
  return checkedFile({
    header,
    rowsJson: JSON.stringify(rows),
    preview: rows.slice(0, IMPORT_PREVIEW_ROWS),
    rowCount: rows.length,
  });
}

/** The same limits and messages whichever format the rows came from. */
function checkedFile(file: Omit<ParsedFile, 'header'> & { header: string[] | undefined }): ParsedFile {
  const { header } = file;
  if (!header) throw badRequest(IMPORT_MESSAGES.empty);
  if (header.length > IMPORT_MAX_COLUMNS) throw badRequest(IMPORT_MESSAGES.tooManyColumns);
  if (file.rowCount > IMPORT_MAX_ROWS) throw badRequest(IMPORT_MESSAGES.tooManyRows);
  if (!file.rowCount) throw badRequest(IMPORT_MESSAGES.noRows);
  return { ...file, header: header.map((c) => c.trim()) };
}

// ---------------------------------------------------------------- the import record

type SummaryRow = Omit<ImportRow, 'rows_json' | 'header_json' | 'preview_json' | 'rejected_json'>;

function toSummary(row: SummaryRow): ImportSummary {
  return {
    id: row.id,
    fileName: row.file_name,
    rowCount: row.row_count,
    status: row.status,
    processed: row.processed,
    total: row.row_count,
    counts: {
      created: row.created_count,
      updated: row.updated_count,
      unchanged: row.unchanged_count,
      rejected: row.rejected_count,
    },
    error: row.error,
    createdAt: row.created_at,
    appliedAt: row.applied_at,
    rolledBackAt: row.rolled_back_at,
  };
}

function toRecord(row: ImportRow, mapping: ImportMapping, remembered: boolean): ImportRecord {
  return {
    ...toSummary(row),
    header: JSON.parse(row.header_json) as string[],
    mapping,
    mappingRemembered: remembered,
    preview: JSON.parse(row.preview_json) as string[][],
  };
}

// ---------------------------------------------------------------- interrupted jobs

/**
 * A job commits a batch every few milliseconds and stamps heartbeat_at with it: one silent this long
 * has stopped (its server stopped or crashed). Several servers may share a PostgreSQL database, so
 * "this server just started" alone does not make another server's job interrupted.
 */
export const JOB_STALE_MS = 30_000;

/**
 * Marks the imports whose apply or rollback job stopped as `failed`, with a message that says what was
 * done and what to do. Every batch commits its product writes, their before-images and the progress
 * together, so what an interrupted apply did is exactly what its rollback undoes; an interrupted
 * rollback can be run again. Runs at start-up and whenever imports are read. `atStartOfOnlyServer`: a
 * SQLite database has one server, which has just started, so every job it finds is interrupted however
 * recent its last batch.
 */
export async function recoverInterruptedImports(
  db: Db,
  { distributorId, atStartOfOnlyServer = false }: { distributorId?: string; atStartOfOnlyServer?: boolean } = {},
): Promise<void> {
  const now = Date.parse(nowIso());
  const before = new Date(atStartOfOnlyServer ? now + 1 : now - JOB_STALE_MS).toISOString();
  for (const job of await findStaleJobs(db, before, distributorId)) {
    if (running.has(job.id)) continue;
    const message =
      job.status === 'rolling_back'
        ? IMPORT_MESSAGES.rollbackInterrupted
        : IMPORT_MESSAGES.applyInterrupted(job.processed, job.row_count);
    await markInterrupted(db, job, message);
  }
}

async function loadImport(db: Db, actor: Actor, id: string): Promise<ImportRow> {
  let row = await findImport(db, actor.distributorId, id);
  if (row && (row.status === 'applying' || row.status === 'rolling_back') && !running.has(id)) {
    await recoverInterruptedImports(db, { distributorId: actor.distributorId });
    row = await findImport(db, actor.distributorId, id);
  }
  if (!row) throw notFound(IMPORT_MESSAGES.notFound);
  return row;
}

export async function listProductImports(db: Db, actor: Actor, page: number, limit: number): Promise<ImportList> {
  await recoverInterruptedImports(db, { distributorId: actor.distributorId });
  const { rows, total } = await listImports(db, actor.distributorId, page, limit);
  return { items: rows.map(toSummary), total, page, limit };
}

/** The mapping of the import's last dry run; else the one this layout used last; else a suggestion. */
async function mappingFor(db: Db, actor: Actor, row: ImportRow): Promise<{ mapping: ImportMapping; remembered: boolean }> {
  const header = JSON.parse(row.header_json) as string[];
  if (row.mapping_json) return { mapping: JSON.parse(row.mapping_json) as ImportMapping, remembered: true };
  const saved = await findMapping(db, actor.distributorId, row.layout_key);
  if (saved) {
    const mapping = JSON.parse(saved) as ImportMapping;
    if (mapping.length === header.length) return { mapping, remembered: true };
  }
  return { mapping: suggestMapping(header), remembered: false };
}

export async function uploadImport(db: Db, actor: Actor, bytes: Buffer, fileName: string): Promise<ImportRecord> {
  const { header, rowsJson, preview, rowCount } = await readImportFile(bytes, fileName);
  const id = newId();
  await insertImport(db, {
    id,
    distributor_id: actor.distributorId,
    user_id: actor.userId,
    file_name: fileName,
    header_json: JSON.stringify(header),
    layout_key: layoutKey(header),
    rows_json: rowsJson,
    preview_json: JSON.stringify(preview),
    row_count: rowCount,
    mapping_json: null,
    status: 'uploaded',
    processed: 0,
    created_count: 0,
    updated_count: 0,
    unchanged_count: 0,
    rejected_count: 0,
    rejected_json: '[]',
    error: null,
    created_at: nowIso(),
    applied_at: null,
    rolled_back_at: null,
    heartbeat_at: null,
  });
  return getImport(db, actor, id);
}

export async function getImport(db: Db, actor: Actor, id: string): Promise<ImportRecord> {
  const row = await loadImport(db, actor, id);
  const { mapping, remembered } = await mappingFor(db, actor, row);
  return toRecord(row, mapping, remembered);
}

// ---------------------------------------------------------------- planning rows (no database)

interface PlannedRow {
  /** The row as a spreadsheet numbers it: the header is row 1. */
  row: number;
  itemNumber: string;
  values: ImportValues;
  /** Fields whose cell was blank (for the "blank overwrites" warning). */
  blanks: Set<ImportFieldKey>;
  error: string | null;
}

function checkMapping(header: readonly string[], mapping: ImportMapping): void {
  if (mapping.length !== header.length)
    throw badRequest(IMPORT_MESSAGES.mappingLength, { mapping: IMPORT_MESSAGES.mappingLength });
  const problem = mappingProblem(mapping);
  if (problem) throw badRequest(problem, { mapping: problem });
}

/** Each row's values, or the reason it is refused on its own or as a repeat of an earlier row. */
async function planRows(rows: readonly string[][], mapping: ImportMapping): Promise<PlannedRow[]> {
  const firstRowOfItem = new Map<string, number>();
  const firstRowOfUpc = new Map<string, number>();
  const planned: PlannedRow[] = [];
  for (let at = 0; at < rows.length; at += PLAN_SLICE) {
    if (at) await nextTurn();
    for (const [offset, cells] of rows.slice(at, at + PLAN_SLICE).entries()) {
      planned.push(planRow(cells, at + offset, mapping, firstRowOfItem, firstRowOfUpc));
    }
  }
  return planned;
}

function planRow(
  cells: readonly string[],
  index: number,
  mapping: ImportMapping,
  firstRowOfItem: Map<string, number>,
  firstRowOfUpc: Map<string, number>,
): PlannedRow {
  const planned: PlannedRow = { row: index + 2, itemNumber: '', values: {}, blanks: new Set(), error: null };
  const errors: string[] = [];
  mapping.forEach((key, column) => {
    if (!key) return;
    const field = importFieldByKey.get(key)!;
    const raw = cells[column] ?? '';
    const parsed = parseCell(field, raw);
    if ('error' in parsed) errors.push(parsed.error);
    else {
      planned.values[key] = parsed.value;
      if (raw.trim() === '') planned.blanks.add(key);
    }
  });
  planned.itemNumber = String(planned.values.itemNumber ?? (cells[mapping.indexOf('itemNumber')] ?? '').trim());
  if (!errors.length && planned.itemNumber) {
    const seen = firstRowOfItem.get(planned.itemNumber.toLowerCase());
    if (seen) errors.push(IMPORT_MESSAGES.duplicateItem(planned.itemNumber, seen));
    else firstRowOfItem.set(planned.itemNumber.toLowerCase(), planned.row);
    for (const upc of (planned.values.upcs as string[] | undefined) ?? []) {
      const upcRow = firstRowOfUpc.get(upc);
      if (upcRow) errors.push(`UPC ${upc} is also on row ${upcRow}`);
      else firstRowOfUpc.set(upc, planned.row);
    }
  }
  planned.error = errors.length ? errors.join('; ') : null;
  return planned;
}

// ---------------------------------------------------------------- evaluating rows against the catalogue

type Outcome =
  | { kind: 'rejected'; planned: PlannedRow; reason: string }
  | { kind: 'unchanged'; planned: PlannedRow; product: ProductSnapshot }
  | {
      kind: 'updated';
      planned: PlannedRow;
      product: ProductSnapshot;
      changed: ImportValues;
      changes: DryRunResult['updates'][number]['changes'];
      warnings: DryRunResult['warnings'];
    }
  | { kind: 'created'; planned: PlannedRow; values: ImportValues; warnings: DryRunResult['warnings'] };

function priceWarning(key: ImportFieldKey, before: number, after: number): string | null {
  if (before <= 0 || Math.abs(after - before) / before <= PRICE_WARNING_SHARE) return null;
  const field = importFieldByKey.get(key)!;
  const share = ((after - before) / before) * 100;
  const percent = `${share > 0 ? '+' : ''}${share.toFixed(1)}%`;
  return IMPORT_MESSAGES.priceChange(field.label, percent, formatValue(field, before), formatValue(field, after));
}

/**
 * Price levels 2–5 the row leaves unset (a new product: blank or not in the file; an update: blanked by
 * the row), which then pay Price 1. Only when Price 1 itself is set.
 */
function unsetLevelsWarning(p: PlannedRow, after: ImportValues, created: boolean): DryRunResult['warnings'] {
  if (!(Number(after.price1Cents) > 0)) return [];
  const unset = PRICE_FIELD_KEYS.slice(1).filter((key) => (created || p.blanks.has(key)) && !(Number(after[key]) > 0));
  if (!unset.length) return [];
  const labels = unset.map((key) => importFieldByKey.get(key)!.label);
  return [{ row: p.row, itemNumber: p.itemNumber, field: unset[0]!, message: IMPORT_MESSAGES.levelsPayPrice1(labels) }];
}

/**
 * The products API's field rules (`productBody`) on the record the row would leave: the product's
 * values with the row's over them (a new product: the row's, the rest defaults). Only problems of the
 * fields the row sets count, so an old value that no longer passes does not block the row.
 */
function productRuleProblem(product: ProductSnapshot | undefined, rowValues: ImportValues): string | null {
  const record = { ...product?.values, ...rowValues };
  const checked = productBody.safeParse(record);
  if (checked.success) return null;
  const messages = checked.error.issues
    .filter((issue) => !product || String(issue.path[0]) in rowValues)
    .map((issue) => issue.message);
  return messages.length ? [...new Set(messages)].join('; ') : null;
}

/** What each planned row would do to the catalogue as it is now (read through `db`, a transaction when applying). */
async function evaluate(db: DbOrTrx, actor: Actor, planned: readonly PlannedRow[], refs: ProductReferences): Promise<Outcome[]> {
  const candidates = planned.filter((p) => !p.error);
  const { own } = await productSnapshotsByItemNumber(
    db,
    actor.distributorId,
    candidates.map((p) => p.itemNumber),
    refs,
  );
  const owners = await upcItemNumbers(
    db,
    candidates.flatMap((p) => (p.values.upcs as string[] | undefined) ?? []),
  );
  return planned.map((p): Outcome => {
    if (p.error) return { kind: 'rejected', planned: p, reason: p.error };
    const resolved = resolveReferences(refs, p.values);
    if ('error' in resolved) return { kind: 'rejected', planned: p, reason: resolved.error };
    const takenUpc = ((p.values.upcs as string[] | undefined) ?? []).find((u) => owners.has(u) && owners.get(u) !== p.itemNumber);
    if (takenUpc) return { kind: 'rejected', planned: p, reason: IMPORT_MESSAGES.upcTaken(takenUpc, owners.get(takenUpc)!) };
    const values = canonicalNames(refs, p.values);
    const product = own.get(p.itemNumber);
    if (!product && values.description === undefined) {
      return { kind: 'rejected', planned: p, reason: IMPORT_MESSAGES.required('Description') };
    }
    const invalid = productRuleProblem(product, p.values);
    if (invalid) return { kind: 'rejected', planned: p, reason: invalid };
    if (!product) return { kind: 'created', planned: p, values, warnings: unsetLevelsWarning(p, values, true) };
    const changed: ImportValues = {};
    const changes: DryRunResult['updates'][number]['changes'] = [];
    const warnings: DryRunResult['warnings'] = [];
    for (const field of IMPORT_FIELDS) {
      const key = field.key;
      if (key === 'itemNumber' || !(key in values)) continue;
      const before = product.values[key];
      const after = values[key];
      if (sameValue(before, after)) continue;
      changed[key] = after;
      changes.push({ field: key, label: field.label, before: formatValue(field, before), after: formatValue(field, after) });
      const ref = { row: p.row, itemNumber: p.itemNumber, field: key };
      if (p.blanks.has(key))
        warnings.push({ ...ref, message: IMPORT_MESSAGES.blankOverwrites(field.label, formatValue(field, before)) });
      else if ((PRICE_FIELD_KEYS as readonly string[]).includes(key)) {
        const message = priceWarning(key, Number(before), Number(after));
        if (message) warnings.push({ ...ref, message });
      }
    }
    if (!changes.length) return { kind: 'unchanged', planned: p, product };
    warnings.push(...unsetLevelsWarning(p, { ...product.values, ...values }, false));
    return { kind: 'updated', planned: p, product, changed, changes, warnings };
  });
}

function importParts(row: ImportRow): { header: string[]; rows: string[][] } {
  return { header: JSON.parse(row.header_json) as string[], rows: JSON.parse(row.rows_json) as string[][] };
}

export async function dryRun(db: Db, actor: Actor, id: string, mapping: ImportMapping): Promise<DryRunResult> {
  const row = await loadImport(db, actor, id);
  const { header, rows } = importParts(row);
  checkMapping(header, mapping);
  const planned = await planRows(rows, mapping);
  const refs = await loadProductReferences(db, actor.distributorId);
  const result: DryRunResult = {
    total: rows.length,
    counts: { created: 0, updated: 0, unchanged: 0, rejected: 0 },
    updates: [],
    errors: [],
    warnings: [],
  };
  let size = FIRST_BATCH_ROWS;
  for (let at = 0; at < planned.length;) {
    const started = performance.now();
    const slice = planned.slice(at, at + size);
    for (const outcome of await evaluate(db, actor, slice, refs)) {
      result.counts[outcome.kind]++;
      const ref = { row: outcome.planned.row, itemNumber: outcome.planned.itemNumber };
      if (outcome.kind === 'rejected') result.errors.push({ ...ref, reason: outcome.reason });
      if (outcome.kind === 'updated') result.updates.push({ ...ref, changes: outcome.changes });
      if (outcome.kind === 'updated' || outcome.kind === 'created') result.warnings.push(...outcome.warnings);
    }
    at += slice.length;
    size = nextBatchSize(size, performance.now() - started);
    await nextTurn();
  }
  // The mapping is remembered for this layout, and is the one Apply uses.
  const mappingJson = JSON.stringify(mapping);
  await saveMapping(db, actor.distributorId, row.layout_key, mappingJson, nowIso());
  if (row.status === 'uploaded') await updateImport(db, id, { mapping_json: mappingJson });
  return result;
}

// ---------------------------------------------------------------- applying in the background

interface Rejected {
  row: number;
  itemNumber: string;
  reason: string;
}

/** Jobs running in this process, so tests and shutdown can wait for them. */
const running = new Map<string, Promise<void>>();

export function importJob(id: string): Promise<void> | undefined {
  return running.get(id);
}

export async function startApply(db: Db, actor: Actor, id: string): Promise<ImportRecord> {
  const row = await loadImport(db, actor, id);
  if (row.status === 'applying') throw conflict(IMPORT_MESSAGES.applying);
  if (row.status !== 'uploaded') throw conflict(IMPORT_MESSAGES.alreadyApplied);
  if (!row.mapping_json) throw conflict(IMPORT_MESSAGES.needsDryRun);
  const moved = await moveImportStatus(db, id, ['uploaded'], { status: 'applying', processed: 0, heartbeat_at: nowIso() });
  if (!moved) throw conflict(IMPORT_MESSAGES.applying);
  const job = runApply(db, actor, row).finally(() => running.delete(id));
  running.set(id, job);
  return getImport(db, actor, id);
}

async function runApply(db: Db, actor: Actor, row: ImportRow): Promise<void> {
  const counts = { created: 0, updated: 0, unchanged: 0, rejected: 0 };
  const rejected: Rejected[] = [];
  let seq = 0;
  try {
    const { rows } = importParts(row);
    const planned = await planRows(rows, JSON.parse(row.mapping_json!) as ImportMapping);
    await nextTurn();
    let size = FIRST_BATCH_ROWS;
    for (let at = 0; at < planned.length;) {
      const started = performance.now();
      const batch = planned.slice(at, at + size);
      const processed = at + batch.length;
      await db.transaction().execute(async (trx) => {
        const refs = await loadProductReferences(trx, actor.distributorId);
        const outcomes = await evaluate(trx, actor, batch, refs);
        const updatedIds = outcomes.flatMap((o) => (o.kind === 'updated' ? [o.product.id] : []));
        const images = await productBeforeImages(trx, updatedIds);
        const changes: ProductImportChangeTable[] = [];
        for (const outcome of outcomes) {
          counts[outcome.kind]++;
          if (outcome.kind === 'rejected') {
            rejected.push({ row: outcome.planned.row, itemNumber: outcome.planned.itemNumber, reason: outcome.reason });
          } else if (outcome.kind === 'created') {
            const productId = await createProductFromValues(trx, actor.distributorId, outcome.values, refs);
            changes.push({ import_id: row.id, seq: ++seq, product_id: productId, action: 'created', before_json: null });
          } else if (outcome.kind === 'updated') {
            const before = images.get(outcome.product.id)!;
            await updateProductValues(trx, outcome.product.id, outcome.changed, refs);
            changes.push({
              import_id: row.id,
              seq: ++seq,
              product_id: outcome.product.id,
              action: 'updated',
              before_json: JSON.stringify(before),
            });
          }
        }
        await insertChanges(trx, changes);
        // Only while the import is still this job's: one marked interrupted stops here, its batch undone.
        const progressed = await moveImportStatus(trx, row.id, ['applying'], {
          processed,
          created_count: counts.created,
          updated_count: counts.updated,
          unchanged_count: counts.unchanged,
          rejected_count: counts.rejected,
          rejected_json: JSON.stringify(rejected),
          heartbeat_at: nowIso(),
        });
        if (!progressed) throw new JobTakenAway();
      });
      afterCatalogueWrite(db, actor.distributorId);
      at = processed;
      size = nextBatchSize(size, performance.now() - started);
      await nextTurn(); // let waiting requests run between batches
    }
    await moveImportStatus(db, row.id, ['applying'], { status: 'applied', applied_at: nowIso() });
  } catch (err) {
    if (err instanceof JobTakenAway) return;
    // What committed stays (and can be rolled back); the failure is shown on the import.
    await moveImportStatus(db, row.id, ['applying'], {
      status: 'failed',
      error: 'The import stopped: ' + (err as Error).message.slice(0, 200),
    }).catch(() => undefined);
  }
}

/** The import was marked interrupted while its job still ran (the job was silent past JOB_STALE_MS). */
class JobTakenAway extends Error {}

// ---------------------------------------------------------------- rejected rows and rollback

export async function rejectedRowsCsv(db: Db, actor: Actor, id: string): Promise<string> {
  const row = await loadImport(db, actor, id);
  const { header, rows } = importParts(row);
  const rejected = JSON.parse(row.rejected_json) as Rejected[];
  const lines = [
    [...header, 'Row', 'Reason'],
    ...rejected.map((r) => [...header.map((_, i) => rows[r.row - 2]?.[i] ?? ''), String(r.row), r.reason]),
  ].map((cells) => cells.map(neutraliseCell));
  return '\uFEFF' + stringify(lines, { record_delimiter: '\r\n' });
}

export async function rollbackImport(db: Db, actor: Actor, id: string): Promise<ImportRecord> {
  const row = await loadImport(db, actor, id);
  if (row.status === 'rolling_back') throw conflict(IMPORT_MESSAGES.rollingBack);
  if (row.status !== 'applied' && row.status !== 'failed') throw conflict(IMPORT_MESSAGES.rollbackNotApplied);
  if (!(await moveImportStatus(db, id, ['applied', 'failed'], { status: 'rolling_back', heartbeat_at: nowIso() }))) {
    throw conflict(IMPORT_MESSAGES.rollbackNotApplied);
  }
  // Last change first, in batches, each its own transaction, yielding between them. Running it again
  // after a failure is safe: a before-image is written again, a removed product is already gone.
  let beforeSeq = 2 ** 31 - 1;
  let size = FIRST_BATCH_ROWS;
  try {
    for (;;) {
      const started = performance.now();
      const done = await db.transaction().execute(async (trx) => {
        const changes = await changesBefore(trx, id, beforeSeq, size);
        for (const change of changes) {
          if (change.action === 'created') await removeOrDeactivateProduct(trx, change.product_id);
          else await restoreBeforeImage(trx, change.product_id, JSON.parse(change.before_json!) as ProductBeforeImage);
        }
        if (changes.length) beforeSeq = changes[changes.length - 1]!.seq;
        if (!(await moveImportStatus(trx, id, ['rolling_back'], { heartbeat_at: nowIso() }))) throw new JobTakenAway();
        return changes.length < size;
      });
      afterCatalogueWrite(db, actor.distributorId);
      if (done) break;
      size = nextBatchSize(size, performance.now() - started);
      await nextTurn();
    }
  } catch (err) {
    if (err instanceof JobTakenAway) throw conflict(IMPORT_MESSAGES.rollbackInterrupted);
    await moveImportStatus(db, id, ['rolling_back'], { status: row.status });
    throw err;
  }
  await moveImportStatus(db, id, ['rolling_back'], { status: 'rolled_back', rolled_back_at: nowIso() });
  return getImport(db, actor, id);
}

// ---------------------------------------------------------------- export

/**
 * The distributor's products matching the filters as CSV: UTF-8 with a BOM (so spreadsheets read it
 * as UTF-8), the import's own header so the file imports back, and every cell that a spreadsheet would
 * run as a formula neutralised. Written a page at a time with a yield between pages.
 */
export function exportProductsCsv(db: Db, actor: Actor, filters: ProductExportFilters): Readable {
  const out = new PassThrough();
  const csv = stringifyStream({ record_delimiter: '\r\n' });
  out.write('\uFEFF');
  csv.pipe(out);
  const write = async (cells: string[]) => {
    if (!csv.write(cells.map(neutraliseCell))) await new Promise((resolve) => csv.once('drain', resolve));
  };
  void (async () => {
    try {
      await write(IMPORT_FIELDS.map((f) => f.label));
      const refs = await loadProductReferences(db, actor.distributorId);
      let afterId: string | null = null;
      for (;;) {
        const page = await productExportPage(db, actor.distributorId, filters, refs, afterId, EXPORT_PAGE);
        for (const product of page) await write(IMPORT_FIELDS.map((f) => formatValue(f, product.values[f.key])));
        if (page.length < EXPORT_PAGE) break;
        afterId = page[page.length - 1]!.id;
        await nextTurn();
      }
      csv.end();
    } catch (err) {
      out.destroy(err as Error);
    }
  })();
  return out;
}
