// /admin/permissions: the distributor's roles in the server-side data grid (paging, sorting, search and
// the kind filter kept in the URL), with each role's users and granted modules; a row opens the role,
// its actions open the permissions grid, the edit form, or delete after a confirmation.
import AddModeratorOutlinedIcon from '@mui/icons-material/AddModeratorOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import GridOnOutlinedIcon from '@mui/icons-material/GridOnOutlined';
import SearchIcon from '@mui/icons-material/Search';
import VisibilityIcon from '@mui/icons-material/Visibility';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import { firstDirection } from '@portal/shared/api/sort';
import { ROLE_SORT_KEYS, type RoleRow, type RoleSortKey } from '@portal/shared/permissions/permissions.schemas';
import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ServerDataGrid } from '../../components/data-grid/server-data-grid';
import { useGridUrlState } from '../../components/data-grid/use-grid-url-state';
import { InputField } from '../../components/input-field';
import { PageTitle } from '../../components/page-title';
import { errorMessage } from '../../lib/api';
import { shortDate } from '../../lib/format';
import { useModuleGrant } from '../../lib/permissions';
import { useDebounced } from '../../lib/use-debounced';
import { DeleteRoleDialog } from './delete-role-dialog';
import { BASE_PATH, ROLES_FAILED, useGetRolesQuery, type RoleKindFilter } from './permissions.api';
import { PermissionsTabs } from './permissions-tabs';
import { RoleChips } from './role-chips';

const KINDS = ['all', 'staff', 'sales'] as const;
const KIND_LABELS: Record<RoleKindFilter, string> = { all: 'All', staff: 'Staff', sales: 'Sales reps' };
const PHONE_ORDER = ['name', 'actions', 'userCount', 'moduleCount', 'kind', 'updatedAt'];

export function RolesPage() {
  const navigate = useNavigate();
  const grant = useModuleGrant('User Management');
  const view = useGridUrlState<RoleSortKey, 'kind'>({
    sorts: ROLE_SORT_KEYS,
    filters: { kind: { values: KINDS, default: 'all' } },
  });
  const kind = view.filters.kind as RoleKindFilter;
  const q = useGetRolesQuery({ page: view.page, limit: view.limit, sort: view.sort, dir: view.dir, search: view.search, kind });
  const [searchText, setSearchText] = useState(view.search);
  const settled = useDebounced(searchText);
  useEffect(() => {
    if (settled.trim() !== view.search) view.setSearch(settled);
    // Only a settled change of the box writes the URL.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);
  const [deleting, setDeleting] = useState<RoleRow | null>(null);

  const columns = useMemo<GridColDef<RoleRow>[]>(
    () => [
      {
        field: 'name',
        headerName: 'Role',
        flex: 1.2,
        minWidth: 200,
        renderCell: ({ row }) => (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: '100%', minWidth: 0 }}>
            <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
              {row.name}
            </Typography>
            <RoleChips role={row} showKind={false} />
          </Stack>
        ),
      },
      { field: 'description', headerName: 'Description', flex: 1.5, minWidth: 200, sortable: false },
      {
        field: 'kind',
        headerName: 'For',
        width: 110,
        sortable: false,
        valueFormatter: (value: RoleRow['kind']) => (value === 'sales' ? 'Sales reps' : 'Staff'),
      },
      { field: 'userCount', headerName: 'Users', type: 'number', width: 90 },
      {
        field: 'moduleCount',
        headerName: 'Modules',
        type: 'number',
        width: 100,
        sortable: false,
      },
      {
        field: 'updatedAt',
        headerName: 'Changed',
        width: 120,
        valueGetter: (_v, row) => row.updatedAt ?? row.createdAt,
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
              key="view"
              icon={<VisibilityIcon />}
              label={`View ${row.name}`}
              onClick={() => void navigate(`${BASE_PATH}/view/${encodeURIComponent(row.id)}`)}
            />,
            <GridActionsCellItem
              key="grid"
              icon={<GridOnOutlinedIcon />}
              label={`Permissions of ${row.name}`}
              onClick={() => void navigate(`${BASE_PATH}/roles/${encodeURIComponent(row.id)}`)}
            />,
          ];
          if (grant.edit) {
            items.push(
              <GridActionsCellItem
                key="edit"
                icon={<EditIcon />}
                label={`Edit ${row.name}`}
                showInMenu
                onClick={() => void navigate(`${BASE_PATH}/edit/${encodeURIComponent(row.id)}`)}
              />,
            );
          }
          if (grant.delete && !row.isOwner) {
            items.push(
              <GridActionsCellItem
                key="delete"
                icon={<DeleteOutlineIcon />}
                label={`Delete ${row.name}`}
                showInMenu
                onClick={() => setDeleting(row)}
              />,
            );
          }
          return items;
        },
      },
    ],
    [grant.edit, grant.delete, navigate],
  );
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const shownColumns = useMemo(
    () => (phone ? PHONE_ORDER.map((field) => columns.find((c) => c.field === field)!) : columns),
    [phone, columns],
  );

  const filtered = view.search !== '' || kind !== 'all';
  const newRole = grant.add ? (
    <Button variant="contained" startIcon={<AddModeratorOutlinedIcon />} component={RouterLink} to={`${BASE_PATH}/add`}>
      New role
    </Button>
  ) : null;

  return (
    <>
      <PageTitle title="User Management" subtitle="Roles decide which modules and actions each user has" actions={newRole} />
      <PermissionsTabs />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
        <InputField
          label="Search roles"
          placeholder="Name or description"
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
          value={kind}
          aria-label="Roles for"
          onChange={(_e, value: RoleKindFilter | null) => value && view.setFilter('kind', value)}
        >
          {KINDS.map((k) => (
            <ToggleButton key={k} value={k} sx={{ px: 2 }}>
              {KIND_LABELS[k]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        {q.data && !q.isError ? (
          <Typography variant="body2" color="textSecondary" sx={{ ml: { sm: 'auto' } }} aria-live="polite">
            {q.data.total.toLocaleString('en-US')} {q.data.total === 1 ? 'role' : 'roles'}
          </Typography>
        ) : null}
      </Stack>

      <ServerDataGrid<RoleRow, RoleSortKey>
        label="Roles"
        columns={shownColumns}
        rows={q.data?.items ?? []}
        rowCount={q.data?.total ?? 0}
        loading={q.isFetching}
        error={q.isError ? errorMessage(q.error, ROLES_FAILED) : null}
        onRetry={() => void q.refetch()}
        page={view.page}
        limit={view.limit}
        sort={view.sort}
        dir={view.dir}
        onPageChange={view.setPage}
        onSortChange={(sort, dir) => view.setSort(sort, sort === view.sort ? dir : firstDirection(sort))}
        onRowClick={(row) => void navigate(`${BASE_PATH}/view/${encodeURIComponent(row.id)}`)}
        empty={
          filtered
            ? { title: 'No roles match', hint: 'Try another search or filter.' }
            : { title: 'No roles yet', hint: grant.add ? 'Add a role with New role.' : undefined }
        }
      />
      {deleting ? <DeleteRoleDialog role={deleting} onClose={() => setDeleting(null)} /> : null}
    </>
  );
}
