// Ageing of what a store owes (issue 18 §1): which bucket an unpaid debit falls in by days past its due
// date, and how a balance splits over the store's debits when payments settle the oldest debt first.
// Pure functions: the API's ageing list and ledger, the statement and the web screen all use them.

export const AGEING_BUCKETS = ['current', 'days1to30', 'days31to60', 'days61to90', 'days90plus'] as const;
export type AgeingBucket = (typeof AGEING_BUCKETS)[number];

export const AGEING_BUCKET_LABELS: Record<AgeingBucket, string> = {
  current: 'Current',
  days1to30: '1–30',
  days31to60: '31–60',
  days61to90: '61–90',
  days90plus: '90+',
};

/** Net 30 unless a store has its own terms (customers.payment_terms_days). */
export const DEFAULT_PAYMENT_TERMS_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days from due date to today (both YYYY-MM-DD); 0 or less is not yet past due. */
export function daysPastDue(dueOn: string, today: string): number {
  return Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${dueOn}T00:00:00Z`)) / DAY_MS);
}

export function bucketOf(days: number): AgeingBucket {
  if (days <= 0) return 'current';
  if (days <= 30) return 'days1to30';
  if (days <= 60) return 'days31to60';
  if (days <= 90) return 'days61to90';
  return 'days90plus';
}

/**
 * The part of a debit still unpaid when payments and credits settle the oldest debt first: the store
 * owes its newest debits up to its balance, i.e. a debit is open above `settledThrough` (the store's
 * debits less its balance) on the running total of debits.
 */
export function openCentsOf(amountCents: number, debitThroughCents: number, settledThroughCents: number): number {
  return Math.max(0, Math.min(amountCents, debitThroughCents - settledThroughCents));
}

export interface AgeingCents {
  current: number;
  days1to30: number;
  days31to60: number;
  days61to90: number;
  days90plus: number;
  /** Owed from before the ledger's first entry (no due date known). */
  carriedOver: number;
  /** The balance: the buckets and carried-over added up. */
  total: number;
}

export const emptyAgeing = (): AgeingCents => ({
  current: 0,
  days1to30: 0,
  days31to60: 0,
  days61to90: 0,
  days90plus: 0,
  carriedOver: 0,
  total: 0,
});

/** Open debits summed per bucket, before any is added (a store that owes nothing past its payments). */
export const noOpenDebits = (): Record<AgeingBucket, number> => ({
  current: 0,
  days1to30: 0,
  days31to60: 0,
  days61to90: 0,
  days90plus: 0,
});

/**
 * A store's ageing from its balance, its debits total and its open debits (any order). A balance in
 * credit (negative) shows as a negative current amount; carried over is what the balance exceeds the
 * recorded debits by.
 */
export function ageBalance(
  balanceCents: number,
  debitsCents: number,
  openDebits: readonly { amountCents: number; debitThroughCents: number; dueOn: string | null }[],
  today: string,
): AgeingCents {
  const settled = debitsCents - balanceCents;
  const open = noOpenDebits();
  for (const d of openDebits) {
    const cents = openCentsOf(d.amountCents, d.debitThroughCents, settled);
    if (cents > 0) open[d.dueOn ? bucketOf(daysPastDue(d.dueOn, today)) : 'current'] += cents;
  }
  return ageSummedBalance(balanceCents, debitsCents, open);
}

/**
 * The first due date of each bucket as of `today` (YYYY-MM-DD), for summing buckets in SQL: a due date on or
 * after `current` is current (or none), on or after `days1to30` (and before `current`) is 1–30 days past due,
 * and so on; before `days61to90` is over 90. The same buckets as `bucketOf(daysPastDue(dueOn, today))`.
 */
export function bucketStarts(today: string): Record<Exclude<AgeingBucket, 'days90plus'>, string> {
  const back = (days: number) => new Date(Date.parse(`${today}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);
  return { current: today, days1to30: back(30), days31to60: back(60), days61to90: back(90) };
}

/**
 * `ageBalance` from the open debits already summed per bucket (the office's list sums them in SQL with
 * `bucketStarts`): the same result for the same debits.
 */
export function ageSummedBalance(
  balanceCents: number,
  debitsCents: number,
  openByBucket: Readonly<Record<AgeingBucket, number>>,
): AgeingCents {
  const out = emptyAgeing();
  out.total = balanceCents;
  if (balanceCents <= 0) {
    out.current = balanceCents;
    return out;
  }
  out.carriedOver = Math.max(0, balanceCents - debitsCents);
  for (const b of AGEING_BUCKETS) out[b] = openByBucket[b];
  return out;
}

/** Past due: every bucket but current, and carried over. */
export const pastDueCents = (a: AgeingCents): number => a.days1to30 + a.days31to60 + a.days61to90 + a.days90plus + a.carriedOver;
