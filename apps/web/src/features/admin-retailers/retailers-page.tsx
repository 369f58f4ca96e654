// /admin/retailers: the distributor's stores in the server-side data grid (paging, sorting, search and
// the filters kept in the URL); a phone shows the same page as readable cards. Each store opens its page;
// edit, deactivate (after a confirmation) and reactivate follow the role's Retailers permission.
import AddIcon from '@mui/icons-material/AddBusiness';
import BlockIcon from '@mui/icons-material/Block';
import EditIcon from '@mui/icons-material/Edit';
import RestoreIcon from '@mui/icons-material/Restore';
import VisibilityIcon from '@mui/icons-material/Visibility';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { GridActionsCellItem, type GridColDef, type GridColumnVisibilityModel } from '@mui/x-data-grid';
import { firstDirection } from '@portal/shared/api/sort';
import { formatPhone } from '@portal/shared/contact/phone';
import { useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { ServerDataGrid } from '../../components/data-grid/server-data-grid';
import { useServerGridControls } from '../../components/data-grid/use-server-grid-controls';
import { ConfirmModal } from '../../components/form-modal';
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
import { Balance, deactivateRetailerQuestion, RetailerStatusChip } from './retailer-bits';
import { RetailerCards } from './retailer-cards';
import { RetailerFiltersBar } from './retailer-filters';
import { orderDayLabel, routeStop } from './retailer-labels';
import { activeFilterCount, useRetailerListView } from './retailer-list-view';

export function useRetailerPermissions() {
  const grant = useAppSelector((s) => s.auth.module.find((m) => m.module === 'Retailers'));
  return { canAdd: Boolean(grant?.add), canEdit: Boolean(grant?.edit) };
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
  const navigate = useNavigate();
  const q = useGetAdminRetailersQuery(params);
  const choices = useGetRetailerChoicesQuery();
  const [setActive, activeState] = useSetAdminRetailerActiveMutation();
  const [confirm, setConfirm] = useState<RetailerRow | null>(null);
  const [hidden, setHidden] = useState<GridColumnVisibilityModel>(DEFAULT_HIDDEN);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

  const { searchText, setSearchText, changeActive } = useServerGridControls({
    view,
    setActive,
    activeFailed: RETAILER_STATUS_FAILED,
    onActiveChanged: () => setConfirm(null),
  });

  const columns = useMemo<GridColDef<RetailerRow>[]>(
    () => [
      {
        field: 'cNumber',
        headerName: 'C_Number',
        width: 110,
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
        flex: 1.3,
        minWidth: 180,
        valueGetter: (_v, row) => row.companyName,
        renderCell: ({ row }) => (
          <Link component={RouterLink} to={retailerPath.view(row.id)} underline="hover" color="inherit">
            {row.companyName}
          </Link>
        ),
      },
      { field: 'contactName', headerName: 'Contact', flex: 1, minWidth: 130, sortable: false },
      {
        field: 'phone',
        headerName: 'Phone',
        width: 140,
        sortable: false,
        valueFormatter: (value: string | null) => formatPhone(value) ?? '',
      },
      { field: 'city', headerName: 'City', width: 120 },
      {
        field: 'route',
        headerName: 'Route / stop',
        width: 115,
        valueGetter: (_v, row) => routeStop(row.routeNumber, row.stopNumber),
      },
      {
        field: 'orderDay',
        headerName: 'Order day',
        width: 110,
        sortable: false,
        valueFormatter: (value: number) => orderDayLabel(value),
      },
      {
        field: 'salesRep',
        headerName: 'Sales rep',
        width: 140,
        sortable: false,
        valueGetter: (_v, row) => row.salesRep?.name ?? '',
      },
      {
        field: 'priceClass',
        headerName: 'Price class',
        width: 100,
        sortable: false,
        valueFormatter: (value: number) => `Price ${value}`,
      },
      {
        field: 'balance',
        headerName: 'Balance',
        type: 'number',
        width: 120,
        valueGetter: (_v, row) => row.balanceCents,
        renderCell: ({ row }) => <Balance cents={row.balanceCents} />,
      },
      {
        field: 'lastOrder',
        headerName: 'Last order',
        width: 120,
        valueGetter: (_v, row) => row.lastOrderAt,
        valueFormatter: (value: string | null) => (value ? shortDate(value) : 'None'),
      },
      { field: 'openOrderCount', headerName: 'Open orders', type: 'number', width: 105, sortable: false },
      {
        field: 'isActive',
        headerName: 'Status',
        width: 100,
        sortable: false,
        renderCell: ({ row }) => <RetailerStatusChip active={row.isActive} />,
      },
      {
        field: 'actions',
        type: 'actions',
        headerName: 'Actions',
        width: 120,
        getActions: ({ row }) => {
          const items = [
            <GridActionsCellItem
              key="view"
              icon={<VisibilityIcon />}
              label={`Open ${row.companyName}`}
              onClick={() => void navigate(retailerPath.view(row.id))}
            />,
          ];
          if (canEdit)
            items.push(
              <GridActionsCellItem
                key="edit"
                icon={<EditIcon />}
                label={`Edit ${row.companyName}`}
                onClick={() => void navigate(retailerPath.edit(row.id))}
              />,
              row.isActive ? (
                <GridActionsCellItem
                  key="deactivate"
                  icon={<BlockIcon />}
                  label={`Deactivate ${row.companyName}`}
                  onClick={() => setConfirm(row)}
                />
              ) : (
                <GridActionsCellItem
                  key="reactivate"
                  icon={<RestoreIcon />}
                  label={`Reactivate ${row.companyName}`}
                  onClick={() => void changeActive(row, true)}
                />
              ),
            );
          return items;
        },
      },
    ],
    [canEdit, changeActive, navigate],
  );

  const filtered = view.search !== '' || activeFilterCount(view.filters) > 0;
  const empty = filtered
    ? { title: 'No retailers match', hint: 'Try another search or clear the filters.' }
    : { title: 'No retailers yet', hint: canAdd ? 'Add your first store with New retailer.' : undefined };
  const newRetailer = canAdd ? (
    <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={retailerPath.add} sx={{ flexShrink: 0 }}>
      New retailer
    </Button>
  ) : null;
  const count =
    q.data && !q.isError ? (
      <Typography variant="body2" color="textSecondary" aria-live="polite">
        {q.data.total.toLocaleString('en-US')} {q.data.total === 1 ? 'retailer' : 'retailers'}
      </Typography>
    ) : null;
  const onSortChange = (sort: RetailerSort, dir: 'asc' | 'desc') =>
    // Another column starts in its own first direction (balance and last order largest / newest first).
    view.setSort(sort, sort === view.sort ? dir : firstDirection(sort));

  return (
    <>
      <PageTitle title="Retailers" subtitle="Your stores, their terms and their accounts" actions={phone ? null : newRetailer} />
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
          toolbarStart={count}
          empty={empty}
        />
      )}

      {confirm ? (
        <ConfirmModal
          title="Deactivate retailer"
          confirmLabel="Deactivate"
          busy={activeState.isLoading}
          onClose={() => setConfirm(null)}
          onConfirm={() => void changeActive(confirm, false)}
        >
          {deactivateRetailerQuestion(confirm)}
        </ConfirmModal>
      ) : null}
    </>
  );
}
