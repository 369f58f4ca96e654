// Validation of a batch of product rows (a CSV import, a price file), without the database: each row
// by the form's rules, and the rows against each other. A row for an item number that already exists
// is laid over the stored product: a field the row leaves out (undefined) keeps its stored value.
import { PRODUCT_MESSAGES, productBody, type ProductBody, type ProductInput } from '@portal/shared/products/products.schemas';

export interface RowProblem {
  /** The row's position in the batch, from 0. */
  index: number;
  itemNumber: string | null;
  /** The first problem, and every problem by field (`upcs.1`, `qtyDiscounts.0.minQty`, …). */
  message: string;
  fields: Record<string, string>;
}

export interface ValidRow {
  index: number;
  input: ProductInput;
  /** The item number is one of the stored products given. */
  existing: boolean;
}

export interface RowValidation {
  valid: ValidRow[];
  errors: RowProblem[];
}

const itemNumberOf = (row: unknown): string | null => {
  const v = (row as { itemNumber?: unknown } | null)?.itemNumber;
  return typeof v === 'string' && v.trim() ? v.trim() : null;
};

/**
 * Checks every row; `existing` holds the stored products (as bodies) by item number, so that a partial
 * row updates one. A row is valid or has errors, never both; rows are answered in their order.
 */
export function validateProductRows(
  rows: readonly unknown[],
  existing: ReadonlyMap<string, ProductBody> = new Map(),
): RowValidation {
  const valid: ValidRow[] = [];
  const errors: RowProblem[] = [];
  const problem = (index: number, itemNumber: string | null, fields: Record<string, string>) =>
    errors.push({ index, itemNumber, message: Object.values(fields)[0] ?? PRODUCT_MESSAGES.rowNotObject, fields });
  const seenItems = new Set<string>();
  const seenUpcs = new Set<string>();
  rows.forEach((row, index) => {
    const itemNumber = itemNumberOf(row);
    if (typeof row !== 'object' || row === null || Array.isArray(row)) {
      problem(index, null, { row: PRODUCT_MESSAGES.rowNotObject });
      return;
    }
    const stored = itemNumber ? existing.get(itemNumber) : undefined;
    const given = Object.fromEntries(Object.entries(row).filter(([, v]) => v !== undefined));
    const parsed = productBody.safeParse(stored ? { ...stored, ...given } : given);
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) fields[issue.path.map(String).join('.') || 'row'] ??= issue.message;
      problem(index, itemNumber, fields);
      return;
    }
    const input = parsed.data;
    if (seenItems.has(input.itemNumber)) {
      problem(index, input.itemNumber, { itemNumber: PRODUCT_MESSAGES.itemNumberRepeated(input.itemNumber) });
      return;
    }
    seenItems.add(input.itemNumber);
    const repeatedUpc = input.upcs.find((u) => seenUpcs.has(u));
    if (repeatedUpc) {
      problem(index, input.itemNumber, { upcs: PRODUCT_MESSAGES.upcRepeated(repeatedUpc) });
      return;
    }
    for (const u of input.upcs) seenUpcs.add(u);
    valid.push({ index, input, existing: Boolean(stored) });
  });
  return { valid, errors };
}
