// Money is integer cents inside; dollars with 2 decimals at the edge.

/** 1234 → "12.34" */
export function centsToDecimalString(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** 1234 → 12.34 (a number, for JSON amounts) */
export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100;
}

/** 1234 → "$12.34"; -500 → "-$5.00" */
export function formatMoney(cents: number): string {
  const s = centsToDecimalString(cents);
  return s.startsWith('-') ? `-$${s.slice(1)}` : `$${s}`;
}

/** 12.345 → 1235 (dollars from an input to cents, half away from zero) */
export function dollarsToCents(dollars: number): number {
  return Math.sign(dollars) * Math.round(Math.abs(dollars) * 100 + 1e-9);
}
