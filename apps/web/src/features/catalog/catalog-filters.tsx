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
        <TextField
          select
          size="small"
          label="Category"
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          value={category}
          onChange={(e) => setParam('category', e.target.value)}
          sx={{ minWidth: 150, flex: 1, bgcolor: 'background.paper' }}
        >
          <MenuItem value="">All categories</MenuItem>
          {(facets?.categories ?? []).map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.name} ({c.count})
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Brand"
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          value={brand}
          onChange={(e) => setParam('brand', e.target.value)}
          sx={{ minWidth: 150, flex: 1, bgcolor: 'background.paper' }}
        >
          <MenuItem value="">All brands</MenuItem>
          {(facets?.brands ?? []).map((b) => (
            <MenuItem key={b.name} value={b.name}>
              {b.name} ({b.count})
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Sort"
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          value={sort}
          onChange={(e) => setParam('sort', e.target.value)}
          sx={{ minWidth: 160, flex: 1, bgcolor: 'background.paper' }}
        >
          <MenuItem value="">{SORT_LABELS[defaultSort]}</MenuItem>
          {/* The default's own entry only while it is chosen by name (from a link): never listed twice. */}
          {INVENTORY_SORTS.filter(
            (s) => (s !== 'relevance' || search || sort === 'relevance') && (s !== defaultSort || sort === s),
          ).map((s) => (
            <MenuItem key={s} value={s}>
              {SORT_LABELS[s]}
            </MenuItem>
          ))}
        </TextField>
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
