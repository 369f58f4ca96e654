// Display formatting shared by the retailer screens: API amounts are dollars rounded to the cent.
import { dollarsToCents, formatMoney } from '@portal/shared/money/money';
import dayjs from 'dayjs';

/** 12.5 → "$12.50"; -3 → "-$3.00" (spec §9: dollar sign and 2 decimals). */
export function money(dollars: number | null | undefined): string {
  return formatMoney(dollarsToCents(dollars ?? 0));
}

/**
 * 12345 → "12,345": a whole count with en-US thousands separators. Not `toLocaleString`: its first
 * call sets up ICU number formatting, tens of milliseconds on a phone in the render that shows the
 * order screen's first products.
 */
export function count(n: number): string {
  const whole = Math.trunc(n);
  const digits = String(Math.abs(whole)).replace(/\B(?=(\d{3})+$)/g, ',');
  return whole < 0 ? `-${digits}` : digits;
}

/** ISO time → "Mar 2, 2026". */
export function shortDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = dayjs(iso);
  return d.isValid() ? d.format('MMM D, YYYY') : '';
}

/** ISO time → "Mar 2, 2026, 10:15 AM". */
export function dateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = dayjs(iso);
  return d.isValid() ? d.format('MMM D, YYYY, h:mm A') : '';
}
