// /admin/purchase-orders: the suggested purchase orders (one per vendor with high-demand products, each
// opening a draft prefilled with the suggested units) above the purchase orders in the server-side data
// grid (paging, sorting, search and the status filter kept in the URL). A row opens its purchase order.
import AddShoppingCartIcon from '@mui/icons-material/AddShoppingCart';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { firstDirection } from '@portal/shared/api/sort';
import {
  PURCHASE_ORDER_SORT_KEYS,
  PURCHASE_ORDER_STATUS_LABELS,
  PURCHASE_ORDER_STATUSES,
  type PurchaseOrderRow,
  type PurchaseOrderSortKey,
} from '@portal/shared/purchase-orders/purchase-orders.schemas';
import { formatMoney } from '@portal/shared/money/money';
import { useMemo } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { FilterSelect } from '../../components/data-grid/filter-select';
import { ServerDataGrid } from '../../components/data-grid/server-data-grid';
import { useGridUrlState } from '../../components/data-grid/use-grid-url-state';
import { useDebouncedSearch } from '../../components/data-grid/use-debounced-search';
import { InputField } from '../../components/input-field';
import { PageTitle } from '../../components/page-title';
import { errorMessage } from '../../lib/api';
import { count, shortDate } from '../../lib/format';
import { useModuleGrant } from '../../lib/permissions';
import { PurchaseOrderStatusChip } from './purchase-order-status';
import { PURCHASE_ORDERS_FAILED, useGetPurchaseOrdersQuery, useGetSuggestionsQuery } from './purchase-orders.api';
import { SECTIONS } from '@portal/shared/layout/menus';
import { SectionTabs } from '../../components/section-tabs';

const STATUS_FILTERS = ['all', 'open', ...PURCHASE_ORDER_STATUSES] as const;
const STATUS_OPTIONS = STATUS_FILTERS.map((value) => ({
  value,
  label: value === 'all' ? 'All' : value === 'open' ? 'Open (issued or partly received)' : PURCHASE_ORDER_STATUS_LABELS[value],
}));

/** Where a vendor's suggested purchase order opens: a new draft prefilled with the suggestion. */
export const suggestedOrderPath = (vendorId: string) => `/admin/purchase-orders/new?vendorId=${encodeURIComponent(vendorId)}`;

function Suggestions({ canAdd }: { canAdd: boolean }) {
  const q = useGetSuggestionsQuery();
  if (!q.data) return null;
  const { items, settings } = q.data;
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} component="section" aria-labelledby="po-suggestions">
      <Typography id="po-suggestions" variant="h6" component="h2">
        Suggested purchase orders
      </Typography>
      <Typography variant="body2" color="textSecondary" sx={{ mb: 1.5 }}>
        Products with less than {settings.coverThresholdDays} days of cover at the last {settings.velocityWindowDays} days&apos;
        sales, ordered up to {settings.targetCoverDays} days.
      </Typography>
      {items.length === 0 ? (
        <Typography variant="body2">Every product is covered: nothing to suggest.</Typography>
      ) : (
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(260px, 1fr))' } }}>
          {items.map((s) => (
            <Paper key={s.vendorId} variant="outlined" sx={{ p: 1.5, display: 'flex', alignItems: 'center', gap: 1 }}>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600 }} noWrap>
                  {s.vendorName}
                </Typography>
                <Typography variant="body2" color="textSecondary">
                  {count(s.productCount)} {s.productCount === 1 ? 'product' : 'products'} · {count(s.units)} units
                </Typography>
              </Box>
              {canAdd ? (
                <Button
                  size="small"
                  variant="outlined"
                  component={RouterLink}
                  to={suggestedOrderPath(s.vendorId)}
                  aria-label={`Review the suggested purchase order for ${s.vendorName}`}
                >
                  Review
                </Button>
              ) : null}
            </Paper>
          ))}
        </Box>
      )}
    </Paper>
  );
}

export function PurchaseOrdersPage() {
  const view = useGridUrlState<PurchaseOrderSortKey, 'status'>({
    sorts: PURCHASE_ORDER_SORT_KEYS,
    defaultSort: 'createdAt',
    defaultDir: 'desc',
    filters: { status: { values: STATUS_FILTERS, default: 'all' } },
  });
  const grant = useModuleGrant('Purchase Orders');
  const navigate = useNavigate();
  const q = useGetPurchaseOrdersQuery({
    page: view.page,
    limit: view.limit,
    sort: view.sort,
    dir: view.dir,
    status: view.filters.status,
    search: view.search,
    vendorId: '',
  });
  const { searchText, setSearchText } = useDebouncedSearch(view);

  const columns = useMemo<GridColDef<PurchaseOrderRow>[]>(
    () => [
      { field: 'poNumber', headerName: 'PO #', width: 120 },
      { field: 'vendor', headerName: 'Vendor', flex: 1, minWidth: 160, valueGetter: (_v, row) => row.vendorName },
      {
        field: 'status',
        headerName: 'Status',
        width: 150,
        renderCell: ({ row }) => <PurchaseOrderStatusChip status={row.status} />,
      },
      { field: 'lineCount', headerName: 'Lines', type: 'number', width: 80, sortable: false },
      {
        field: 'units',
        headerName: 'Received',
        width: 120,
        sortable: false,
        valueGetter: (_v, row) => `${count(row.unitsReceived)} / ${count(row.unitsOrdered)}`,
      },
      {
        field: 'total',
        headerName: 'Total',
        type: 'number',
        width: 120,
        valueGetter: (_v, row) => row.totalCents,
        valueFormatter: (value: number) => formatMoney(value),
      },
      { field: 'createdAt', headerName: 'Created', width: 130, valueFormatter: (value: string) => shortDate(value) },
      { field: 'issuedAt', headerName: 'Issued', width: 130, valueFormatter: (value: string | null) => shortDate(value) },
    ],
    [],
  );

  const filtered = view.search !== '' || view.filters.status !== 'all';
  const newOrder = grant.add ? (
    <Button variant="contained" startIcon={<AddShoppingCartIcon />} component={RouterLink} to="/admin/purchase-orders/new">
      New purchase order
    </Button>
  ) : null;

  return (
    <>
      <PageTitle title="Purchase Orders" subtitle="Orders to your vendors: suggest, issue and receive" actions={newOrder} />
      <SectionTabs label="Vendors" sections={SECTIONS.vendors} />
      <Suggestions canAdd={grant.add} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
        <InputField
          label="Search purchase orders"
          placeholder="PO # or vendor"
          value={searchText}
          onChange={(ev) => setSearchText(ev.target.value)}
          startAdornment={
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          }
          htmlInput={{ type: 'search' }}
          fullWidth={false}
        />
        <Box sx={{ minWidth: 200 }}>
          <FilterSelect
            label="Status"
            value={view.filters.status}
            options={STATUS_OPTIONS}
            onChange={(value) => view.setFilter('status', value)}
          />
        </Box>
        {q.data && !q.isError ? (
          <Typography variant="body2" color="textSecondary" sx={{ ml: { sm: 'auto' } }} aria-live="polite">
            {count(q.data.total)} {q.data.total === 1 ? 'purchase order' : 'purchase orders'}
          </Typography>
        ) : null}
      </Stack>
      <ServerDataGrid<PurchaseOrderRow, PurchaseOrderSortKey>
        label="Purchase orders"
        columns={columns}
        rows={q.data?.items ?? []}
        rowCount={q.data?.total ?? 0}
        loading={q.isFetching}
        error={q.isError ? errorMessage(q.error, PURCHASE_ORDERS_FAILED) : null}
        onRetry={() => void q.refetch()}
        page={view.page}
        limit={view.limit}
        sort={view.sort}
        dir={view.dir}
        onPageChange={view.setPage}
        onSortChange={(sort, dir) => view.setSort(sort, sort === view.sort ? dir : firstDirection(sort))}
        onRowClick={(row) => void navigate(`/admin/purchase-orders/${encodeURIComponent(row.id)}`)}
        empty={
          filtered
            ? { title: 'No purchase orders match', hint: 'Try another search or status.' }
            : {
                title: 'No purchase orders yet',
                hint: grant.add ? 'Start from a suggestion above or with New purchase order.' : undefined,
              }
        }
      />
    </>
  );
}
