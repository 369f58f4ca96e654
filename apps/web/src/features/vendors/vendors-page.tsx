// /admin/vendors: the distributor's vendors in the server-side data grid (paging, sorting, search and
// the status filter kept in the URL), a dialog to add or edit one, deactivate after a confirmation,
// reactivate, and a vendor's products in a dialog.
import AddIcon from '@mui/icons-material/AddBusiness';
import BlockIcon from '@mui/icons-material/Block';
import EditIcon from '@mui/icons-material/Edit';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import RestoreIcon from '@mui/icons-material/Restore';
import SearchIcon from '@mui/icons-material/Search';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import { firstDirection, VENDOR_SORT_KEYS } from '@portal/shared/api/sort';
import { formatPhone } from '@portal/shared/contact/phone';
import { VENDOR_STATUSES } from '@portal/shared/vendors/vendors.schemas';
import { useMemo, useState } from 'react';
import { useModuleGrant } from '../../lib/permissions';
import { ConfirmModal } from '../../components/form-modal';
import { ServerDataGrid } from '../../components/data-grid/server-data-grid';
import { useServerGridControls } from '../../components/data-grid/use-server-grid-controls';
import { useGridUrlState } from '../../components/data-grid/use-grid-url-state';
import { InputField } from '../../components/input-field';
import { PageTitle } from '../../components/page-title';
import { errorMessage } from '../../lib/api';
import { shortDate } from '../../lib/format';
import { ActiveChip, VendorProductsDialog } from './vendor-products-dialog';
import { VendorFormDialog } from './vendor-form-dialog';
import { VENDOR_STATUS_FAILED, VENDORS_FAILED, useGetVendorsQuery, useSetVendorActiveMutation } from './vendors.api';
import type { VendorRow, VendorSort, VendorStatus } from './vendors.types';
import { SECTIONS } from '@portal/shared/layout/menus';
import { SectionTabs } from '../../components/section-tabs';

const SORTS = VENDOR_SORT_KEYS;
const STATUSES = VENDOR_STATUSES;
const PHONE_ORDER = ['name', 'actions', 'isActive', 'productCount', 'phone', 'email', 'contactName', 'createdAt'];
const STATUS_LABELS: Record<VendorStatus, string> = { active: 'Active', inactive: 'Inactive', all: 'All' };

/** The confirmation's text (issue 14: confirmations before destructive actions). */
export const deactivateQuestion = (name: string) => `Deactivate ${name}? Its products keep this vendor.`;

function useVendorPermissions() {
  const grant = useModuleGrant('Vendors');
  return { canAdd: grant.add, canEdit: grant.edit };
}

type Dialog =
  | { kind: 'form'; vendor: VendorRow | null; key: number }
  | { kind: 'deactivate'; vendor: VendorRow }
  | { kind: 'products'; vendor: VendorRow }
  | null;

export function VendorsPage() {
  const view = useGridUrlState<VendorSort, 'status'>({
    sorts: SORTS,
    filters: { status: { values: STATUSES, default: 'all' } },
  });
  const { canAdd, canEdit } = useVendorPermissions();
  const status = view.filters.status as VendorStatus;
  const q = useGetVendorsQuery({
    page: view.page,
    limit: view.limit,
    sort: view.sort,
    dir: view.dir,
    search: view.search,
    status,
  });
  const [setActive, activeState] = useSetVendorActiveMutation();
  const [dialog, setDialog] = useState<Dialog>(null);

  const { searchText, setSearchText, changeActive } = useServerGridControls({
    view,
    setActive,
    activeFailed: VENDOR_STATUS_FAILED,
    onActiveChanged: () => setDialog(null),
  });

  const columns = useMemo<GridColDef<VendorRow>[]>(
    () => [
      { field: 'name', headerName: 'Name', flex: 1.2, minWidth: 160 },
      { field: 'contactName', headerName: 'Contact', flex: 1, minWidth: 130, sortable: false },
      { field: 'email', headerName: 'Email', flex: 1.2, minWidth: 180, sortable: false },
      {
        field: 'phone',
        headerName: 'Phone',
        minWidth: 150,
        sortable: false,
        valueFormatter: (value: string | null) => formatPhone(value) ?? '',
      },
      {
        field: 'productCount',
        headerName: 'Products',
        type: 'number',
        width: 110,
        renderCell: ({ row }) => (
          <Link
            component="button"
            type="button"
            underline="hover"
            aria-label={`${row.productCount} products of ${row.name}`}
            onClick={() => setDialog({ kind: 'products', vendor: row })}
          >
            {row.productCount.toLocaleString('en-US')}
          </Link>
        ),
      },
      {
        field: 'isActive',
        headerName: 'Status',
        width: 110,
        renderCell: ({ row }) => <ActiveChip active={row.isActive} />,
      },
      {
        field: 'createdAt',
        headerName: 'Created',
        width: 130,
        valueFormatter: (value: string) => shortDate(value),
      },
      {
        field: 'actions',
        type: 'actions',
        headerName: 'Actions',
        width: 150,
        getActions: ({ row }) => {
          const items = [
            <GridActionsCellItem
              key="products"
              icon={<Inventory2OutlinedIcon />}
              label={`Products of ${row.name}`}
              onClick={() => setDialog({ kind: 'products', vendor: row })}
            />,
          ];
          if (canEdit) {
            items.unshift(
              <GridActionsCellItem
                key="edit"
                icon={<EditIcon />}
                label={`Edit ${row.name}`}
                onClick={() => setDialog({ kind: 'form', vendor: row, key: Date.now() })}
              />,
            );
            items.push(
              row.isActive ? (
                <GridActionsCellItem
                  key="deactivate"
                  icon={<BlockIcon />}
                  label={`Deactivate ${row.name}`}
                  onClick={() => setDialog({ kind: 'deactivate', vendor: row })}
                />
              ) : (
                <GridActionsCellItem
                  key="reactivate"
                  icon={<RestoreIcon />}
                  label={`Reactivate ${row.name}`}
                  onClick={() => void changeActive(row, true)}
                />
              ),
            );
          }
          return items;
        },
      },
    ],
    [canEdit, changeActive],
  );
  // On a phone the grid scrolls sideways: the name, its actions and status come first, within reach.
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const shownColumns = useMemo(
    () => (phone ? PHONE_ORDER.map((field) => columns.find((c) => c.field === field)!) : columns),
    [phone, columns],
  );

  const filtered = view.search !== '' || status !== 'all';
  const newVendor = canAdd ? (
    <Button
      variant="contained"
      startIcon={<AddIcon />}
      onClick={() => setDialog({ kind: 'form', vendor: null, key: Date.now() })}
    >
      New vendor
    </Button>
  ) : null;

  return (
    <>
      <PageTitle title="Vendors" subtitle="The suppliers your products come from" actions={newVendor} />
      <SectionTabs label="Vendors" sections={SECTIONS.vendors} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
        <InputField
          label="Search vendors"
          placeholder="Name, contact or email"
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
        <ToggleButtonGroup
          exclusive
          value={status}
          aria-label="Status"
          onChange={(_e, value: VendorStatus | null) => value && view.setFilter('status', value)}
        >
          {STATUSES.map((s) => (
            <ToggleButton key={s} value={s} sx={{ px: 2 }}>
              {STATUS_LABELS[s]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        {q.data && !q.isError ? (
          <Typography variant="body2" color="textSecondary" sx={{ ml: { sm: 'auto' } }} aria-live="polite">
            {q.data.total.toLocaleString('en-US')} {q.data.total === 1 ? 'vendor' : 'vendors'}
          </Typography>
        ) : null}
      </Stack>

      <ServerDataGrid<VendorRow, VendorSort>
        label="Vendors"
        columns={shownColumns}
        rows={q.data?.items ?? []}
        rowCount={q.data?.total ?? 0}
        loading={q.isFetching}
        error={q.isError ? errorMessage(q.error, VENDORS_FAILED) : null}
        onRetry={() => void q.refetch()}
        page={view.page}
        limit={view.limit}
        sort={view.sort}
        dir={view.dir}
        onPageChange={view.setPage}
        // Another column starts in its own first direction (dates and counts newest / largest first).
        onSortChange={(sort, dir) => view.setSort(sort, sort === view.sort ? dir : firstDirection(sort))}
        empty={
          filtered
            ? { title: 'No vendors match', hint: 'Try another search or status.' }
            : { title: 'No vendors yet', hint: canAdd ? 'Add the suppliers your products come from with New vendor.' : undefined }
        }
      />

      {dialog?.kind === 'form' ? (
        <VendorFormDialog key={dialog.key} vendor={dialog.vendor} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'products' ? <VendorProductsDialog vendor={dialog.vendor} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'deactivate' ? (
        <ConfirmModal
          title="Deactivate vendor"
          confirmLabel="Deactivate"
          busy={activeState.isLoading}
          onClose={() => setDialog(null)}
          onConfirm={() => void changeActive(dialog.vendor, false)}
        >
          {deactivateQuestion(dialog.vendor.name)}
        </ConfirmModal>
      ) : null}
    </>
  );
}
