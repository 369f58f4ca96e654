// One place for "now", so tests can move time (code expiry, order days) without sleeping.
let offsetMs = 0;

export const now = (): Date => new Date(Date.now() + offsetMs);
export const nowIso = (): string => now().toISOString();

/** Test helper: shift the clock forward by ms (cumulative). */
export function advanceClock(ms: number): void {
  offsetMs += ms;
}
export function resetClock(): void {
  offsetMs = 0;
}
