// /admin/high-demand: products whose recent sales outrun their stock, by days of cover (stock plus units
// on open purchase orders, over the sales of the window), in the server-side data grid; each row links
// to its vendor's suggested purchase order.
import SearchIcon from '@mui/icons-material/Search';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { GridColDef } from '@mui/x-data-grid';
import {
  HIGH_DEMAND_SORT_KEYS,
  type DemandRow,
  type HighDemandSortKey,
} from '@portal/shared/purchase-orders/purchase-orders.schemas';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import { ServerDataGrid } from '../../components/data-grid/server-data-grid';
import { useDebouncedSearch } from '../../components/data-grid/use-debounced-search';
import { useGridUrlState } from '../../components/data-grid/use-grid-url-state';
import { InputField } from '../../components/input-field';
import { PageTitle } from '../../components/page-title';
import { errorMessage } from '../../lib/api';
import { count } from '../../lib/format';
import { useCan } from '../../lib/permissions';
import { HIGH_DEMAND_FAILED, useGetHighDemandQuery } from './purchase-orders.api';
import { suggestedOrderPath } from './purchase-orders-page';
import { SECTIONS } from '@portal/shared/layout/menus';
import { SectionTabs } from '../../components/section-tabs';

/** Days of cover as shown: one decimal, "0" when nothing is left. */
export const coverLabel = (days: number | null) => (days === null ? '—' : days === 0 ? '0 days' : `${days.toFixed(1)} days`);

/** The colour of a cover figure: none left is an error, under a week a warning. */
const coverColor = (days: number | null) => (days === null ? 'default' : days < 1 ? 'error' : days < 7 ? 'warning' : 'info');

const DESCENDING = new Set<HighDemandSortKey>(['velocity', 'suggested']);
// On a phone the grid scrolls sideways: the item, its cover and the units to order come first.
const PHONE_ORDER = ['itemNumber', 'daysOfCover', 'suggested', 'vendor', 'description', 'velocity', 'stockOnHand', 'incoming'];

export function HighDemandPage() {
  const view = useGridUrlState<HighDemandSortKey>({
    sorts: HIGH_DEMAND_SORT_KEYS,
    defaultSort: 'daysOfCover',
    defaultDir: 'asc',
  });
  const canOrder = useCan('Purchase Orders', 'add');
  const q = useGetHighDemandQuery({
    page: view.page,
    limit: view.limit,
    sort: view.sort,
    dir: view.dir,
    search: view.search,
    vendorId: '',
  });
  const { searchText, setSearchText } = useDebouncedSearch(view);
  const settings = q.data?.settings;

  const columns = useMemo<GridColDef<DemandRow>[]>(
    () => [
      { field: 'itemNumber', headerName: 'Item #', width: 110 },
      { field: 'description', headerName: 'Description', flex: 1.4, minWidth: 200, sortable: false },
      {
        field: 'daysOfCover',
        headerName: 'Days of cover',
        width: 140,
        renderCell: ({ row }) => <Chip size="small" color={coverColor(row.daysOfCover)} label={coverLabel(row.daysOfCover)} />,
      },
      { field: 'velocity', headerName: 'Sold / day', type: 'number', width: 110, valueGetter: (_v, row) => row.velocityPerDay },
      { field: 'stockOnHand', headerName: 'On hand', type: 'number', width: 100 },
      { field: 'incoming', headerName: 'Incoming', type: 'number', width: 100, sortable: false },
      {
        field: 'suggested',
        headerName: 'Suggested',
        type: 'number',
        width: 110,
        valueGetter: (_v, row) => row.suggestedQuantity,
      },
      {
        field: 'vendor',
        headerName: 'Vendor',
        flex: 1,
        minWidth: 170,
        renderCell: ({ row }) =>
          row.vendorId && canOrder ? (
            <Link
              component={RouterLink}
              to={suggestedOrderPath(row.vendorId)}
              underline="hover"
              aria-label={`Suggested purchase order for ${row.vendorName ?? ''}`}
            >
              {row.vendorName}
            </Link>
          ) : (
            (row.vendorName ?? 'No vendor')
          ),
      },
    ],
    [canOrder],
  );
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const shownColumns = useMemo(
    () => (phone ? PHONE_ORDER.map((field) => columns.find((c) => c.field === field)!) : columns),
    [phone, columns],
  );

  return (
    <>
      <PageTitle
        title="High Demand"
        subtitle={
          settings
            ? `Products with less than ${settings.coverThresholdDays} days of cover at the last ${settings.velocityWindowDays} days' sales`
            : 'Products whose sales outrun their stock'
        }
      />
      <SectionTabs label="Dashboard" sections={SECTIONS.dashboard} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
        <InputField
          label="Search products"
          placeholder="Item # or description"
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
        {q.data && !q.isError ? (
          <Typography variant="body2" color="textSecondary" sx={{ ml: { sm: 'auto' } }} aria-live="polite">
            {count(q.data.total)} {q.data.total === 1 ? 'product' : 'products'}
          </Typography>
        ) : null}
      </Stack>
      <ServerDataGrid<DemandRow, HighDemandSortKey>
        label="High-demand products"
        columns={shownColumns}
        rows={q.data?.items ?? []}
        rowCount={q.data?.total ?? 0}
        getRowId={(row) => row.productId}
        loading={q.isFetching}
        error={q.isError ? errorMessage(q.error, HIGH_DEMAND_FAILED) : null}
        onRetry={() => void q.refetch()}
        page={view.page}
        limit={view.limit}
        sort={view.sort}
        dir={view.dir}
        onPageChange={view.setPage}
        onSortChange={(sort, dir) => view.setSort(sort, sort === view.sort ? dir : DESCENDING.has(sort) ? 'desc' : 'asc')}
        empty={
          view.search
            ? { title: 'No products match', hint: 'Try another search.' }
            : { title: 'No high-demand products', hint: 'Every product has enough stock for its recent sales.' }
        }
      />
    </>
  );
}
