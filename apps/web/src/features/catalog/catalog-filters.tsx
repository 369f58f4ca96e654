// The order and catalogue screens' filter panel (catalog-page.tsx): category, brand and sort selects,
// the "only" chips and Clear all. Its own chunk: the selects (Menu, Popover, Modal) are the heaviest
// MUI of those screens, and a phone shows the panel only after the filter button.
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { InventoryResponse } from '@portal/shared/catalog/catalog.schemas';
import { INVENTORY_ONLY, INVENTORY_SORTS } from '@portal/shared/catalog/inventory-options';
import { withOwnMuiTheme } from '../../components/mui-theme';
import type { ReactNode } from 'react';

type Only = (typeof INVENTORY_ONLY)[number];
type Sort = (typeof INVENTORY_SORTS)[number];

const ONLY_LABELS: Record<Only, string> = {
  new: 'New',
  discounted: 'Discounted',
  promoted: 'Promoted',
  inStock: 'In stock',
};
const SORT_LABELS: Record<Sort, string> = {
  relevance: 'Best match',
  name: 'Name A–Z',
  priceAsc: 'Price: low to high',
  priceDesc: 'Price: high to low',
  newest: 'Newest',
  bestSelling: 'Best selling',
};

/** One of the panel's selects: a label that stays raised, and its empty value shown as the first option. */
function FilterSelect({
  label,
  value,
  onChange,
  minWidth = 150,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  minWidth?: number;
  children: ReactNode;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      sx={{ minWidth, flex: 1, bgcolor: 'background.paper' }}
    >
      {children}
    </TextField>
  );
}

export interface CatalogFiltersProps {
  open: boolean;
  /** the first page's facets (absent until it is answered) */
  facets: InventoryResponse['facets'] | undefined;
  category: string;
  brand: string;
  sort: Sort | '';
  search: string;
  only: readonly Only[];
  activeFilters: number;
  setParam: (key: string, value: string) => void;
  clearAll: () => void;
}

function CatalogFiltersContent({
  open,
  facets,
  category,
  brand,
  sort,
  search,
  only,
  activeFilters,
  setParam,
  clearAll,
}: CatalogFiltersProps) {
  // What the server sorts by when none is chosen: the best match while searching, else by name.
  const defaultSort: Sort = search ? 'relevance' : 'name';
  return (
    <Collapse in={open} unmountOnExit>
      {/* overflow-x: auto clips vertically too: the top padding keeps the raised field labels inside the box. */}
      <Stack direction="row" spacing={1} sx={{ mt: 0.5, pt: 1, overflowX: 'auto', pb: 0.5 }}>
        <FilterSelect label="Category" value={category} onChange={(v) => setParam('category', v)}>
          <MenuItem value="">All categories</MenuItem>
          {(facets?.categories ?? []).map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.name} ({c.count})
            </MenuItem>
          ))}
        </FilterSelect>
        <FilterSelect label="Brand" value={brand} onChange={(v) => setParam('brand', v)}>
          <MenuItem value="">All brands</MenuItem>
          {(facets?.brands ?? []).map((b) => (
            <MenuItem key={b.name} value={b.name}>
              {b.name} ({b.count})
            </MenuItem>
          ))}
        </FilterSelect>
        <FilterSelect label="Sort" value={sort} onChange={(v) => setParam('sort', v)} minWidth={160}>
          <MenuItem value="">{SORT_LABELS[defaultSort]}</MenuItem>
          {/* The chosen order, and every other one but the default (listed first) and the best match. */}
          {INVENTORY_SORTS.filter((s) => s === sort || (s !== defaultSort && s !== 'relevance')).map((s) => (
            <MenuItem key={s} value={s}>
              {SORT_LABELS[s]}
            </MenuItem>
          ))}
        </FilterSelect>
      </Stack>
      <Stack direction="row" spacing={0.75} sx={{ mt: 1, overflowX: 'auto', pb: 0.5 }}>
        {INVENTORY_ONLY.map((o) => {
          const on = only.includes(o);
          return (
            <Chip
              key={o}
              label={ONLY_LABELS[o]}
              color={on ? 'primary' : 'default'}
              variant={on ? 'filled' : 'outlined'}
              onClick={() => setParam('only', (on ? only.filter((x) => x !== o) : [...only, o]).join(','))}
              aria-pressed={on}
              sx={{ bgcolor: on ? undefined : 'background.paper' }}
            />
          );
        })}
        {activeFilters > 0 && (
          <Button size="small" onClick={clearAll} sx={{ whiteSpace: 'nowrap' }}>
            Clear all
          </Button>
        )}
      </Stack>
    </Collapse>
  );
}

/** In a MUI theme of its own (components/mui-theme.tsx): it loads into screens built without MUI. */
export const CatalogFilters = withOwnMuiTheme(CatalogFiltersContent);
