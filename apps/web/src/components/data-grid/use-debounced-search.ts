// An office list's search box: follows the URL's search (Back, a link) and writes it once typing pauses.
import { useEffect, useState } from 'react';
import type { GridUrlState } from './use-grid-url-state';
import { useDebounced } from '../../lib/use-debounced';

export function useDebouncedSearch(view: Pick<GridUrlState<string, string>, 'search' | 'setSearch'>) {
  const [searchText, setSearchText] = useState(view.search);
  const settled = useDebounced(searchText);
  const [shownSearch, setShownSearch] = useState(view.search);
  if (shownSearch !== view.search) {
    setShownSearch(view.search);
    if (searchText.trim() !== view.search) setSearchText(view.search);
  }
  useEffect(() => {
    if (settled.trim() !== view.search) view.setSearch(settled);
    // Only a settled change of the box writes the URL.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);
  return { searchText, setSearchText };
}
