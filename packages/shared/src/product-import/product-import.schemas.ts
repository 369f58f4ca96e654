// Product CSV import and export (issue 14 §3): the importable fields, how a file's header is mapped to
// them, how a cell's text becomes a value, the import's answers and messages. Used by the API and the
// import dialog.
import { z } from 'zod';
import { limitField, pageField } from '../catalog/catalog.schemas.ts';
import { PRICE_FIELDS, productListQuery } from '../products/products.schemas.ts';

/** Spec §9: files other than images and video are at most 10 MB. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 50_000;
export const IMPORT_MAX_COLUMNS = 200;
/** Data rows shown with the mapping. */
export const IMPORT_PREVIEW_ROWS = 5;
/** A price change larger than this share, either way, is warned about in the dry run. */
export const PRICE_WARNING_SHARE = 0.2;

export type ImportFieldKind = 'text' | 'int' | 'money' | 'percent' | 'decimal' | 'flag' | 'list';

export interface ImportField {
  key: string;
  label: string;
  kind: ImportFieldKind;
  /** Header names (compared without case, spaces, `_` and `-`) suggested for this field. */
  aliases: readonly string[];
  /** A blank cell is refused (required) rather than stored as the field's empty value. */
  required?: boolean;
  /** The value of a blank cell and of a new product's unmapped field. */
  empty: unknown;
}

const flag = (key: string, label: string, empty: boolean, aliases: string[]): ImportField => ({
  key,
  label,
  kind: 'flag',
  aliases,
  empty,
});
const price = (n: number): ImportField => ({
  key: `price${n}Cents`,
  label: `Price ${n}`,
  kind: 'money',
  aliases: [`price${n}`, `pricelevel${n}`, `level${n}`, ...(n === 1 ? ['price', 'unitprice'] : [])],
  empty: 0,
});

/**
 * The importable fields, keyed by the products API's field names (`productBody`), whose rules and
 * messages decide what is valid; category, subcategory and vendor are given by name. Blank cells and a
 * new product's unmapped fields take `empty` (the products API's defaults).
 */
export const IMPORT_FIELDS = [
  { key: 'itemNumber', label: 'Item number', kind: 'text', aliases: ['itemno', 'item', 'sku'], required: true, empty: '' },
  { key: 'description', label: 'Description', kind: 'text', aliases: ['name', 'productname'], required: true, empty: '' },
  { key: 'brand', label: 'Brand', kind: 'text', aliases: [], empty: null },
  { key: 'category', label: 'Category', kind: 'text', aliases: [], empty: null },
  { key: 'subcategory', label: 'Subcategory', kind: 'text', aliases: [], empty: null },
  { key: 'vendor', label: 'Vendor', kind: 'text', aliases: ['supplier'], empty: null },
  { key: 'salesCategory', label: 'Sales category', kind: 'text', aliases: [], empty: null },
  // The aisle/bin pick lists sort by (docs/pick-lists.md); the product editor calls it "Aisle / location".
  {
    key: 'location',
    label: 'Location',
    kind: 'text',
    aliases: ['aislelocation', 'aisle', 'bin', 'binlocation', 'picklocation'],
    empty: null,
  },
  { key: 'pack', label: 'Pack', kind: 'int', aliases: [], empty: 1 },
  { key: 'caseCount', label: 'Case count', kind: 'int', aliases: ['case'], empty: 1 },
  { key: 'uom', label: 'UOM', kind: 'text', aliases: ['unit', 'unitofmeasure'], empty: 'EA' },
  { key: 'unitOunces', label: 'Unit ounces', kind: 'decimal', aliases: ['ounces', 'oz'], empty: 0 },
  { key: 'size', label: 'Size', kind: 'text', aliases: [], empty: null },
  { key: 'upcs', label: 'UPCs', kind: 'list', aliases: ['upc', 'upclist', 'upcnumber', 'barcode'], empty: [] },
  price(1),
  price(2),
  price(3),
  price(4),
  price(5),
  { key: 'taxRateBp', label: 'Tax rate', kind: 'percent', aliases: ['taxrate', 'tax'], empty: 0 },
  { key: 'crvCents', label: 'CRV', kind: 'money', aliases: ['crv', 'crvprice'], empty: 0 },
  { key: 'stockOnHand', label: 'Stock on hand', kind: 'int', aliases: ['stock', 'inventoryonhand', 'onhand', 'qty'], empty: 0 },
  { key: 'productLimit', label: 'Product limit', kind: 'int', aliases: ['limit'], empty: null },
  flag('isNewItem', 'New item', false, ['newitem', 'new']),
  flag('allowToOrder', 'Allow to order', true, []),
  flag('showInventoryStock', 'Show stock', true, ['showtheinventorystock']),
  flag('showLowStock', 'Show low stock', false, []),
  flag('showWithoutPrice', 'Show without price', false, []),
  flag('allowToOrderSalesRep', 'Reps may order', true, []),
  flag('showInventoryStockToSalesRep', 'Show stock to reps', true, ['showtheinventorystocktosalesrep']),
  flag('showLowStockToSalesRep', 'Show low stock to reps', false, []),
  flag('showWithoutPriceToSalesRep', 'Show without price to reps', false, []),
  flag('isActive', 'Active', true, []),
] as const satisfies readonly ImportField[];

export type ImportFieldKey = (typeof IMPORT_FIELDS)[number]['key'];
export const IMPORT_FIELD_KEYS = IMPORT_FIELDS.map((f) => f.key) as [ImportFieldKey, ...ImportFieldKey[]];
export const importFieldByKey = new Map<string, ImportField>(IMPORT_FIELDS.map((f) => [f.key, f]));
export const PRICE_FIELD_KEYS = PRICE_FIELDS;

/** The values of one product's importable fields: cents, basis points, booleans, sorted UPC lists. */
export type ImportValues = Partial<Record<ImportFieldKey, string | number | boolean | string[] | null>>;

export const IMPORT_MESSAGES = {
  uploaded: 'File read',
  notCsv: 'Upload a CSV or Excel file (.csv, .xlsx): this file is not one',
  oldExcel: 'Excel 97-2003 (.xls) and password-protected workbooks cannot be read: save the sheet as .xlsx or CSV',
  unreadableXlsx: 'The file could not be read as an Excel workbook (.xlsx): it is damaged or not a workbook',
  empty: 'The file is empty',
  noRows: 'The file has a header row but no products',
  tooLarge: `File size must be ${IMPORT_MAX_BYTES / 1024 / 1024}MB or less`,
  tooManyRows: `A file may hold at most ${IMPORT_MAX_ROWS.toLocaleString('en-US')} products`,
  tooManyColumns: `A file may have at most ${IMPORT_MAX_COLUMNS} columns`,
  unreadable: (reason: string) => `The file could not be read as CSV: ${reason}`,
  notFound: 'Import not found',
  mappingLength: 'Choose a field (or none) for every column of the file',
  missingColumn: (label: string) => `Map a column to ${label}: the file must have it`,
  duplicateColumn: (label: string) => `${label} is chosen for more than one column`,
  dryRunDone: 'Dry run done',
  applyStarted: 'Import started',
  needsDryRun: 'Run a dry run before applying this import',
  alreadyApplied: 'This import has already been applied',
  applying: 'This import is still being applied',
  rollbackNotApplied: 'Only an applied import can be rolled back',
  rollingBack: 'This import is being rolled back',
  applyInterrupted: (processed: number, total: number) =>
    `The import was interrupted when the server stopped, after ${processed.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} rows: roll it back to undo those rows, or import the file again to finish`,
  rollbackInterrupted: 'The rollback was interrupted when the server stopped: roll back again to finish it',
  rolledBack: 'Import rolled back',
  required: (label: string) => `${label} is required`,
  number: (label: string) => `${label} must be a number`,
  flag: (label: string) => `${label} must be yes or no`,
  duplicateItem: (item: string, row: number) => `Item number ${item} is also on row ${row}`,
  upcTaken: (upc: string, item: string) => `UPC ${upc} already belongs to item ${item}`,
  unknownCategory: (name: string) => `Unknown category ${name}`,
  unknownSubcategory: (name: string) => `Unknown subcategory ${name} in this category`,
  unknownVendor: (name: string) => `Unknown vendor ${name}`,
  priceChange: (label: string, percent: string, before: string, after: string) =>
    `${label} changes by ${percent} (${before} → ${after})`,
  blankOverwrites: (label: string, before: string) => `Blank ${label} clears ${before}`,
  /** Levels 2–5 left unset pay Price 1 (docs/ordering.md "Prices"). */
  levelsPayPrice1: (labels: readonly string[]) =>
    `${labels.length === 4 ? 'Price 2–5' : labels.join(', ')} blank: stores on ${labels.length === 1 ? 'that level' : 'those levels'} pay Price 1`,
} as const;

/** A header cell as compared with the aliases: lower case, letters and digits only. */
export const normaliseHeader = (cell: string) => cell.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The file layout a header row names: the same columns in the same order give the same key. */
export const layoutKey = (header: readonly string[]) => header.map(normaliseHeader).join('|');

/** The normalised header names that suggest a field: its key, its label (the export's header) and aliases. */
const fieldNames = (f: ImportField) => [f.key, f.label, ...f.aliases].map(normaliseHeader);

/** A field for each column whose header names one (first column wins), else null. */
export function suggestMapping(header: readonly string[]): (ImportFieldKey | null)[] {
  const taken = new Set<string>();
  return header.map((cell) => {
    const name = normaliseHeader(cell);
    const field = IMPORT_FIELDS.find((f) => !taken.has(f.key) && fieldNames(f).includes(name));
    if (!field) return null;
    taken.add(field.key);
    return field.key;
  });
}

export const importMapping = z
  .array(z.enum(IMPORT_FIELD_KEYS, { error: 'Unknown field' }).nullable())
  .max(IMPORT_MAX_COLUMNS, IMPORT_MESSAGES.tooManyColumns);
export type ImportMapping = z.output<typeof importMapping>;

/** The mapping's own problems (apart from its length): a field twice, a required one missing. */
export function mappingProblem(mapping: ImportMapping): string | null {
  const seen = new Set<string>();
  for (const key of mapping) {
    if (!key) continue;
    if (seen.has(key)) return IMPORT_MESSAGES.duplicateColumn(importFieldByKey.get(key)!.label);
    seen.add(key);
  }
  if (!seen.has('itemNumber')) return IMPORT_MESSAGES.missingColumn('Item number');
  return null;
}

export const dryRunBody = z.object({ mapping: importMapping }, { error: 'Request body must be a JSON object' });
export const uploadQuery = z.object({
  fileName: z.string().trim().max(200, 'fileName must be 200 characters or less').optional(),
});

export const IMPORT_STATUSES = ['uploaded', 'applying', 'applied', 'failed', 'rolling_back', 'rolled_back'] as const;

export const importRecord = z.object({
  id: z.string(),
  fileName: z.string(),
  header: z.array(z.string()),
  /** The mapping remembered for this layout, else the suggested one. */
  mapping: z.array(z.string().nullable()),
  mappingRemembered: z.boolean(),
  preview: z.array(z.array(z.string())),
  rowCount: z.number(),
  status: z.enum(IMPORT_STATUSES),
  processed: z.number(),
  total: z.number(),
  counts: z.object({ created: z.number(), updated: z.number(), unchanged: z.number(), rejected: z.number() }),
  error: z.string().nullable(),
  createdAt: z.string(),
  appliedAt: z.string().nullable(),
  rolledBackAt: z.string().nullable(),
});
export type ImportRecord = z.output<typeof importRecord>;

/** The distributor's imports, newest first (`GET /admin/product-imports`). */
export const importListQuery = z.object({ page: pageField.default(1), limit: limitField(10, 50) });
export const importSummary = importRecord.pick({
  id: true,
  fileName: true,
  rowCount: true,
  status: true,
  processed: true,
  total: true,
  counts: true,
  error: true,
  createdAt: true,
  appliedAt: true,
  rolledBackAt: true,
});
export type ImportSummary = z.output<typeof importSummary>;
export const importList = z.object({
  items: z.array(importSummary),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type ImportList = z.output<typeof importList>;

const rowRef = { row: z.number(), itemNumber: z.string() };
export const dryRunResult = z.object({
  total: z.number(),
  counts: z.object({ created: z.number(), updated: z.number(), unchanged: z.number(), rejected: z.number() }),
  updates: z.array(
    z.object({
      ...rowRef,
      changes: z.array(z.object({ field: z.string(), label: z.string(), before: z.string(), after: z.string() })),
    }),
  ),
  errors: z.array(z.object({ ...rowRef, reason: z.string() })),
  warnings: z.array(z.object({ ...rowRef, field: z.string(), message: z.string() })),
});
export type DryRunResult = z.output<typeof dryRunResult>;

/**
 * A cell's text → the field's value, or why the text is not one: a number, yes/no. Blank cells give the
 * field's empty value. Ranges, lengths and formats are the products API's rules (`productBody`), checked
 * on the whole record afterwards.
 */
export function parseCell(field: ImportField, raw: string): { value: ImportValues[ImportFieldKey] } | { error: string } {
  const text = raw.trim();
  const { label } = field;
  if (text === '') {
    if (field.required) return { error: IMPORT_MESSAGES.required(label) };
    return { value: field.empty as ImportValues[ImportFieldKey] };
  }
  switch (field.kind) {
    case 'text':
      return { value: text };
    case 'flag': {
      const v = text.toLowerCase();
      if (['yes', 'y', 'true', '1', 'x'].includes(v)) return { value: true };
      if (['no', 'n', 'false', '0'].includes(v)) return { value: false };
      return { error: IMPORT_MESSAGES.flag(label) };
    }
    case 'list':
      return { value: [...new Set(text.split(/[;,|\s]+/).filter(Boolean))].sort() };
    default: {
      const cleaned = text.replace(/^\$/, '').replace(/%$/, '').replaceAll(',', '');
      if (!/^-?(\d+\.?\d*|\.\d+)$/.test(cleaned)) return { error: IMPORT_MESSAGES.number(label) };
      const n = Number(cleaned);
      if (field.kind === 'money' || field.kind === 'percent') {
        // Hundredths as a whole number when the text has at most 2 decimals; else a fraction the
        // products rules refuse ("in whole cents").
        const hundredths = n * 100;
        return { value: Math.abs(hundredths - Math.round(hundredths)) < 1e-6 ? Math.round(hundredths) : hundredths };
      }
      return { value: n };
    }
  }
}

/** A value as the dry run and the export show it: prices with 2 decimals, percents, yes/no, UPCs joined. */
export function formatValue(field: ImportField, value: unknown): string {
  if (value === null || value === undefined) return '';
  switch (field.kind) {
    case 'money':
      return (Number(value) / 100).toFixed(2);
    case 'percent':
      return String(Number(value) / 100);
    case 'flag':
      return value ? 'yes' : 'no';
    case 'list':
      return (value as string[]).join(';');
    default:
      return String(value);
  }
}

export function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => v === b[i]);
  return (a ?? null) === (b ?? null);
}

/**
 * A CSV cell a spreadsheet will not run as a formula: text starting with `=`, `+`, `-` or `@` (also
 * after leading tabs or carriage returns) gets a leading `'`.
 */
export function neutraliseCell(text: string): string {
  return /^[\t\r]*[=+\-@]/.test(text) ? `'${text}` : text;
}

/** The export takes the product list's filters (`GET /admin/products`); paging and sorting do not apply. */
export const productExportQuery = productListQuery.omit({ page: true, limit: true, sort: true, dir: true });
export type ProductExportQuery = z.input<typeof productExportQuery>;
