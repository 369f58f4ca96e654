// /admin/support-tickets: the stores' tickets in the server-side data grid (paging, sorting and the
// filters kept in the URL: status, assignee, store, age). Tickets the store wrote to last are flagged
// "Store replied"; a row opens the thread.
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { GridColDef } from '@mui/x-data-grid';
import { firstDirection } from '@portal/shared/api/sort';
import {
  TICKET_AGE_DAYS,
  TICKET_CATEGORY_LABELS,
  TICKET_DEFAULT_SORT,
  TICKET_SORT_KEYS,
  TICKET_STATUS_FILTERS,
  ticketLabel,
  type TicketRow,
  type TicketSortKey,
  type TicketStatusFilter,
} from '@portal/shared/support-tickets/support-tickets.schemas';
import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { FilterSelect } from '../../components/data-grid/filter-select';
import { ServerDataGrid } from '../../components/data-grid/server-data-grid';
import { useGridUrlState } from '../../components/data-grid/use-grid-url-state';
import { InputField } from '../../components/input-field';
import { PageTitle } from '../../components/page-title';
import { SECTIONS } from '@portal/shared/layout/menus';
import { SectionTabs } from '../../components/section-tabs';
import { TicketStatusChip } from '../../components/support-thread/ticket-status-chip';
import { errorMessage } from '../../lib/api';
import { shortDate } from '../../lib/format';
import { useDebounced } from '../../lib/use-debounced';
import {
  ADMIN_TICKETS_FAILED,
  ADMIN_TICKETS_PATH,
  useGetAdminTicketsQuery,
  useGetTicketAssigneesQuery,
} from './admin-support-tickets.api';
import { AGE_OPTIONS, STATUS_FILTER_LABELS } from './ticket-bits';

const PHONE_ORDER = ['subject', 'status', 'store', 'number', 'assignee', 'updatedAt', 'category', 'createdAt'];

/** The store box: follows the URL (Back, a link) and writes it once typing pauses. */
function useStoreText(value: string, write: (v: string) => void) {
  const [text, setText] = useState(value);
  const settled = useDebounced(text);
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    if (text.trim() !== value) setText(value);
  }
  useEffect(() => {
    if (settled.trim() !== value) write(settled.trim());
    // Only a settled change of the box writes the URL.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);
  return [text, setText] as const;
}

export function TicketsPage() {
  const view = useGridUrlState<TicketSortKey, 'status' | 'assignee' | 'age'>({
    sorts: TICKET_SORT_KEYS,
    defaultSort: TICKET_DEFAULT_SORT.sort,
    defaultDir: TICKET_DEFAULT_SORT.dir,
    filters: {
      status: { values: TICKET_STATUS_FILTERS, default: 'active' },
      assignee: { default: '' },
      age: { values: ['', ...TICKET_AGE_DAYS.map(String)], default: '' },
    },
  });
  const navigate = useNavigate();
  const status = view.filters.status as TicketStatusFilter;
  const q = useGetAdminTicketsQuery({
    page: view.page,
    limit: view.limit,
    sort: view.sort,
    dir: view.dir,
    status,
    assignee: view.filters.assignee,
    store: view.search,
    age: view.filters.age,
  });
  const staff = useGetTicketAssigneesQuery();
  const [storeText, setStoreText] = useStoreText(view.search, view.setSearch);

  const columns = useMemo<GridColDef<TicketRow>[]>(
    () => [
      { field: 'number', headerName: 'Ticket', width: 90, valueFormatter: (value: number) => ticketLabel(value) },
      {
        field: 'subject',
        headerName: 'Subject',
        flex: 1.4,
        minWidth: 180,
        renderCell: ({ row }) => (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0, height: '100%' }}>
            <Link
              component={RouterLink}
              to={`${ADMIN_TICKETS_PATH}/${encodeURIComponent(row.id)}`}
              underline="hover"
              sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}
            >
              {row.subject}
            </Link>
            {row.lastSide === 'store' && row.messageCount > 1 && row.status !== 'resolved' ? (
              <Chip size="small" color="primary" variant="outlined" label="Store replied" />
            ) : null}
          </Stack>
        ),
      },
      {
        field: 'store',
        headerName: 'Store',
        flex: 1,
        minWidth: 150,
        valueGetter: (_v, row) => `${row.store.name} · ${row.store.C_Number}`,
      },
      {
        field: 'category',
        headerName: 'Category',
        width: 150,
        sortable: false,
        valueFormatter: (value: TicketRow['category']) => TICKET_CATEGORY_LABELS[value],
      },
      { field: 'status', headerName: 'Status', width: 150, renderCell: ({ row }) => <TicketStatusChip status={row.status} /> },
      {
        field: 'assignee',
        headerName: 'Assigned to',
        width: 140,
        sortable: false,
        valueGetter: (_v, row) => row.assignee?.name ?? 'Unassigned',
      },
      { field: 'updatedAt', headerName: 'Last activity', width: 120, valueFormatter: (value: string) => shortDate(value) },
      { field: 'createdAt', headerName: 'Opened', width: 110, valueFormatter: (value: string) => shortDate(value) },
    ],
    [],
  );
  // On a phone the grid scrolls sideways: the subject and its status come first.
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const shownColumns = useMemo(
    () => (phone ? PHONE_ORDER.map((field) => columns.find((c) => c.field === field)!) : columns),
    [phone, columns],
  );
  const assigneeOptions = [
    { value: '', label: 'Anyone' },
    { value: 'me', label: 'Me' },
    { value: 'none', label: 'Unassigned' },
    ...(staff.data ?? []).map((u) => ({ value: u.id, label: u.name })),
  ];
  const filtered = view.search !== '' || status !== 'active' || view.filters.assignee !== '' || view.filters.age !== '';

  return (
    <>
      <PageTitle title="Support Tickets" subtitle="Questions from your stores, and your answers" />
      <SectionTabs label="Support Tickets" sections={SECTIONS.support} current="/admin/support-tickets" />
      <ToggleButtonGroup
        exclusive
        size="small"
        value={status}
        aria-label="Status"
        onChange={(_e, value: TicketStatusFilter | null) => value && view.setFilter('status', value)}
        // One row: on a phone the buttons are a little tighter and the row scrolls if it still does not fit
        // (wrapping left "All" alone on a second line, cut from its group).
        sx={{
          mb: 1.5,
          maxWidth: '100%',
          overflowX: 'auto',
          '& .MuiToggleButton-root': {
            whiteSpace: 'nowrap',
            px: { xs: 0.875, sm: 1.5 },
            fontSize: { xs: '0.78rem', sm: '0.8125rem' },
          },
        }}
      >
        {TICKET_STATUS_FILTERS.map((s) => (
          <ToggleButton key={s} value={s} sx={{ px: 1.5 }}>
            {STATUS_FILTER_LABELS[s]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Box
        role="group"
        aria-label="Filters"
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'minmax(0, 2fr) minmax(0, 1fr) minmax(0, 1fr) auto' },
          alignItems: 'center',
          mb: 2,
        }}
      >
        <Box sx={{ gridColumn: { sm: '1 / -1', md: 'auto' } }}>
          <InputField
            label="Store"
            placeholder="Name or C_Number"
            value={storeText}
            onChange={(ev) => setStoreText(ev.target.value)}
            startAdornment={
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            }
            htmlInput={{ type: 'search' }}
          />
        </Box>
        <FilterSelect
          label="Assigned to"
          value={view.filters.assignee}
          options={assigneeOptions}
          onChange={(v) => view.setFilter('assignee', v)}
        />
        <FilterSelect label="Age" value={view.filters.age} options={AGE_OPTIONS} onChange={(v) => view.setFilter('age', v)} />
        {q.data && !q.isError ? (
          <Typography variant="body2" color="textSecondary" aria-live="polite" sx={{ whiteSpace: 'nowrap' }}>
            {q.data.total.toLocaleString('en-US')} {q.data.total === 1 ? 'ticket' : 'tickets'}
          </Typography>
        ) : null}
      </Box>

      <ServerDataGrid<TicketRow, TicketSortKey>
        label="Support tickets"
        columns={shownColumns}
        rows={q.data?.items ?? []}
        rowCount={q.data?.total ?? 0}
        loading={q.isFetching}
        error={q.isError ? errorMessage(q.error, ADMIN_TICKETS_FAILED) : null}
        onRetry={() => void q.refetch()}
        page={view.page}
        limit={view.limit}
        sort={view.sort}
        dir={view.dir}
        onPageChange={view.setPage}
        onSortChange={(sort, dir) => view.setSort(sort, sort === view.sort ? dir : firstDirection(sort))}
        onRowClick={(row) => void navigate(`${ADMIN_TICKETS_PATH}/${encodeURIComponent(row.id)}`)}
        empty={
          filtered
            ? { title: 'No tickets match', hint: 'Try another status, store, assignee or age.' }
            : { title: 'No open tickets', hint: 'Tickets your stores open from their Contact Us page appear here.' }
        }
      />
    </>
  );
}
