// /sales/retailers (issue 4 §2): the rep's customers with search, balance, order day (coloured by
// days left), route and stop, sorted by the Sort by select (best matches first while searching,
// unless another order is chosen). Choosing one makes it the working customer.
import { formatPhone } from '@portal/shared/contact/phone';
import CheckCircle from '@mui/icons-material/CheckCircle';
import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { rankOptions, retailerOption } from '@portal/shared/sales/retailer-selector';
import { useMemo, useState } from 'react';
import { useStore } from 'react-redux';
import { useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { RootState } from '../../app/store';
import { PageTitle } from '../../components/page-title';
import { errorMessage } from '../../lib/api';
import { money } from '../../lib/format';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/list-states';
import { chooseCustomer, type SalesCustomer } from './customer-session';
import { OrderDayChip } from './order-day-chip';
import { useGetCustomerListQuery } from './sales.api';
import { sortCustomers } from './retailer-sort';
import { SearchField, SortSelect, type SortOption } from '../../components/list-controls';
import { DEFAULT_SORTS, type RetailerSortKey, type Sorting } from '@portal/shared/api/sort';

const SORT_OPTIONS: readonly SortOption<RetailerSortKey>[] = [
  { sort: 'name', dir: 'asc', label: 'Name: A to Z' },
  { sort: 'name', dir: 'desc', label: 'Name: Z to A' },
  { sort: 'number', dir: 'asc', label: 'Number: low to high' },
  { sort: 'number', dir: 'desc', label: 'Number: high to low' },
  { sort: 'balance', dir: 'desc', label: 'Balance: high to low' },
  { sort: 'balance', dir: 'asc', label: 'Balance: low to high' },
  { sort: 'orderDay', dir: 'asc', label: 'Order day: soonest first' },
];

export const CUSTOMER_LIST_FAILED = 'Failed to fetch retailers';

/** Search over number and company name (ranked as the header selector ranks), then contact name and city. */
export function searchCustomers(list: readonly SalesCustomer[], query: string): SalesCustomer[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...list];
  const ranked = rankOptions(
    list.map((c) => ({ ...retailerOption(c), customer: c })),
    q,
  ).map((o) => o.customer);
  const rest = list.filter(
    (c) => !ranked.includes(c) && [c.C_Name, c.C_City, c.C_CoName].some((t) => t?.toLowerCase().includes(q)),
  );
  return [...ranked, ...rest];
}

export function RetailersPage() {
  const list = useGetCustomerListQuery();
  const [query, setQuery] = useState('');
  // null: best matches first while searching, names A to Z otherwise.
  const [sorting, setSorting] = useState<Sorting<RetailerSortKey> | null>(null);
  const shown = useMemo(() => {
    const found = searchCustomers(list.data?.data ?? [], query);
    if (!sorting && query.trim()) return found;
    return sortCustomers(found, sorting ?? DEFAULT_SORTS.retailers);
  }, [list.data, query, sorting]);
  const total = list.data?.total ?? 0;

  let body;
  if (list.isLoading) body = <ListSkeleton rows={6} image={false} label="Loading retailers" />;
  else if (list.isError)
    body = <ErrorState message={errorMessage(list.error, CUSTOMER_LIST_FAILED)} onRetry={() => void list.refetch()} />;
  else if (shown.length === 0) body = <EmptyState title={query ? 'No results found' : 'No retailers assigned to you'} />;
  else
    body = (
      <Box
        component="ul"
        aria-label="Retailers"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr', md: '1fr 1fr', xl: '1fr 1fr 1fr' },
        }}
      >
        {shown.map((c) => (
          <Box component="li" key={c.id}>
            <RetailerCard customer={c} />
          </Box>
        ))}
      </Box>
    );

  return (
    <Box>
      <PageTitle
        title="Retailers"
        subtitle={list.data ? `${total} ${total === 1 ? 'retailer' : 'retailers'} assigned to you` : undefined}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 2 }}>
        <SearchField
          label="Search retailers"
          placeholder="Search by number, name or city"
          value={query}
          onChange={setQuery}
          sx={{ width: { xs: '100%', sm: 360 } }}
        />
        <SortSelect
          value={sorting ?? (query.trim() ? null : DEFAULT_SORTS.retailers)}
          options={SORT_OPTIONS}
          onChange={setSorting}
          defaultOption={query.trim() ? { label: 'Best match', onChoose: () => setSorting(null) } : undefined}
        />
      </Stack>
      {body}
    </Box>
  );
}

function RetailerCard({ customer: c }: { customer: SalesCustomer }) {
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  const navigate = useNavigate();
  const selected = useAppSelector((s) => s.auth.selectedCustomer?.id === c.id);
  const [busy, setBusy] = useState(false);
  const route = c.Routes[0];
  const address = [c.C_Address, c.C_City, c.C_State].filter(Boolean).join(', ');

  const choose = async (then?: string) => {
    setBusy(true);
    const done = selected || (await chooseCustomer(dispatch, store.getState, c));
    setBusy(false);
    if (done && then) void navigate(then);
  };

  return (
    <Paper
      variant="outlined"
      aria-label={`${c.C_Number} ${c.C_CoName}`}
      aria-current={selected ? 'true' : undefined}
      sx={{
        p: 2,
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
        borderColor: selected ? 'primary.main' : 'divider',
        borderWidth: selected ? 2 : 1,
      }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, lineHeight: 1.3 }}>
            {c.C_CoName}
          </Typography>
          <Typography variant="body2" color="textSecondary">
            #{c.C_Number}
            {c.C_Name && c.C_Name !== c.C_CoName ? ` · ${c.C_Name}` : ''}
          </Typography>
        </Box>
        <Box sx={{ textAlign: 'right' }}>
          <Typography variant="caption" color="textSecondary" component="div">
            Balance
          </Typography>
          <Typography variant="subtitle1" component="div" sx={{ fontWeight: 700 }} data-testid="retailer-balance">
            {money(c.LastBalance)}
          </Typography>
        </Box>
      </Stack>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.75 }}>
        <OrderDayChip orderDay={c.C_OrderDay} />
        <Chip
          size="small"
          variant="outlined"
          label={route ? `Route ${route.Route_Number} · Stop ${route.Stop_Number ?? '-'}` : 'No route'}
        />
      </Stack>
      {address ? (
        <Typography variant="body2" color="textSecondary" sx={{ display: 'flex', gap: 0.5, alignItems: 'center' }}>
          <PlaceOutlined fontSize="inherit" /> {address}
        </Typography>
      ) : null}
      {c.C_Phone ? (
        <Typography variant="body2" color="textSecondary" sx={{ display: 'flex', gap: 0.5, alignItems: 'center' }}>
          <PhoneOutlined fontSize="inherit" /> {formatPhone(c.C_Phone)}
        </Typography>
      ) : null}
      <Box sx={{ flex: 1 }} />
      <Stack direction="row" spacing={1} sx={{ pt: 0.5 }}>
        {selected ? (
          <Chip icon={<CheckCircle />} color="primary" label="Working customer" sx={{ flex: 1 }} />
        ) : (
          <Button variant="outlined" disabled={busy} onClick={() => void choose()} sx={{ flex: 1 }}>
            Select
          </Button>
        )}
        <Button variant="contained" disabled={busy} onClick={() => void choose('/sales/order')} sx={{ flex: 1 }}>
          Order
        </Button>
      </Stack>
    </Paper>
  );
}
