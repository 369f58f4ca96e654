// /retailer/orders/history and /retailer/order/history (issue 3 §2): orders newest first, 10 a page,
// filtered by dates and searched by order number or product, sorted on the server by a column header
// (wide screens) or the Sort by select (phones); the sorting is kept in the address (sort, dir).
// A row opens the order's details.
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemButton from '@mui/material/ListItemButton';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { errorMessage } from '../../lib/api';
import { useAreaPath } from '../../lib/area-path';
import { dateTime, money, shortDate } from '../../lib/format';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/list-states';
import { useDebounced } from '../../lib/use-debounced';
import { ORDER_HISTORY_PAGE_SIZE, ORDER_MESSAGES, type OrderHistory, useGetOrderHistoryQuery } from './orders.api';
import { OrderStatusChip } from '../../components/order-status-chip';
import { SearchField, SortableHeadCell, type SortOption, SortSelect } from '../../components/list-controls';
import {
  DEFAULT_SORTS,
  ORDER_HISTORY_SORT_KEYS,
  type OrderHistorySortKey,
  resolveSorting,
  SORT_DIRECTIONS,
  type SortDirection,
  type Sorting,
} from '@portal/shared/api/sort';

export const ORDER_HISTORY_SORT_OPTIONS: readonly SortOption<OrderHistorySortKey>[] = [
  { sort: 'date', dir: 'desc', label: 'Newest first' },
  { sort: 'date', dir: 'asc', label: 'Oldest first' },
  { sort: 'total', dir: 'desc', label: 'Total: high to low' },
  { sort: 'total', dir: 'asc', label: 'Total: low to high' },
  { sort: 'items', dir: 'desc', label: 'Most lines' },
  { sort: 'items', dir: 'asc', label: 'Fewest lines' },
  { sort: 'orderNumber', dir: 'desc', label: 'Order #: high to low' },
  { sort: 'orderNumber', dir: 'asc', label: 'Order #: low to high' },
  { sort: 'status', dir: 'asc', label: 'Status: placed to delivered' },
  { sort: 'status', dir: 'desc', label: 'Status: delivered to placed' },
];

/** The sorting in the address; anything not understood reads as the default (never a 400 from a pasted link). */
function sortingOf(params: URLSearchParams): Sorting<OrderHistorySortKey> {
  const sort = params.get('sort');
  const dir = params.get('dir');
  return resolveSorting<OrderHistorySortKey>(
    DEFAULT_SORTS.orderHistory,
    (ORDER_HISTORY_SORT_KEYS as readonly string[]).includes(sort ?? '') ? (sort as OrderHistorySortKey) : undefined,
    (SORT_DIRECTIONS as readonly string[]).includes(dir ?? '') ? (dir as SortDirection) : undefined,
  );
}

export const orderDetailsPath = (orderNumber: string) => `/retailer/order/details/${encodeURIComponent(orderNumber)}`;

export function OrderHistoryPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const startDate = params.get('from') ?? '';
  const endDate = params.get('to') ?? '';
  const sorting = sortingOf(params);
  const [searchText, setSearchText] = useState(params.get('q') ?? '');
  const search = useDebounced(searchText.trim());
  const wide = useMediaQuery((t: Theme) => t.breakpoints.up('md'));
  const navigate = useNavigate();
  const areaPath = useAreaPath();

  const update = (changes: Record<string, string>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        if (!('page' in changes)) next.delete('page'); // a new filter starts at page 1
        return next;
      },
      { replace: true },
    );

  useEffect(() => {
    if (search !== (params.get('q') ?? '')) update({ q: search });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);

  const datesReversed = startDate && endDate && startDate > endDate;
  const q = useGetOrderHistoryQuery(
    {
      page,
      limit: ORDER_HISTORY_PAGE_SIZE,
      startDate: startDate || undefined,
      endDate: endDate || undefined,
      search: search || undefined,
      sort: sorting.sort,
      dir: sorting.dir,
    },
    { skip: Boolean(datesReversed) },
  );

  const filtered = Boolean(startDate || endDate || search);
  const pages = q.data ? Math.max(1, Math.ceil(q.data.total / q.data.limit)) : 1;
  const open = (orderNumber: string) => void navigate(areaPath(orderDetailsPath(orderNumber)));
  const sortBy = (next: Sorting<OrderHistorySortKey>) => {
    const isDefault = next.sort === DEFAULT_SORTS.orderHistory.sort && next.dir === DEFAULT_SORTS.orderHistory.dir;
    update({ sort: isDefault ? '' : next.sort, dir: isDefault ? '' : next.dir }); // a new order starts at page 1
  };

  let body;
  if (datesReversed)
    body = <EmptyState title="The start date is after the end date" hint="Choose a start date on or before the end date." />;
  else if (q.isLoading) body = <ListSkeleton rows={ORDER_HISTORY_PAGE_SIZE} image={false} label="Loading orders" />;
  else if (q.isError || !q.data)
    body = <ErrorState message={errorMessage(q.error, ORDER_MESSAGES.history)} onRetry={() => void q.refetch()} />;
  else if (q.data.orders.length === 0)
    body = filtered ? (
      <EmptyState
        title="No orders match these filters"
        action={
          <Button
            variant="outlined"
            onClick={() => {
              setSearchText('');
              setParams(new URLSearchParams(), { replace: true });
            }}
          >
            Clear filters
          </Button>
        }
      />
    ) : (
      <EmptyState title="No orders yet" hint="Orders you place appear here." />
    );
  else
    body = wide ? (
      <OrdersTable data={q.data} onOpen={open} sorting={sorting} onSort={sortBy} />
    ) : (
      <OrdersList data={q.data} onOpen={open} />
    );

  return (
    <Box sx={{ maxWidth: 1200 }}>
      <PageTitle
        title="Order History"
        subtitle={q.data ? `${q.data.total} ${q.data.total === 1 ? 'order' : 'orders'}` : undefined}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 2 }}>
        <SearchField
          label="Search orders"
          placeholder="Order number or product"
          value={searchText}
          onChange={setSearchText}
          sx={{ flex: 2 }}
        />
        <Stack direction="row" spacing={1} sx={{ flex: 2 }}>
          <TextField
            size="small"
            type="date"
            label="From"
            value={startDate}
            onChange={(e) => update({ from: e.target.value })}
            slotProps={{
              inputLabel: { shrink: true },
              htmlInput: { max: endDate || undefined },
              input: { sx: { bgcolor: 'background.paper' } },
            }}
          />
          <TextField
            size="small"
            type="date"
            label="To"
            value={endDate}
            onChange={(e) => update({ to: e.target.value })}
            slotProps={{
              inputLabel: { shrink: true },
              htmlInput: { min: startDate || undefined },
              input: { sx: { bgcolor: 'background.paper' } },
            }}
          />
        </Stack>
        {!wide && <SortSelect value={sorting} options={ORDER_HISTORY_SORT_OPTIONS} onChange={sortBy} />}
      </Stack>
      <Box sx={{ opacity: q.isFetching && !q.isLoading ? 0.6 : 1, transition: 'opacity 150ms' }}>{body}</Box>
      {q.data && pages > 1 && (
        <Stack sx={{ alignItems: 'center', mt: 2 }}>
          <Pagination
            count={pages}
            page={page}
            onChange={(_e, p) => update({ page: p > 1 ? String(p) : '' })}
            color="primary"
            siblingCount={wide ? 1 : 0}
            aria-label="Order history pages"
          />
        </Stack>
      )}
    </Box>
  );
}

function OrdersTable({
  data,
  onOpen,
  sorting,
  onSort,
}: {
  data: OrderHistory;
  onOpen: (n: string) => void;
  sorting: Sorting<OrderHistorySortKey>;
  onSort: (next: Sorting<OrderHistorySortKey>) => void;
}) {
  const head = { sorting, onSort };
  return (
    <Paper variant="outlined">
      <Table aria-label="Orders">
        <TableHead>
          <TableRow>
            <SortableHeadCell sortKey="orderNumber" {...head}>
              Order #
            </SortableHeadCell>
            <SortableHeadCell sortKey="date" {...head}>
              Placed
            </SortableHeadCell>
            <SortableHeadCell sortKey="items" align="right" {...head}>
              Lines
            </SortableHeadCell>
            <SortableHeadCell sortKey="total" align="right" {...head}>
              Total
            </SortableHeadCell>
            <SortableHeadCell sortKey="status" {...head}>
              Status
            </SortableHeadCell>
            <TableCell>PO number</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.orders.map((o) => (
            <TableRow
              key={o.id}
              hover
              tabIndex={0}
              aria-label={`Order ${o.orderNumber}`}
              onClick={() => onOpen(o.orderNumber)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') onOpen(o.orderNumber);
              }}
              sx={{ cursor: 'pointer' }}
            >
              <TableCell sx={{ fontWeight: 700, color: 'primary.main' }}>{o.orderNumber}</TableCell>
              <TableCell>{dateTime(o.createdAt)}</TableCell>
              <TableCell align="right">{o.itemCount}</TableCell>
              <TableCell align="right">{money(o.total)}</TableCell>
              <TableCell>
                <OrderStatusChip status={o.status} label={o.statusLabel} />
              </TableCell>
              <TableCell>{o.poNumber ?? ''}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}

function OrdersList({ data, onOpen }: { data: OrderHistory; onOpen: (n: string) => void }) {
  return (
    <Paper variant="outlined" component="ul" aria-label="Orders" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {data.orders.map((o, i) => (
        <Box component="li" key={o.id}>
          {i > 0 && <Divider />}
          <ListItemButton onClick={() => onOpen(o.orderNumber)} sx={{ py: 1.25 }}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
                <Typography variant="subtitle2" sx={{ fontWeight: 700 }}>
                  #{o.orderNumber}
                </Typography>
                <Typography variant="subtitle2" sx={{ fontWeight: 700 }}>
                  {money(o.total)}
                </Typography>
              </Stack>
              <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mt: 0.5 }}>
                <Typography variant="caption" color="textSecondary">
                  {shortDate(o.createdAt)} · {o.itemCount} {o.itemCount === 1 ? 'line' : 'lines'}
                </Typography>
                <OrderStatusChip status={o.status} label={o.statusLabel} />
              </Stack>
            </Box>
            <ChevronRightIcon color="action" sx={{ ml: 1 }} />
          </ListItemButton>
        </Box>
      ))}
    </Paper>
  );
}
