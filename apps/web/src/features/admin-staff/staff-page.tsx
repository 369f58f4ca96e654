// /admin/permissions/staff: the distributor's staff users in the server-side data grid (paging, sorting,
// search and the role and status filters kept in the URL); a phone shows the same page as cards. Each
// user opens their page (role, deactivate, sign out everywhere). With User Management add, Invite user
// opens the invitation dialog.
import PersonAddIcon from '@mui/icons-material/PersonAddAlt1';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { GridColDef } from '@mui/x-data-grid';
import { formatPhone } from '@portal/shared/contact/phone';
import { STAFF_SORT_KEYS, staffFirstDirection, type StaffSortKey } from '@portal/shared/staff/staff-sort';
import type { StaffUser } from '@portal/shared/staff/staff.schemas';
import { useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { FilterSelect } from '../../components/data-grid/filter-select';
import { ServerDataGrid } from '../../components/data-grid/server-data-grid';
import { useServerGridControls } from '../../components/data-grid/use-server-grid-controls';
import { SearchField } from '../../components/list-controls';
import { PageTitle } from '../../components/page-title';
import { errorMessage } from '../../lib/api';
import {
  STAFF_CHANGE_FAILED,
  STAFF_FAILED,
  useGetStaffChoicesQuery,
  useGetStaffQuery,
  useSetStaffActiveMutation,
} from './admin-staff.api';
import { InviteStaffDialog } from './invite-staff-dialog';
import { ActiveChip, CardList, lastSeenText, SignInChip, TwoLines, UserManagementTabs } from './staff-bits';
import { staffPath, useStaffListView, useUserManagementGrant } from './staff-list-view';

const SORT_LABELS: Record<StaffSortKey, string> = {
  name: 'Name',
  email: 'Email',
  role: 'Role',
  lastSeen: 'Last seen',
  createdAt: 'Added',
};

const contact = (u: StaffUser) => [u.email, formatPhone(u.phone)].filter(Boolean).join(' · ');

export function StaffPage() {
  const { view, params } = useStaffListView();
  const { canAdd } = useUserManagementGrant();
  const q = useGetStaffQuery(params);
  const choices = useGetStaffChoicesQuery();
  const [setActive] = useSetStaffActiveMutation();
  const { searchText, setSearchText } = useServerGridControls({ view, setActive, activeFailed: STAFF_CHANGE_FAILED });
  const [inviting, setInviting] = useState(0);
  const navigate = useNavigate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

  const columns = useMemo<GridColDef<StaffUser>[]>(
    () => [
      {
        field: 'name',
        headerName: 'Name',
        flex: 1,
        minWidth: 160,
        renderCell: ({ row }) => (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
            <Link component={RouterLink} to={staffPath.staffUser(row.id)} underline="hover" sx={{ fontWeight: 600 }}>
              {row.name}
            </Link>
            {row.isSelf ? (
              <Typography variant="caption" color="textSecondary">
                (you)
              </Typography>
            ) : null}
          </Stack>
        ),
      },
      {
        field: 'email',
        headerName: 'Email / phone',
        flex: 1,
        minWidth: 200,
        renderCell: ({ row }) => (
          <TwoLines first={row.email ?? formatPhone(row.phone) ?? ''} second={row.email ? formatPhone(row.phone) : undefined} />
        ),
      },
      {
        field: 'role',
        headerName: 'Role',
        width: 170,
        valueGetter: (_v, row) => row.role?.name ?? 'No role',
      },
      {
        field: 'lastSeen',
        headerName: 'Last seen',
        width: 170,
        valueGetter: (_v, row) => row.lastSeenAt,
        renderCell: ({ row }) => <TwoLines first={lastSeenText(row.lastSeenAt)} />,
      },
      {
        field: 'isActive',
        headerName: 'Status',
        width: 150,
        sortable: false,
        renderCell: ({ row }) => (
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', height: '100%' }}>
            <ActiveChip active={row.isActive} />
            <SignInChip hasPassword={row.hasPassword} />
          </Stack>
        ),
      },
    ],
    [],
  );

  const filtered = view.search !== '' || view.filters.role !== '' || view.filters.status !== 'active';
  const empty = filtered
    ? { title: 'No staff users match', hint: 'Try another search or clear the filters.' }
    : { title: 'No staff users yet', hint: canAdd ? 'Invite your first colleague with Invite user.' : undefined };
  const invite = canAdd ? (
    <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setInviting(Date.now())} sx={{ flexShrink: 0 }}>
      Invite user
    </Button>
  ) : null;
  const count =
    q.data && !q.isError ? (
      <Typography variant="body2" color="textSecondary" aria-live="polite" sx={{ whiteSpace: 'nowrap' }}>
        {q.data.total.toLocaleString('en-US')} {q.data.total === 1 ? 'user' : 'users'}
      </Typography>
    ) : null;
  const onSortChange = (sort: StaffSortKey, dir: 'asc' | 'desc') =>
    view.setSort(sort, sort === view.sort ? dir : staffFirstDirection(sort));
  const roles = choices.data?.roles ?? [];
  const roleOptions =
    view.filters.role && !roles.some((r) => r.id === view.filters.role)
      ? [...roles, { id: view.filters.role, name: 'Another role' }]
      : roles;

  return (
    <>
      <PageTitle
        title="User Management"
        subtitle="Who works in your office portal, and what each one may do"
        actions={phone ? null : invite}
      />
      <UserManagementTabs />
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr 1fr', sm: 'minmax(0, 360px) 200px 160px auto' },
          alignItems: 'start',
          mb: 2,
        }}
      >
        <Box sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}>
          <SearchField
            label="Search staff"
            placeholder="Name, email or phone"
            value={searchText}
            onChange={setSearchText}
            sx={{ width: '100%' }}
          />
        </Box>
        <FilterSelect
          label="Role"
          value={view.filters.role}
          onChange={(role) => view.setFilters({ role })}
          options={[{ value: '', label: 'All roles' }, ...roleOptions.map((r) => ({ value: r.id, label: r.name }))]}
        />
        <FilterSelect
          label="Status"
          value={view.filters.status}
          onChange={(status) => view.setFilters({ status })}
          options={[
            { value: 'active', label: 'Active' },
            { value: 'inactive', label: 'Inactive' },
            { value: 'all', label: 'All' },
          ]}
        />
        {phone ? <Box sx={{ gridColumn: '1 / -1' }}>{invite}</Box> : null}
      </Box>

      {phone ? (
        <CardList<StaffUser, StaffSortKey>
          label="Staff users"
          rows={q.data?.items ?? []}
          total={q.data?.total ?? 0}
          loading={q.isFetching}
          error={q.isError ? errorMessage(q.error, STAFF_FAILED) : null}
          onRetry={() => void q.refetch()}
          page={view.page}
          limit={view.limit}
          sort={view.sort}
          dir={view.dir}
          sorts={STAFF_SORT_KEYS}
          sortLabels={SORT_LABELS}
          onPageChange={view.setPage}
          onSortChange={onSortChange}
          count={count}
          empty={empty}
          to={(u) => staffPath.staffUser(u.id)}
          card={(u) => (
            <>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, lineHeight: 1.3, flex: 1, minWidth: 0 }}>
                  {u.name}
                  {u.isSelf ? ' (you)' : ''}
                </Typography>
                <SignInChip hasPassword={u.hasPassword} />
                <ActiveChip active={u.isActive} />
              </Stack>
              <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
                {contact(u)}
              </Typography>
              <Typography variant="body2">{u.role?.name ?? 'No role'}</Typography>
              <Typography variant="caption" color="textSecondary">
                {`Last seen: ${lastSeenText(u.lastSeenAt)}`}
              </Typography>
            </>
          )}
        />
      ) : (
        <ServerDataGrid<StaffUser, StaffSortKey>
          label="Staff users"
          columns={columns}
          rows={q.data?.items ?? []}
          rowCount={q.data?.total ?? 0}
          loading={q.isFetching}
          error={q.isError ? errorMessage(q.error, STAFF_FAILED) : null}
          onRetry={() => void q.refetch()}
          page={view.page}
          limit={view.limit}
          sort={view.sort}
          dir={view.dir}
          onPageChange={view.setPage}
          onSortChange={onSortChange}
          toolbarStart={count}
          autoRowHeight
          empty={empty}
        />
      )}
      {inviting ? (
        <InviteStaffDialog
          key={inviting}
          roles={roles}
          onClose={() => setInviting(0)}
          onInvited={(user) => {
            setInviting(0);
            void navigate(staffPath.staffUser(user.id));
          }}
        />
      ) : null}
    </>
  );
}
