// The retailer list's filters above the grid: route, order day, sales rep, price class, status, open
// orders and a balance range. Native selects (small, and a phone's own picker); every change goes to
// the URL and so to the server's query. The balance fields are typed in dollars and applied when the
// typing pauses. On a phone the filters fold behind a Filters button.
import FilterListIcon from '@mui/icons-material/FilterList';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useState, type ReactNode } from 'react';
import { useDebounced } from '../../lib/use-debounced';
import type { RetailerChoices } from './admin-retailers.types';
import { ORDER_DAY_OPTIONS, PRICE_CLASS_OPTIONS } from './retailer-labels';
import { activeFilterCount, balanceRangeError, FILTER_DEFAULTS, type RetailerFilters } from './retailer-list-view';
import { FilterSelect } from '../../components/data-grid/filter-select';

/** The balance range as typed, written to the URL once the typing pauses and the range is valid. */
function BalanceRange({
  min,
  max,
  onChange,
}: {
  min: string;
  max: string;
  onChange: (changes: Pick<RetailerFilters, 'balanceMin' | 'balanceMax'>) => void;
}) {
  const [typed, setTyped] = useState({ min, max });
  // The URL changed by other means (Back, Clear filters): the boxes follow it.
  const [shown, setShown] = useState({ min, max });
  if (shown.min !== min || shown.max !== max) {
    setShown({ min, max });
    setTyped({ min, max });
  }
  const settled = useDebounced(typed);
  const error = balanceRangeError(typed.min, typed.max);
  useEffect(() => {
    const bad = balanceRangeError(settled.min, settled.max);
    if (!bad && (settled.min.trim() !== min || settled.max.trim() !== max))
      onChange({ balanceMin: settled.min.trim(), balanceMax: settled.max.trim() });
    // Only a settled change of the boxes writes the URL.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);
  const dollar = { input: { startAdornment: <InputAdornment position="start">$</InputAdornment> } };
  return (
    <>
      <TextField
        size="small"
        label="Balance from"
        value={typed.min}
        error={Boolean(error)}
        helperText={error}
        onChange={(e) => setTyped((t) => ({ ...t, min: e.target.value }))}
        slotProps={{ ...dollar, inputLabel: { shrink: true }, htmlInput: { inputMode: 'decimal' } }}
      />
      <TextField
        size="small"
        label="Balance to"
        value={typed.max}
        error={Boolean(error)}
        onChange={(e) => setTyped((t) => ({ ...t, max: e.target.value }))}
        slotProps={{ ...dollar, inputLabel: { shrink: true }, htmlInput: { inputMode: 'decimal' } }}
      />
    </>
  );
}

export function RetailerFiltersBar({
  filters,
  onChange,
  choices,
  trailing,
}: {
  filters: RetailerFilters;
  onChange: (changes: Partial<RetailerFilters>) => void;
  choices: RetailerChoices | undefined;
  /** Beside the Filters button on a phone (the screen's main action). */
  trailing?: ReactNode;
}) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const [open, setOpen] = useState(false);
  const active = activeFilterCount(filters);
  // A route or rep in the URL that the choices do not list (an old link) is still shown as chosen.
  const routes = choices?.routes ?? [];
  const routeOptions = filters.route && !routes.includes(filters.route) ? [...routes, filters.route] : routes;
  const reps = choices?.salesReps ?? [];
  const repOptions =
    filters.salesRep && !reps.some((r) => r.id === filters.salesRep)
      ? [...reps, { id: filters.salesRep, name: 'Another sales rep' }]
      : reps;

  const fields = (
    <Box
      role="group"
      aria-label="Filters"
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(5, minmax(0, 1fr))' },
        alignItems: 'start',
        pt: 1,
      }}
    >
      <FilterSelect
        label="Route"
        value={filters.route}
        onChange={(route) => onChange({ route })}
        options={[{ value: '', label: 'All routes' }, ...routeOptions.map((r) => ({ value: r, label: `Route ${r}` }))]}
      />
      <FilterSelect
        label="Order day"
        value={filters.orderDay}
        onChange={(orderDay) => onChange({ orderDay })}
        options={[{ value: '', label: 'Any day' }, ...ORDER_DAY_OPTIONS]}
      />
      <FilterSelect
        label="Sales rep"
        value={filters.salesRep}
        onChange={(salesRep) => onChange({ salesRep })}
        options={[{ value: '', label: 'All sales reps' }, ...repOptions.map((r) => ({ value: r.id, label: r.name }))]}
      />
      <FilterSelect
        label="Price class"
        value={filters.priceClass}
        onChange={(priceClass) => onChange({ priceClass })}
        options={[{ value: '', label: 'Any price class' }, ...PRICE_CLASS_OPTIONS]}
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
        label="Open orders"
        value={filters.openOrders}
        onChange={(openOrders) => onChange({ openOrders })}
        options={[
          { value: '', label: 'Any' },
          { value: 'true', label: 'Has open orders' },
          { value: 'false', label: 'No open orders' },
        ]}
      />
      <BalanceRange min={filters.balanceMin} max={filters.balanceMax} onChange={onChange} />
      <Button onClick={() => onChange({ ...FILTER_DEFAULTS })} disabled={!active} sx={{ justifySelf: 'start', mt: 0.25 }}>
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
            <Badge badgeContent={active} color="primary">
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
