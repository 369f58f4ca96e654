// What an office grid of records that are deactivated rather than deleted (products, vendors) adds to its
// URL state: the search box, which follows the URL's search (Back, a link) and writes it once typing
// pauses, and the switch of one row on or off, answered with the server's message as a toast.
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { notify } from '../../lib/notify';
import { useDebounced } from '../../lib/use-debounced';
import type { GridUrlState } from './use-grid-url-state';

/** An RTK Query mutation trigger that switches a record on or off (`POST …/:id/deactivate|reactivate`). */
type SetActive = (arg: { id: string; active: boolean }) => { unwrap(): Promise<{ message: string }> };

export interface ServerGridControlsOptions {
  view: Pick<GridUrlState<string, string>, 'search' | 'setSearch'>;
  setActive: SetActive;
  /** The toast when switching fails without the server's own message. */
  activeFailed: string;
  /** After a row was switched (e.g. close the confirmation). */
  onActiveChanged?: () => void;
}

export function useServerGridControls({ view, setActive, activeFailed, onActiveChanged }: ServerGridControlsOptions) {
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

  // Kept in a ref so that changeActive stays the same function (grid columns memoised on it).
  const changed = useRef(onActiveChanged);
  useEffect(() => {
    changed.current = onActiveChanged;
  });
  const changeActive = useCallback(
    async (row: { id: string }, active: boolean) => {
      try {
        const answer = await setActive({ id: row.id, active }).unwrap();
        notify.success(answer.message);
        changed.current?.();
      } catch (err) {
        notify.error(errorMessage(err, activeFailed));
      }
    },
    [setActive, activeFailed],
  );

  return { searchText, setSearchText, changeActive };
}
