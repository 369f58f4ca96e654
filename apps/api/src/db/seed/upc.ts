// UPC-A codes: 12 digits, the last one a check digit over the first 11
// (3 × the digits in odd positions + the digits in even positions, up to a multiple of 10).

export function upcCheckDigit(first11: string): number {
  if (!/^\d{11}$/.test(first11)) throw new Error(`UPC-A body must be 11 digits: ${first11}`);
  let sum = 0;
  for (let i = 0; i < 11; i++) sum += Number(first11[i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10;
}

export function isValidUpcA(upc: string): boolean {
  return /^\d{12}$/.test(upc) && upcCheckDigit(upc.slice(0, 11)) === Number(upc[11]);
}

/** Number system 0, a 5-digit manufacturer code and a 5-digit item code. */
export function makeUpcA(manufacturer: number, item: number): string {
  if (manufacturer < 0 || manufacturer > 99_999 || item < 0 || item > 99_999) {
    throw new Error(`UPC-A manufacturer and item codes are 5 digits: ${manufacturer}, ${item}`);
  }
  const body = '0' + String(manufacturer).padStart(5, '0') + String(item).padStart(5, '0');
  return body + String(upcCheckDigit(body));
}
