// /admin/retailer-requests: the sign-up queue in the server-side data grid (paging, sorting, search and
// the status filter kept in the URL), each request flagged when it looks like an existing store or
// another open request; a row opens the request, where it is approved or rejected.
import AddIcon from '@mui/icons-material/PersonAddAlt1';
import EditIcon from '@mui/icons-material/Edit';
import SearchIcon from '@mui/icons-material/Search';
import VisibilityIcon from '@mui/icons-material/Visibility';
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
import { firstDirection } from '@portal/shared/api/sort';
import { formatPhone } from '@portal/shared/contact/phone';
import {
  REQUEST_DEFAULT_SORT,
  REQUEST_SORT_KEYS,
  REQUEST_STATUS_FILTERS,
  type RequestRow,
  type RequestSortKey,
  type RequestStatusFilter,
} from '@portal/shared/retailer-requests/retailer-requests.schemas';
import { useMemo } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ServerDataGrid } from '../../components/data-grid/server-data-grid';
import { useGridUrlState } from '../../components/data-grid/use-grid-url-state';
import { InputField } from '../../components/input-field';
import { PageTitle } from '../../components/page-title';
import { errorMessage } from '../../lib/api';
import { shortDate } from '../../lib/format';
import { useDebouncedSearch } from '../../components/data-grid/use-debounced-search';
import { REQUESTS_FAILED, useGetRetailerRequestsQuery } from './retailer-requests.api';
import { BASE_PATH, DuplicateMarker, RequestStatusChip, useRequestPermissions } from './request-bits';

const STATUS_FILTER_LABELS: Record<RequestStatusFilter, string> = {
  open: 'Open',
  unverified: 'Unverified',
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  all: 'All',
};
const PHONE_ORDER = ['storeName', 'actions', 'status', 'duplicateFields', 'ownerName', 'phone', 'email', 'city', 'createdAt'];

export function RequestsPage() {
  const view = useGridUrlState<RequestSortKey, 'status'>({
    sorts: REQUEST_SORT_KEYS,
    defaultSort: REQUEST_DEFAULT_SORT.sort,
    defaultDir: REQUEST_DEFAULT_SORT.dir,
    filters: { status: { values: REQUEST_STATUS_FILTERS, default: 'open' } },
  });
  const { canAdd, canEdit } = useRequestPermissions();
  const navigate = useNavigate();
  const status = view.filters.status as RequestStatusFilter;
  const q = useGetRetailerRequestsQuery({
    page: view.page,
    limit: view.limit,
    sort: view.sort,
    dir: view.dir,
    search: view.search,
    status,
  });
  const { searchText, setSearchText } = useDebouncedSearch(view);

  const columns = useMemo<GridColDef<RequestRow>[]>(
    () => [
      {
        field: 'storeName',
        headerName: 'Store',
        flex: 1,
        minWidth: 150,
        renderCell: ({ row }) => (
          <Link component={RouterLink} to={`${BASE_PATH}/view/${encodeURIComponent(row.id)}`} underline="hover">
            {row.storeName}
          </Link>
        ),
      },
      { field: 'ownerName', headerName: 'Owner', flex: 0.8, minWidth: 110 },
      {
        field: 'duplicateFields',
        headerName: 'Duplicates',
        width: 115,
        sortable: false,
        renderCell: ({ row }) => <DuplicateMarker fields={row.duplicateFields} />,
      },
      { field: 'email', headerName: 'Email', flex: 1, minWidth: 130, sortable: false },
      {
        field: 'phone',
        headerName: 'Phone',
        width: 150,
        sortable: false,
        valueFormatter: (value: string) => formatPhone(value) ?? value,
      },
      { field: 'city', headerName: 'City', width: 110 },
      {
        field: 'status',
        headerName: 'Status',
        width: 105,
        renderCell: ({ row }) => <RequestStatusChip status={row.status} />,
      },
      {
        field: 'createdAt',
        headerName: 'Received',
        width: 120,
        valueFormatter: (value: string) => shortDate(value),
      },
      {
        field: 'actions',
        type: 'actions',
        headerName: 'Actions',
        width: 80,
        getActions: ({ row }) => {
          const items = [
            <GridActionsCellItem
              key="view"
              icon={<VisibilityIcon />}
              label={`View ${row.storeName}`}
              onClick={() => void navigate(`${BASE_PATH}/view/${encodeURIComponent(row.id)}`)}
            />,
          ];
          if (canEdit && row.status === 'pending') {
            items.push(
              <GridActionsCellItem
                key="edit"
                icon={<EditIcon />}
                label={`Edit ${row.storeName}`}
                onClick={() => void navigate(`${BASE_PATH}/edit/${encodeURIComponent(row.id)}`)}
              />,
            );
          }
          return items;
        },
      },
    ],
    [canEdit, navigate],
  );
  // On a phone the grid scrolls sideways: the store, its actions, status and marker come first.
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const shownColumns = useMemo(
    () => (phone ? PHONE_ORDER.map((field) => columns.find((c) => c.field === field)!) : columns),
    [phone, columns],
  );

  const filtered = view.search !== '' || status !== 'open';
  const addButton = canAdd ? (
    <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={`${BASE_PATH}/add`}>
      Add request
    </Button>
  ) : null;

  return (
    <>
      <PageTitle title="Retailer Requests" subtitle="Stores asking to order from you" actions={addButton} />
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ mb: 2, alignItems: { md: 'center' } }}>
        <InputField
          label="Search requests"
          placeholder="Store, owner, email, phone or city"
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
          size="small"
          value={status}
          aria-label="Status"
          onChange={(_e, value: RequestStatusFilter | null) => value && view.setFilter('status', value)}
          sx={{ flexWrap: 'wrap' }}
        >
          {REQUEST_STATUS_FILTERS.map((s) => (
            <ToggleButton key={s} value={s} sx={{ px: 1.5 }}>
              {STATUS_FILTER_LABELS[s]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        {q.data && !q.isError ? (
          <Typography variant="body2" color="textSecondary" sx={{ ml: { md: 'auto' } }} aria-live="polite">
            {q.data.total.toLocaleString('en-US')} {q.data.total === 1 ? 'request' : 'requests'}
          </Typography>
        ) : null}
      </Stack>

      <ServerDataGrid<RequestRow, RequestSortKey>
        label="Retailer requests"
        columns={shownColumns}
        rows={q.data?.items ?? []}
        rowCount={q.data?.total ?? 0}
        loading={q.isFetching}
        error={q.isError ? errorMessage(q.error, REQUESTS_FAILED) : null}
        onRetry={() => void q.refetch()}
        page={view.page}
        limit={view.limit}
        sort={view.sort}
        dir={view.dir}
        onPageChange={view.setPage}
        onSortChange={(sort, dir) => view.setSort(sort, sort === view.sort ? dir : firstDirection(sort))}
        empty={
          filtered
            ? { title: 'No requests match', hint: 'Try another search or status.' }
            : { title: 'No requests waiting', hint: 'Stores that sign up appear here once they verify their email.' }
        }
      />
    </>
  );
}
