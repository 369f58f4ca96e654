// The sales header's retailer selector (spec §2 Header): options are label/value pairs, the search
// matches label or value case-insensitively and ranks exact matches first, then prefixes, then
// substrings. Within a rank the original order (the rep's list order) is kept.
export const SELECTOR_PLACEHOLDER = 'Select Retailer';
export const SELECTOR_NO_RESULTS = 'No results found';
export const SELECTOR_MAX_HEIGHT = 300;

export interface SelectorOption {
  label: string;
  value: string;
}

/** 0 exact, 1 prefix, 2 contains; null when neither label nor value matches. */
export function matchRank(option: SelectorOption, query: string): 0 | 1 | 2 | null {
  const q = query.trim().toLowerCase();
  if (!q) return 2;
  let best: 0 | 1 | 2 | null = null;
  for (const text of [option.label, option.value]) {
    const t = text.toLowerCase();
    const rank = t === q ? 0 : t.startsWith(q) ? 1 : t.includes(q) ? 2 : null;
    if (rank !== null && (best === null || rank < best)) best = rank;
  }
  return best;
}

/** The options matching the query, best first. An empty query keeps every option in its order. */
export function rankOptions<T extends SelectorOption>(options: readonly T[], query: string): T[] {
  if (!query.trim()) return [...options];
  return options
    .map((option, index) => ({ option, index, rank: matchRank(option, query) }))
    .filter((x): x is { option: T; index: number; rank: 0 | 1 | 2 } => x.rank !== null)
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map((x) => x.option);
}

/** A retailer as a selector option: the value is its C_Number, the label also names the store. */
export function retailerOption(record: { C_Number: string; C_CoName: string }): SelectorOption {
  return { label: `${record.C_Number} - ${record.C_CoName}`, value: record.C_Number };
}
