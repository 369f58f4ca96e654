// A server-side grid's view (page, page size, sort, direction, search and named filters) kept in the
// URL's search params, so a reload, a shared link and the browser's Back button show the same view.
// Defaults are left out of the URL; values the screen does not offer fall back to the default (a stale
// or hand-edited link never makes the server answer 400).
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';

export type SortDir = 'asc' | 'desc';

export const PAGE_SIZES = [10, 25, 50, 100] as const;

export interface GridUrlConfig<S extends string, F extends string> {
  /** Sort keys the server accepts; the first is the default unless `defaultSort` says otherwise. */
  sorts: readonly S[];
  defaultSort?: S;
  defaultDir?: SortDir;
  defaultLimit?: number;
  /**
   * Named filters: the values offered and the default (left out of the URL). Without `values` any value is
   * taken (ids of categories, vendors: the server answers an unknown one with an empty list, not a 400).
   */
  filters?: Record<F, FilterSpec>;
}

export interface FilterSpec {
  values?: readonly string[];
  default: string;
}

export interface GridUrlState<S extends string, F extends string> {
  page: number;
  limit: number;
  sort: S;
  dir: SortDir;
  search: string;
  filters: Record<F, string>;
  setPage(page: number, limit: number): void;
  setSort(sort: S, dir: SortDir): void;
  setSearch(search: string): void;
  setFilter(name: F, value: string): void;
  /** Several filters at once (one history entry), e.g. a category and the subcategory it clears. */
  setFilters(changes: Partial<Record<F, string>>): void;
  /** A whole new set of filters and search (a saved view, or none): the sort and page size stay. */
  replaceFilters(filters: Partial<Record<F, string>>, search: string): void;
}

const positiveInt = (raw: string | null) => {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 ? n : null;
};

export function useGridUrlState<S extends string, F extends string = never>(config: GridUrlConfig<S, F>): GridUrlState<S, F> {
  const [params, setParams] = useSearchParams();
  const defaultSort = config.defaultSort ?? config.sorts[0]!;
  const defaultDir = config.defaultDir ?? 'asc';
  const defaultLimit = config.defaultLimit ?? 25;
  const filterSpecs = config.filters ?? ({} as Record<F, FilterSpec>);

  const read = useMemo(() => {
    const limitRaw = positiveInt(params.get('limit'));
    const sortRaw = params.get('sort') as S | null;
    const dirRaw = params.get('dir');
    const filters = {} as Record<F, string>;
    for (const name of Object.keys(filterSpecs) as F[]) {
      const spec = filterSpecs[name];
      const raw = params.get(name);
      filters[name] = raw !== null && raw !== '' && (!spec.values || spec.values.includes(raw)) ? raw : spec.default;
    }
    return {
      page: positiveInt(params.get('page')) ?? 1,
      limit: limitRaw !== null && (PAGE_SIZES as readonly number[]).includes(limitRaw) ? limitRaw : defaultLimit,
      sort: sortRaw !== null && config.sorts.includes(sortRaw) ? sortRaw : defaultSort,
      dir: dirRaw === 'asc' || dirRaw === 'desc' ? dirRaw : defaultDir,
      search: params.get('search') ?? '',
      filters,
    };
    // filterSpecs and sorts are the screen's constants.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [params, defaultSort, defaultDir, defaultLimit]);

  // The params as last written: a second change made before the router has re-rendered with the first
  // (two filters changed in quick succession) builds on it instead of on the params of the last render,
  // which would drop the first change. `written` holds this hook's writes the router has not rendered yet,
  // oldest first: a render of one of them that a later write has superseded (the router catching up) must
  // not take `latest` back to it. Any other render (Back, Forward, a link) is the new starting point.
  const latest = useRef(params);
  const written = useRef<string[]>([]);
  useEffect(() => {
    const at = written.current.indexOf(params.toString());
    written.current = at === -1 ? [] : written.current.slice(at + 1);
    if (written.current.length === 0) latest.current = params;
  }, [params]);

  /** Applies changes to the current params; a value equal to its default (or empty) leaves the URL. */
  const update = useCallback(
    (changes: Record<string, string | number | null>, replace = false) => {
      const next = new URLSearchParams(latest.current);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null || value === '') next.delete(key);
        else next.set(key, String(value));
      }
      latest.current = next;
      written.current.push(next.toString());
      setParams(next, { replace });
    },
    [setParams],
  );

  const setPage = useCallback(
    (page: number, limit: number) => update({ page: page === 1 ? null : page, limit: limit === defaultLimit ? null : limit }),
    [update, defaultLimit],
  );
  const setSort = useCallback(
    (sort: S, dir: SortDir) =>
      update({ sort: sort === defaultSort ? null : sort, dir: dir === defaultDir ? null : dir, page: null }),
    [update, defaultSort, defaultDir],
  );
  // Typing replaces the history entry: Back leaves the search rather than stepping through its letters.
  const setSearch = useCallback((search: string) => update({ search: search.trim(), page: null }, true), [update]);
  const setFilter = useCallback(
    (name: F, value: string) => update({ [name]: value === filterSpecs[name].default ? null : value, page: null }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [update],
  );

  const setFilters = useCallback(
    (changes: Partial<Record<F, string>>) => {
      const next: Record<string, string | null> = { page: null };
      for (const [name, value] of Object.entries(changes) as [F, string][])
        next[name] = value === filterSpecs[name].default ? null : value;
      update(next);
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [update],
  );

  const replaceFilters = useCallback(
    (filters: Partial<Record<F, string>>, search: string) => {
      const next: Record<string, string | null> = { page: null, search: search.trim() };
      for (const name of Object.keys(filterSpecs) as F[]) {
        const value = filters[name] ?? '';
        next[name] = value === filterSpecs[name].default ? null : value;
      }
      update(next);
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [update],
  );

  return { ...read, setPage, setSort, setSearch, setFilter, setFilters, replaceFilters };
}
