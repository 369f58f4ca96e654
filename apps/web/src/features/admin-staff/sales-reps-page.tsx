// /admin/permissions/sales-reps: the distributor's sales reps in the server-side data grid (paging,
// sorting, search and status in the URL), cards on a phone: code, name, sign-in, customers and the sales
// modules granted. Each rep opens its page (modules, customers, deactivate). With User Management add,
// New sales rep creates a rep and invites its sign-in.
import PersonAddIcon from '@mui/icons-material/PersonAddAlt1';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { GridColDef } from '@mui/x-data-grid';
import { formatPhone } from '@portal/shared/contact/phone';
import { SALES_REP_SORT_KEYS, staffFirstDirection, type SalesRepSortKey } from '@portal/shared/staff/staff-sort';
import type { SalesRep } from '@portal/shared/staff/staff.schemas';
import { useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { FilterSelect } from '../../components/data-grid/filter-select';
import { ServerDataGrid } from '../../components/data-grid/server-data-grid';
import { useServerGridControls } from '../../components/data-grid/use-server-grid-controls';
import { SearchField } from '../../components/list-controls';
import { PageTitle } from '../../components/page-title';
import { errorMessage } from '../../lib/api';
import { REP_CHANGE_FAILED, REPS_FAILED, useGetSalesRepsQuery, useSetSalesRepActiveMutation } from './admin-staff.api';
import { NewSalesRepDialog } from './new-sales-rep-dialog';
import { ActiveChip, CardList, lastSeenText, SignInChip, TwoLines, UserManagementTabs } from './staff-bits';
import { staffPath, useRepListView, useUserManagementGrant } from './staff-list-view';

const SORT_LABELS: Record<SalesRepSortKey, string> = { name: 'Name', code: 'Code', customers: 'Customers' };

/** The rep's sign-in in words. */
export function signInText(rep: SalesRep): string {
  if (!rep.user) return 'No sign-in';
  if (!rep.user.hasPassword) return 'Invited';
  return rep.user.lastSeenAt ? `Last seen ${lastSeenText(rep.user.lastSeenAt)}` : 'Never signed in';
}

function Modules({ modules }: { modules: readonly string[] }) {
  if (!modules.length)
    return (
      <Typography variant="body2" color="textSecondary" component="span">
        None
      </Typography>
    );
  return (
    <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 0.5, py: 0.5 }}>
      {modules.map((m) => (
        <Chip key={m} size="small" label={m} />
      ))}
    </Stack>
  );
}

export function SalesRepsPage() {
  const { view, params } = useRepListView();
  const { canAdd } = useUserManagementGrant();
  const q = useGetSalesRepsQuery(params);
  const [setActive] = useSetSalesRepActiveMutation();
  const { searchText, setSearchText } = useServerGridControls({ view, setActive, activeFailed: REP_CHANGE_FAILED });
  const [creating, setCreating] = useState(0);
  const navigate = useNavigate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

  const columns = useMemo<GridColDef<SalesRep>[]>(
    () => [
      { field: 'code', headerName: 'Code', width: 90 },
      {
        field: 'name',
        headerName: 'Name',
        flex: 1,
        minWidth: 170,
        renderCell: ({ row }) => (
          <TwoLines
            first={
              <Link component={RouterLink} to={staffPath.rep(row.id)} underline="hover" sx={{ fontWeight: 600 }}>
                {row.name}
              </Link>
            }
            second={[row.email, formatPhone(row.phone)].filter(Boolean).join(' · ')}
          />
        ),
      },
      {
        field: 'signIn',
        headerName: 'Sign-in',
        width: 190,
        sortable: false,
        renderCell: ({ row }) => <TwoLines first={signInText(row)} />,
      },
      { field: 'customers', headerName: 'Customers', type: 'number', width: 110, valueGetter: (_v, row) => row.customerCount },
      {
        field: 'role',
        headerName: 'Sales role',
        width: 160,
        sortable: false,
        valueGetter: (_v, row) => row.role?.name ?? 'None',
      },
      {
        field: 'modules',
        headerName: 'Modules',
        flex: 1,
        minWidth: 240,
        sortable: false,
        renderCell: ({ row }) => <Modules modules={row.modules} />,
      },
      {
        field: 'isActive',
        headerName: 'Status',
        width: 100,
        sortable: false,
        renderCell: ({ row }) => <ActiveChip active={row.isActive} />,
      },
    ],
    [],
  );

  const filtered = view.search !== '' || view.filters.status !== 'active';
  const empty = filtered
    ? { title: 'No sales reps match', hint: 'Try another search or clear the filters.' }
    : { title: 'No sales reps yet', hint: canAdd ? 'Add your first rep with New sales rep.' : undefined };
  const add = canAdd ? (
    <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setCreating(Date.now())} sx={{ flexShrink: 0 }}>
      New sales rep
    </Button>
  ) : null;
  const count =
    q.data && !q.isError ? (
      <Typography variant="body2" color="textSecondary" aria-live="polite" sx={{ whiteSpace: 'nowrap' }}>
        {q.data.total.toLocaleString('en-US')} {q.data.total === 1 ? 'sales rep' : 'sales reps'}
      </Typography>
    ) : null;
  const onSortChange = (sort: SalesRepSortKey, dir: 'asc' | 'desc') =>
    view.setSort(sort, sort === view.sort ? dir : staffFirstDirection(sort));

  return (
    <>
      <PageTitle
        title="User Management"
        subtitle="Sales reps: their sign-in, optional menu items and customers"
        actions={phone ? null : add}
      />
      <UserManagementTabs />
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 360px) 160px' },
          alignItems: 'start',
          mb: 2,
        }}
      >
        <SearchField
          label="Search sales reps"
          placeholder="Name, code, email or phone"
          value={searchText}
          onChange={setSearchText}
          sx={{ width: '100%' }}
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
        {phone ? add : null}
      </Box>
      {phone ? (
        <CardList<SalesRep, SalesRepSortKey>
          label="Sales reps"
          rows={q.data?.items ?? []}
          total={q.data?.total ?? 0}
          loading={q.isFetching}
          error={q.isError ? errorMessage(q.error, REPS_FAILED) : null}
          onRetry={() => void q.refetch()}
          page={view.page}
          limit={view.limit}
          sort={view.sort}
          dir={view.dir}
          sorts={SALES_REP_SORT_KEYS}
          sortLabels={SORT_LABELS}
          onPageChange={view.setPage}
          onSortChange={onSortChange}
          count={count}
          empty={empty}
          to={(r) => staffPath.rep(r.id)}
          card={(r) => (
            <>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography variant="caption" color="textSecondary" component="div">
                    {r.code}
                  </Typography>
                  <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
                    {r.name}
                  </Typography>
                </Box>
                {r.user ? <SignInChip hasPassword={r.user.hasPassword} /> : null}
                <ActiveChip active={r.isActive} />
              </Stack>
              <Typography variant="body2" color="textSecondary">
                {`${r.customerCount} ${r.customerCount === 1 ? 'customer' : 'customers'} · ${signInText(r)}`}
              </Typography>
              <Modules modules={r.modules} />
            </>
          )}
        />
      ) : (
        <ServerDataGrid<SalesRep, SalesRepSortKey>
          label="Sales reps"
          columns={columns}
          rows={q.data?.items ?? []}
          rowCount={q.data?.total ?? 0}
          loading={q.isFetching}
          error={q.isError ? errorMessage(q.error, REPS_FAILED) : null}
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
      {creating ? (
        <NewSalesRepDialog
          key={creating}
          onClose={() => setCreating(0)}
          onCreated={(rep) => {
            setCreating(0);
            void navigate(staffPath.rep(rep.id));
          }}
        />
      ) : null}
    </>
  );
}
