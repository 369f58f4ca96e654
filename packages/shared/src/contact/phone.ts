// Phone numbers as people read them. Sign-in phones are stored as bare digits (15550100004); store and
// warehouse phones are often typed already formatted. Only North American numbers written as bare
// digits are reformatted: anything else is shown exactly as it was entered.

/**
 * `15550100004` or `+15550100004` → `+1 (555) 010-0004`; `5550100004` → `(555) 010-0004`; any other
 * text (already formatted, foreign, an extension, letters) unchanged. Empty stays empty.
 */
export function formatPhone(phone: string): string;
export function formatPhone(phone: string | null | undefined): string | null;
export function formatPhone(phone: string | null | undefined): string | null {
  if (phone === null || phone === undefined) return null;
  const digits = /^\+?(\d+)$/.exec(phone.trim())?.[1];
  if (!digits) return phone;
  const plus = phone.trim().startsWith('+');
  if (digits.length === 11 && digits.startsWith('1')) return `+1 ${nanp(digits.slice(1))}`;
  if (digits.length === 10 && !plus) return nanp(digits);
  return phone;
}

const nanp = (ten: string) => `(${ten.slice(0, 3)}) ${ten.slice(3, 6)}-${ten.slice(6)}`;
