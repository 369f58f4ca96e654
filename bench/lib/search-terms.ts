// What retailers type into the catalogue search, built from the words the seeded catalogue is made
// of (brands, product lines, subcategories, sizes): whole words, the first letters of a word as
// typed so far, brand + product line pairs, two unrelated words, exact item numbers and UPCs, and
// words that match nothing; pages 1 to 3. Two ways to ask them:
//   - popular: a Zipf(1) draw over the distinct queries in a random rank order, the usual shape of
//     search traffic (a few queries are asked often, most rarely);
//   - cold: every distinct query in turn, so that answers kept by the server are rarely reused.
import { CATALOG } from '../../apps/api/src/db/seed/catalog-data.ts';
import { createRng } from '../../apps/api/src/db/seed/prng.ts';

export interface InventoryQuery {
  search: string;
  page: number;
  limit: number;
}

const MISSES = ['zzyzx', 'quinoa', 'kombucha', 'sushi', 'pho', 'tempeh', 'wasabi', 'yerba'];
const words = (s: string) =>
  s
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length >= 3 && !/^\d/.test(w));

/** Distinct queries (search text and page), in a random but repeatable order. */
export function buildInventoryQueries(
  exact: { itemNumbers: string[]; upcs: string[] },
  count = 6000,
  limit = 50,
): InventoryQuery[] {
  const rng = createRng('api-bench-search');
  const vocabulary = new Set<string>();
  const pairs: string[] = [];
  for (const category of CATALOG) {
    for (const sub of category.subcategories) {
      words(sub.name).forEach((w) => vocabulary.add(w));
      for (const size of sub.sizes) words(size.label).forEach((w) => vocabulary.add(w));
      for (const brand of sub.brands) {
        words(brand.brand).forEach((w) => vocabulary.add(w));
        for (const item of brand.items) {
          words(item).forEach((w) => vocabulary.add(w));
          pairs.push(`${brand.brand} ${item}`.toLowerCase());
        }
      }
    }
  }
  const vocab = [...vocabulary].sort();
  const queries: InventoryQuery[] = [];
  const page = () => {
    const r = rng.next();
    return r < 0.8 ? 1 : r < 0.95 ? 2 : 3;
  };
  for (let i = 0; i < count; i++) {
    const r = rng.next();
    let search: string;
    if (r < 0.4)
      search = rng.pick(vocab); // a whole word
    else if (r < 0.6) {
      const w = rng.pick(vocab); // as typed so far
      search = w.slice(0, rng.int(3, Math.max(3, w.length - 1)));
    } else if (r < 0.85)
      search = rng.pick(pairs); // brand and product line
    else if (r < 0.9)
      search = `${rng.pick(vocab)} ${rng.pick(vocab)}`; // two unrelated words: often nothing
    else if (r < 0.95) search = rng.pick(exact.itemNumbers);
    else if (r < 0.98) search = rng.pick(exact.upcs);
    else search = rng.pick(MISSES);
    queries.push({ search, page: search.length >= 6 && /^\d+$/.test(search) ? 1 : page(), limit });
  }
  const seen = new Set<string>();
  return queries.filter((q) => {
    const key = `${q.search}\u0000${q.page}`;
    return seen.has(key) ? false : (seen.add(key), true);
  });
}

/** Draws from `items` with probability proportional to 1 / rank^s (rank 1 is the first item). */
export function zipfSampler<T>(items: readonly T[], s = 1, seed = 'api-bench-zipf'): () => T {
  const rng = createRng(seed);
  const cumulative: number[] = [];
  let sum = 0;
  for (let r = 1; r <= items.length; r++) cumulative.push((sum += 1 / r ** s));
  return () => {
    const x = rng.next() * sum;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return items[lo]!;
  };
}
