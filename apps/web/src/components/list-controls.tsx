// The controls of list screens (order history, ordered items, the ledger, the rep's retailers):
// - sorting (issue 13 §3): clickable column headers for tables on wide screens (aria-sort on the header
//   cell) and a "Sort by" select for lists and phones, both driven by one Sorting value;
// - the search box, named for screen readers by its label since its placeholder is only a hint.
// One module, so the lists share one chunk (a chunk more would weigh on /login's preload table).
import SearchIcon from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import TableCell, { type TableCellProps } from '@mui/material/TableCell';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';
import { nextSorting, type SortDirection, type Sorting } from '@portal/shared/api/sort';
import type { ReactNode } from 'react';

export interface SortOption<K extends string> {
  sort: K;
  dir: SortDirection;
  label: string;
}

const optionValue = (s: Sorting) => `${s.sort}:${s.dir}`;

/** A native select (small, fits a phone) of the list's orders, e.g. "Newest first", "Total: high to low". */
export function SortSelect<K extends string>({
  value,
  options,
  onChange,
  label = 'Sort by',
  defaultOption,
  sx,
}: {
  /** null: the list's own order, shown as `defaultOption`. */
  value: Sorting<K> | null;
  options: readonly SortOption<K>[];
  onChange: (next: Sorting<K>) => void;
  label?: string;
  /** A first option for the list's own order (e.g. "Best match" while searching), and what choosing it does. */
  defaultOption?: { label: string; onChoose: () => void };
  sx?: object;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value ? optionValue(value) : ''}
      onChange={(e) => {
        if (e.target.value === '') return defaultOption?.onChoose();
        const picked = options.find((o) => optionValue(o) === e.target.value);
        if (picked) onChange({ sort: picked.sort, dir: picked.dir });
      }}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true }, input: { sx: { bgcolor: 'background.paper' } } }}
      fullWidth={false}
      // Full width in a phone's column of filters; beside a search field on wider screens, its own width.
      sx={{ width: { xs: '100%', sm: 230 }, flexShrink: 0, ...sx }}
    >
      {defaultOption && <option value="">{defaultOption.label}</option>}
      {options.map((o) => (
        <option key={optionValue(o)} value={optionValue(o)}>
          {o.label}
        </option>
      ))}
    </TextField>
  );
}

/** A table header cell that sorts by `sortKey`: a click flips it, or starts it in its first direction. */
export function SortableHeadCell<K extends string>({
  sortKey,
  sorting,
  onSort,
  children,
  align,
  sx,
}: {
  sortKey: K;
  sorting: Sorting<K>;
  onSort: (next: Sorting<K>) => void;
  children: ReactNode;
  align?: TableCellProps['align'];
  sx?: TableCellProps['sx'];
}) {
  const active = sorting.sort === sortKey;
  return (
    <TableCell
      align={align}
      sx={sx}
      aria-sort={active ? (sorting.dir === 'asc' ? 'ascending' : 'descending') : 'none'}
      sortDirection={active ? sorting.dir : false}
    >
      <TableSortLabel
        active={active}
        direction={active ? sorting.dir : 'asc'}
        onClick={() => onSort(nextSorting(sorting, sortKey))}
      >
        {children}
      </TableSortLabel>
    </TableCell>
  );
}

export function SearchField({
  label,
  placeholder,
  value,
  onChange,
  sx,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  sx?: SxProps<Theme>;
}) {
  return (
    <TextField
      size="small"
      placeholder={placeholder}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      sx={sx}
      slotProps={{
        htmlInput: { 'aria-label': label, type: 'search' },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
          sx: { bgcolor: 'background.paper' },
        },
      }}
    />
  );
}
