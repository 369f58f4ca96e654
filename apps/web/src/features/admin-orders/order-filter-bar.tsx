// The queue's filters above the grid: status (several at once), order and delivery date ranges, route,
// order day, sales rep, placed by and amount. Every change goes to the URL and so to the server's
// query. On a phone they fold behind a Filters button. The search box sits beside them (the page).
import FilterListIcon from '@mui/icons-material/FilterList';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Collapse from '@mui/material/Collapse';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { FilterChoices } from '@portal/shared/orders/admin-orders.schemas';
import { ORDER_STATUS_LABELS, ORDER_STATUSES } from '@portal/shared/orders/order-status';
import { useState } from 'react';
import { FILTER_NAMES, statusesOf, type FilterName } from './order-filters';
import { FilterSelect } from '../../components/data-grid/filter-select';

const ORDER_DAYS = ['None', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday', 'Other'];
const PLACED_BY_LABELS = { retailer: 'Store', sales: 'Sales rep', distributor: 'Office' } as const;

function DateField(props: { label: string; value: string; min?: string; max?: string; onChange: (value: string) => void }) {
  return (
    <TextField
      size="small"
      type="date"
      label={props.label}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: props.min || undefined, max: props.max || undefined } }}
    />
  );
}

function AmountField(props: { label: string; value: string; onChange: (value: string) => void }) {
  return (
    <TextField
      size="small"
      type="number"
      label={props.label}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: 0, step: '0.01', inputMode: 'decimal' } }}
    />
  );
}

export function OrderFilterBar({
  filters,
  onChange,
  choices,
}: {
  filters: Record<FilterName, string>;
  onChange: (changes: Partial<Record<FilterName, string>>) => void;
  choices: FilterChoices | undefined;
}) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const [open, setOpen] = useState(false);
  const active = FILTER_NAMES.filter((k) => filters[k] !== '');
  const statuses = statusesOf(filters.status);

  const fields = (
    <Box
      role="group"
      aria-label="Filters"
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, minmax(0, 1fr))', lg: 'repeat(6, minmax(0, 1fr))' },
        alignItems: 'center',
        pt: 1,
      }}
    >
      <TextField
        select
        size="small"
        label="Status"
        value={statuses}
        sx={{ gridColumn: { xs: 'span 2', md: 'span 1' } }}
        onChange={(e) => {
          const v = e.target.value as unknown as string[] | string;
          onChange({ status: (Array.isArray(v) ? v : v.split(',')).join(',') });
        }}
        slotProps={{
          inputLabel: { shrink: true },
          select: {
            multiple: true,
            displayEmpty: true,
            renderValue: (v) => {
              const list = v as string[];
              if (!list.length) return 'Any status';
              return list.map((s) => ORDER_STATUS_LABELS[s as keyof typeof ORDER_STATUS_LABELS]).join(', ');
            },
          },
        }}
      >
        {ORDER_STATUSES.map((s) => (
          <MenuItem key={s} value={s} dense>
            <Checkbox size="small" checked={statuses.includes(s)} sx={{ p: 0.5, mr: 1 }} />
            <ListItemText primary={ORDER_STATUS_LABELS[s]} />
          </MenuItem>
        ))}
      </TextField>
      <DateField
        label="Ordered from"
        value={filters.createdFrom}
        max={filters.createdTo}
        onChange={(createdFrom) => onChange({ createdFrom })}
      />
      <DateField
        label="Ordered to"
        value={filters.createdTo}
        min={filters.createdFrom}
        onChange={(createdTo) => onChange({ createdTo })}
      />
      <DateField
        label="Delivery from"
        value={filters.deliveryFrom}
        max={filters.deliveryTo}
        onChange={(deliveryFrom) => onChange({ deliveryFrom })}
      />
      <DateField
        label="Delivery to"
        value={filters.deliveryTo}
        min={filters.deliveryFrom}
        onChange={(deliveryTo) => onChange({ deliveryTo })}
      />
      <FilterSelect
        label="Route"
        value={filters.route}
        onChange={(route) => onChange({ route })}
        options={[{ value: '', label: 'All routes' }, ...(choices?.routes ?? []).map((r) => ({ value: r, label: `Route ${r}` }))]}
      />
      <FilterSelect
        label="Order day"
        value={filters.orderDay}
        onChange={(orderDay) => onChange({ orderDay })}
        options={[{ value: '', label: 'Any day' }, ...ORDER_DAYS.map((d, i) => ({ value: String(i), label: d }))]}
      />
      <FilterSelect
        label="Sales rep"
        value={filters.salesRepId}
        onChange={(salesRepId) => onChange({ salesRepId })}
        options={[{ value: '', label: 'All reps' }, ...(choices?.salesReps ?? []).map((r) => ({ value: r.id, label: r.name }))]}
      />
      <FilterSelect
        label="Placed by"
        value={filters.placedBy}
        onChange={(placedBy) => onChange({ placedBy })}
        options={[
          { value: '', label: 'Anyone' },
          ...Object.entries(PLACED_BY_LABELS).map(([value, label]) => ({ value, label })),
        ]}
      />
      <FilterSelect
        label="Late orders"
        value={filters.late}
        onChange={(late) => onChange({ late })}
        options={[
          { value: '', label: 'All orders' },
          { value: 'true', label: 'Late orders (held for approval)' },
          { value: 'false', label: 'On time' },
        ]}
      />
      <AmountField label="Total from ($)" value={filters.amountMin} onChange={(amountMin) => onChange({ amountMin })} />
      <AmountField label="Total to ($)" value={filters.amountMax} onChange={(amountMax) => onChange({ amountMax })} />
      <Button
        onClick={() => onChange(Object.fromEntries(FILTER_NAMES.map((k) => [k, ''])))}
        disabled={!active.length}
        sx={{ justifySelf: 'start' }}
      >
        Clear filters
      </Button>
    </Box>
  );

  if (!phone) return fields;
  return (
    <Box>
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
      <Collapse in={open}>{fields}</Collapse>
    </Box>
  );
}
