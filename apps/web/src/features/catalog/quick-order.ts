// Quick order: what a store owner types or pastes (one item per line, an item number or UPC and
// optionally a quantity; or a list of codes on one line) turned into lines to add to the cart.

export interface QuickOrderLine {
  code: string;
  quantity: number;
}

export interface QuickOrderParse {
  lines: QuickOrderLine[];
  errors: string[];
}

export const QUICK_ORDER_MAX_LINES = 100;
export const QUICK_ORDER_MAX_QUANTITY = 99_999;
const CODE_RE = /^[A-Za-z0-9][A-Za-z0-9._/-]{0,39}$/;
// A quantity is short; UPCs are 8 to 14 digits, so a 1-5 digit second token reads as a quantity.
const QTY_RE = /^\d{1,5}$/;

function cleanToken(t: string): string {
  return t.replace(/^["']+|["']+$/g, '').trim();
}

const TIMES = /^[x×*]$/i;

/** `CODE QTY`, `CODE x QTY`, `CODE x3`, `QTY x CODE`, `3x CODE`; null when the tokens are not one of these. */
function codeAndQuantity(t: string[]): [string, number][] | null {
  const [a = '', b = '', c = ''] = t;
  if (t.length === 3 && TIMES.test(b)) {
    if (QTY_RE.test(c)) return [[a, Number(c)]];
    if (QTY_RE.test(a)) return [[c, Number(a)]];
    return null;
  }
  if (t.length !== 2) return null;
  const suffix = /^[x×*](\d{1,5})$/i.exec(b);
  if (suffix) return [[a, Number(suffix[1])]];
  const prefix = /^(\d{1,5})[x×*]$/i.exec(a);
  if (prefix) return [[b, Number(prefix[1])]];
  if (QTY_RE.test(b)) return [[a, Number(b)]];
  return null;
}

/**
 * Parses quick-order text. Per line: `CODE`, `CODE QTY`, `CODE x QTY`, `QTY x CODE` (separated by
 * spaces, tabs, commas or semicolons: spreadsheet and e-mail pastes), or several codes, each taking
 * `defaultQuantity`. The same code twice is one line with the quantities summed.
 */
export function parseQuickOrder(text: string, defaultQuantity = 1): QuickOrderParse {
  const errors: string[] = [];
  const merged = new Map<string, QuickOrderLine>();
  const push = (code: string, quantity: number) => {
    const key = code.toLowerCase();
    const existing = merged.get(key);
    if (existing) existing.quantity = Math.min(QUICK_ORDER_MAX_QUANTITY, existing.quantity + quantity);
    else merged.set(key, { code, quantity });
  };

  const rawLines = text.split(/\r?\n/);
  rawLines.forEach((raw, index) => {
    const lineNo = index + 1;
    const tokens = raw
      .split(/[\s,;]+/)
      .map(cleanToken)
      .filter(Boolean);
    if (tokens.length === 0) return;
    const pairs = codeAndQuantity(tokens) ?? tokens.map((t): [string, number] => [t, defaultQuantity]);

    for (const [code, quantity] of pairs) {
      if (!CODE_RE.test(code)) {
        errors.push(`Line ${lineNo}: "${code}" is not a valid item number or UPC`);
        continue;
      }
      if (!Number.isInteger(quantity) || quantity < 1) {
        errors.push(`Line ${lineNo}: the quantity for ${code} must be at least 1`);
        continue;
      }
      if (quantity > QUICK_ORDER_MAX_QUANTITY) {
        errors.push(`Line ${lineNo}: the quantity for ${code} must be ${QUICK_ORDER_MAX_QUANTITY} or less`);
        continue;
      }
      push(code, quantity);
    }
  });

  const lines = [...merged.values()];
  if (lines.length > QUICK_ORDER_MAX_LINES) {
    errors.push(`Quick order takes at most ${QUICK_ORDER_MAX_LINES} items at a time`);
    return { lines: lines.slice(0, QUICK_ORDER_MAX_LINES), errors };
  }
  return { lines, errors };
}

/** UPCs compare without leading zeros (UPC-A 12 digits and EAN-13 with a leading 0 are the same code). */
export function sameUpc(a: string, b: string): boolean {
  const norm = (s: string) => s.replace(/[\s-]/g, '').replace(/^0+/, '');
  return norm(a) !== '' && norm(a) === norm(b);
}

/** Whether a catalogue product is exactly the one a quick-order code names. */
export function matchesCode(p: { Item_Number: string; UPCList: { UPC_Number: string }[] }, code: string): boolean {
  if (p.Item_Number.toLowerCase() === code.toLowerCase()) return true;
  return /^[\d\s-]+$/.test(code) && p.UPCList.some((u) => sameUpc(u.UPC_Number, code));
}

/** Why a quick-order line was not added: its code matched nothing, it cannot be ordered, or anything else. */
export type QuickOrderProblemKind = 'notFound' | 'unavailable' | 'other';
export interface QuickOrderProblem {
  kind: QuickOrderProblemKind;
  text: string;
}

/** A run's outcome: what was added (`Description × quantity`) and what was not, with why. */
export interface QuickOrderOutcome {
  added: string[];
  problems: QuickOrderProblem[];
}

/**
 * The one-line result of a run, e.g. `97 added · 3 not found`: counts only, so 100 lines never make
 * a wall of text (the problems are listed apart, on demand).
 */
export function quickOrderSummary(added: number, problems: readonly QuickOrderProblem[]): string {
  const count = (kind: QuickOrderProblemKind) => problems.filter((p) => p.kind === kind).length;
  const parts = [
    added > 0 || problems.length === 0 ? `${added} added` : null,
    count('notFound') ? `${count('notFound')} not found` : null,
    count('unavailable') ? `${count('unavailable')} not available` : null,
    count('other') ? `${count('other')} not added` : null,
  ];
  return parts.filter(Boolean).join(' · ');
}
