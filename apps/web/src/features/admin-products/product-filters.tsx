// The product list's filters above the grid: category and its subcategories, vendor, brand, status,
// stock, a flag, promoted and discounted. Native selects (small, and a phone's own picker); every
// change goes to the URL and so to the server's query. On a phone they fold behind a Filters button.
import FilterListIcon from '@mui/icons-material/FilterList';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Stack from '@mui/material/Stack';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState, type ReactNode } from 'react';
import type { Category } from '../categories/categories.types';
import type { VendorRow } from '../vendors/vendors.types';
import { FILTER_DEFAULTS, type ProductFilterName, type ProductFilters } from './product-list-view';
import { FLAG_GROUPS } from './product-form';
import { FilterSelect } from '../../components/data-grid/filter-select';

/** The list's `flag` filter: one of the eight retailer and rep flags is on. */
const FLAG_OPTIONS = FLAG_GROUPS.slice(0, 2).flatMap((group, i) =>
  group.flags.map((f) => ({ value: f.name, label: `${i === 0 ? 'Retailers' : 'Reps'}: ${f.label.toLowerCase()}` })),
);

export function ProductFiltersBar({
  filters,
  onChange,
  categories,
  vendors,
  brands,
  trailing,
}: {
  brands: readonly string[];
  /** Beside the Filters button on a phone (the screen's main action). */
  trailing?: ReactNode;
  filters: ProductFilters;
  onChange: (changes: Partial<ProductFilters>) => void;
  categories: readonly Category[];
  vendors: readonly VendorRow[];
}) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const [open, setOpen] = useState(false);
  const active = (Object.keys(FILTER_DEFAULTS) as ProductFilterName[]).filter((k) => filters[k] !== FILTER_DEFAULTS[k]);

  const category = categories.find((c) => c.id === filters.category);
  const fields = (
    <Box
      role="group"
      aria-label="Filters"
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(5, minmax(0, 1fr))' },
        alignItems: 'center',
        pt: 1,
      }}
    >
      <FilterSelect
        label="Category"
        value={filters.category}
        onChange={(category) => onChange({ category, subcategory: '' })}
        options={[{ value: '', label: 'All categories' }, ...categories.map((c) => ({ value: c.id, label: c.name }))]}
      />
      <FilterSelect
        label="Subcategory"
        value={filters.subcategory}
        disabled={!category?.subcategories.length}
        onChange={(subcategory) => onChange({ subcategory })}
        options={[{ value: '', label: 'All' }, ...(category?.subcategories ?? []).map((s) => ({ value: s.id, label: s.name }))]}
      />
      <FilterSelect
        label="Vendor"
        value={filters.vendor}
        onChange={(vendor) => onChange({ vendor })}
        options={[{ value: '', label: 'All vendors' }, ...vendors.map((v) => ({ value: v.id, label: v.name }))]}
      />
      <FilterSelect
        label="Brand"
        value={filters.brand}
        onChange={(brand) => onChange({ brand })}
        options={[{ value: '', label: 'All brands' }, ...brands.map((b) => ({ value: b, label: b }))]}
      />
      <FilterSelect
        label="Status"
        value={filters.status}
        onChange={(status) => onChange({ status })}
        options={[
          { value: 'all', label: 'All' },
          { value: 'active', label: 'Active' },
          { value: 'inactive', label: 'Inactive' },
        ]}
      />
      <FilterSelect
        label="Stock"
        value={filters.stock}
        onChange={(stock) => onChange({ stock })}
        options={[
          { value: '', label: 'Any stock' },
          { value: 'inStock', label: 'In stock' },
          { value: 'low', label: 'Low stock' },
          { value: 'outOfStock', label: 'Out of stock' },
        ]}
      />
      <FilterSelect
        label="Flag"
        value={filters.flag}
        onChange={(flag) => onChange({ flag })}
        options={[{ value: '', label: 'Any flags' }, ...FLAG_OPTIONS]}
      />
      <FilterSelect
        label="Promoted"
        value={filters.promoted}
        onChange={(promoted) => onChange({ promoted })}
        options={[
          { value: '', label: 'Any' },
          { value: 'true', label: 'Promoted' },
          { value: 'false', label: 'Not promoted' },
        ]}
      />
      <FilterSelect
        label="Discounted"
        value={filters.discounted}
        onChange={(discounted) => onChange({ discounted })}
        options={[
          { value: '', label: 'Any' },
          { value: 'true', label: 'Discounted' },
          { value: 'false', label: 'Not discounted' },
        ]}
      />
      <Button onClick={() => onChange({ ...FILTER_DEFAULTS })} disabled={!active.length} sx={{ justifySelf: 'start' }}>
        Clear filters
      </Button>
    </Box>
  );

  if (!phone) return fields;
  return (
    <Box>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Button
          variant="outlined"
          startIcon={
            <Badge badgeContent={active.length} color="primary">
              <FilterListIcon />
            </Badge>
          }
          aria-expanded={open}
          onClick={() => setOpen((o) => !o)}
        >
          Filters
        </Button>
        {trailing}
      </Stack>
      <Collapse in={open}>{fields}</Collapse>
    </Box>
  );
}
