// /admin/retailers: the distributor's stores in the server-side data grid (paging, sorting, search and
// the filters kept in the URL); a phone shows the same page as readable cards. Each store opens its page
// (edit, deactivate). With the Retailers edit permission, stores selected across pages (or every store
// of a rep) move to another sales rep (reassign-dialog.tsx).
import AddIcon from '@mui/icons-material/AddBusiness';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { GridColDef, GridColumnVisibilityModel } from '@mui/x-data-grid';
import { firstDirection } from '@portal/shared/api/sort';
import { formatPhone } from '@portal/shared/contact/phone';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useModuleGrant } from '../../lib/permissions';
import { ServerDataGrid } from '../../components/data-grid/server-data-grid';
import { useServerGridControls } from '../../components/data-grid/use-server-grid-controls';
import { SearchField } from '../../components/list-controls';
import { PageTitle } from '../../components/page-title';
import { errorMessage } from '../../lib/api';
import { shortDate } from '../../lib/format';
import {
  RETAILER_STATUS_FAILED,
  RETAILERS_FAILED,
  useGetAdminRetailersQuery,
  useGetRetailerChoicesQuery,
  useSetAdminRetailerActiveMutation,
} from './admin-retailers.api';
import type { RetailerRow, RetailerSort } from './admin-retailers.types';
import { Balance, RetailerStatusChip } from './retailer-bits';
import { RetailerCards } from './retailer-cards';
import { RetailerFiltersBar } from './retailer-filters';
import { ReassignDialog } from './reassign-dialog';
import { orderDayLabel, routeStop } from './retailer-labels';
import { activeFilterCount, useRetailerListView } from './retailer-list-view';

export function useRetailerPermissions() {
  const grant = useModuleGrant('Retailers');
  return { canAdd: grant.add, canEdit: grant.edit };
}

export const retailerPath = {
  list: '/admin/retailers',
  add: '/admin/retailers/add',
  view: (id: string) => `/admin/retailers/view/${encodeURIComponent(id)}`,
  edit: (id: string) => `/admin/retailers/edit/${encodeURIComponent(id)}`,
};

/** Shown unless the user hides them (Columns). */
const DEFAULT_HIDDEN: GridColumnVisibilityModel = {};

export function RetailersPage() {
  const { view, params } = useRetailerListView();
  const { canAdd, canEdit } = useRetailerPermissions();
  const q = useGetAdminRetailersQuery(params);
  const choices = useGetRetailerChoicesQuery();
  // The shared search-box hook also switches rows on and off; this list leaves that to the store's page.
  const [setActive] = useSetAdminRetailerActiveMutation();
  const [hidden, setHidden] = useState<GridColumnVisibilityModel>(DEFAULT_HIDDEN);
  // The selection across pages: the rows themselves, so the reassignment knows each one's rep.
  const [selected, setSelected] = useState<RetailerRow[]>([]);
  const [reassigning, setReassigning] = useState(0);
  const selection = useMemo(
    () => ({
      ids: selected.map((r) => r.id),
      onChange: (ids: string[]) =>
        setSelected((before) => {
          const known = new Map([...before, ...(q.data?.items ?? [])].map((r) => [r.id, r]));
          return ids.map((id) => known.get(id)).filter((r): r is RetailerRow => Boolean(r));
        }),
    }),
    [selected, q.data],
  );
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

  const { searchText, setSearchText } = useServerGridControls({ view, setActive, activeFailed: RETAILER_STATUS_FAILED });

  // Two lines in some cells (contact and phone; route and order day) so that every column fits a
  // 1440 px screen beside the sidebar. Edit and deactivate are on the store's page.
  const columns = useMemo<GridColDef<RetailerRow>[]>(
    () => [
      {
        field: 'cNumber',
        headerName: 'C_Number',
        width: 86,
        valueGetter: (_v, row) => row.C_Number,
        renderCell: ({ row }) => (
          <Link component={RouterLink} to={retailerPath.view(row.id)} underline="hover" sx={{ fontWeight: 600 }}>
            {row.C_Number}
          </Link>
        ),
      },
      {
        field: 'name',
        headerName: 'Business',
        flex: 1,
        minWidth: 128,
        valueGetter: (_v, row) => row.companyName,
        renderCell: ({ row }) => (
          <Link
            component={RouterLink}
            to={retailerPath.view(row.id)}
            underline="hover"
            color="inherit"
            sx={{ whiteSpace: 'normal', lineHeight: 1.35 }}
          >
            {row.companyName}
          </Link>
        ),
      },
      {
        field: 'contactName',
        headerName: 'Contact / phone',
        width: 136,
        sortable: false,
        renderCell: ({ row }) => <TwoLines first={row.contactName} second={formatPhone(row.phone) ?? ''} />,
      },
      { field: 'city', headerName: 'City', width: 100, renderCell: ({ row }) => <TwoLines first={row.city ?? ''} /> },
      {
        field: 'route',
        headerName: 'Route / day',
        width: 98,
        valueGetter: (_v, row) => routeStop(row.routeNumber, row.stopNumber),
        renderCell: ({ row }) => (
          <TwoLines first={routeStop(row.routeNumber, row.stopNumber) || 'No route'} second={orderDayLabel(row.orderDay)} />
        ),
      },
      {
        field: 'salesRep',
        headerName: 'Sales rep',
        width: 110,
        sortable: false,
        renderCell: ({ row }) => <TwoLines first={row.salesRep?.name ?? 'None'} />,
      },
      {
        field: 'priceClass',
        headerName: 'Price',
        width: 70,
        sortable: false,
        valueFormatter: (value: number) => `Price ${value}`,
      },
      {
        field: 'balance',
        headerName: 'Balance',
        type: 'number',
        width: 110,
        valueGetter: (_v, row) => row.balanceCents,
        renderCell: ({ row }) => <Balance cents={row.balanceCents} />,
      },
      {
        field: 'lastOrder',
        headerName: 'Last order',
        width: 118,
        valueGetter: (_v, row) => row.lastOrderAt,
        renderCell: ({ row }) => (
          <TwoLines
            first={row.lastOrderAt ? shortDate(row.lastOrderAt) : 'None'}
            second={`${row.openOrderCount} open ${row.openOrderCount === 1 ? 'order' : 'orders'}`}
          />
        ),
      },
      {
        field: 'isActive',
        headerName: 'Status',
        width: 86,
        sortable: false,
        renderCell: ({ row }) => <RetailerStatusChip active={row.isActive} />,
      },
    ],
    [],
  );

  const filtered = view.search !== '' || activeFilterCount(view.filters) > 0;
  const empty = filtered
    ? { title: 'No retailers match', hint: 'Try another search or clear the filters.' }
    : { title: 'No retailers yet', hint: canAdd ? 'Add your first store with New retailer.' : undefined };
  const reassignAll = canEdit ? (
    <Button startIcon={<SwapHorizIcon />} onClick={() => setReassigning(Date.now())} sx={{ flexShrink: 0 }}>
      Reassign sales rep
    </Button>
  ) : null;
  const newRetailer = canAdd ? (
    <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={retailerPath.add} sx={{ flexShrink: 0 }}>
      New retailer
    </Button>
  ) : null;
  const count =
    q.data && !q.isError ? (
      <Typography variant="body2" color="textSecondary" aria-live="polite" sx={{ whiteSpace: 'nowrap' }}>
        {q.data.total.toLocaleString('en-US')} {q.data.total === 1 ? 'retailer' : 'retailers'}
      </Typography>
    ) : null;
  const onSortChange = (sort: RetailerSort, dir: 'asc' | 'desc') =>
    // Another column starts in its own first direction (balance and last order largest / newest first).
    view.setSort(sort, sort === view.sort ? dir : firstDirection(sort));

  return (
    <>
      <PageTitle
        title="Retailers"
        subtitle="Your stores, their terms and their accounts"
        actions={
          phone ? null : (
            <Stack direction="row" spacing={1}>
              {reassignAll}
              {newRetailer}
            </Stack>
          )
        }
      />
      <Stack direction="row" spacing={1.5} sx={{ mb: 1.5, alignItems: 'center' }}>
        <SearchField
          label="Search retailers"
          placeholder="C_Number, name, phone or city"
          value={searchText}
          onChange={setSearchText}
          sx={{ width: { xs: '100%', sm: 360 } }}
        />
      </Stack>
      <Box sx={{ mb: 2 }}>
        <RetailerFiltersBar
          filters={view.filters}
          onChange={view.setFilters}
          choices={choices.data}
          trailing={phone ? newRetailer : null}
        />
      </Box>

      {phone ? (
        <RetailerCards
          rows={q.data?.items ?? []}
          total={q.data?.total ?? 0}
          loading={q.isFetching}
          error={q.isError ? errorMessage(q.error, RETAILERS_FAILED) : null}
          onRetry={() => void q.refetch()}
          page={view.page}
          limit={view.limit}
          sort={view.sort}
          dir={view.dir}
          onPageChange={view.setPage}
          onSortChange={onSortChange}
          count={count}
          empty={empty}
        />
      ) : (
        <ServerDataGrid<RetailerRow, RetailerSort>
          label="Retailers"
          columns={columns}
          rows={q.data?.items ?? []}
          rowCount={q.data?.total ?? 0}
          loading={q.isFetching}
          error={q.isError ? errorMessage(q.error, RETAILERS_FAILED) : null}
          onRetry={() => void q.refetch()}
          page={view.page}
          limit={view.limit}
          sort={view.sort}
          dir={view.dir}
          onPageChange={view.setPage}
          onSortChange={onSortChange}
          columnVisibility={{ model: hidden, onChange: setHidden }}
          toolbarStart={
            selected.length ? (
              <>
                <Typography sx={{ fontWeight: 600 }} role="status">
                  {selected.length} selected
                </Typography>
                <Button size="small" onClick={() => setSelected([])}>
                  Clear selection
                </Button>
                <Button size="small" variant="contained" startIcon={<SwapHorizIcon />} onClick={() => setReassigning(Date.now())}>
                  Reassign sales rep
                </Button>
              </>
            ) : (
              count
            )
          }
          selection={canEdit ? selection : undefined}
          autoRowHeight
          empty={empty}
        />
      )}
      {reassigning ? (
        <ReassignDialog
          key={reassigning}
          selected={selected}
          reps={choices.data?.salesReps ?? []}
          onClose={() => setReassigning(0)}
          onDone={() => {
            setReassigning(0);
            setSelected([]);
          }}
        />
      ) : null}
    </>
  );
}

/** A cell's text on one or two lines (the second smaller and quieter). */
function TwoLines({ first, second }: { first: string; second?: string }) {
  return (
    <Box sx={{ lineHeight: 1.35, whiteSpace: 'normal', minWidth: 0 }}>
      <Typography variant="body2" component="div">
        {first}
      </Typography>
      {second ? (
        <Typography variant="caption" color="textSecondary" component="div">
          {second}
        </Typography>
      ) : null}
    </Box>
  );
}
