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

/**
 * Money as people read it, the one display formatter (screens, PDFs, messages; CSV keeps
 * centsToDecimalString): en-US, the distributors' locale, with thousands separators and 2 decimals.
 * 1371150 → "$13,711.50"; -500 → "-$5.00".
 */
export function formatMoney(cents: number): string {
  const s = centsToDecimalString(cents);
  const negative = s.startsWith('-');
  const [whole, fraction] = (negative ? s.slice(1) : s).split('.');
  const grouped = whole!.replace(/\B(?=(\d{3})+$)/g, ',');
  return `${negative ? '-' : ''}$${grouped}.${fraction}`;
}

/** 12.345 → 1235 (dollars from an input to cents, half away from zero) */
export function dollarsToCents(dollars: number): number {
  return Math.sign(dollars) * Math.round(Math.abs(dollars) * 100 + 1e-9);
}
