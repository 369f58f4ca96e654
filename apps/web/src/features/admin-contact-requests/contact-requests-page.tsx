// /admin/contact-requests: messages from the public /contact-us form and from stores, in the server-side
// data grid (paging, search, status and source filters kept in the URL), newest first; a row opens the
// message, where staff mark it handled or convert it into a sign-up request. Module 'Support Tickets'.
import SearchIcon from '@mui/icons-material/Search';
import VisibilityIcon from '@mui/icons-material/Visibility';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import { formatPhone } from '@portal/shared/contact/phone';
import {
  CONTACT_REQUEST_SOURCE_FILTERS,
  CONTACT_REQUEST_STATUS_FILTERS,
  CONTACT_REQUEST_STATUS_LABELS,
  type ContactRequestRow,
  type ContactRequestStatus,
} from '@portal/shared/contact/contact-requests.schemas';
import { useEffect, useMemo, useState } from 'react';
import { useAppSelector } from '../../app/hooks';
import { ServerDataGrid } from '../../components/data-grid/server-data-grid';
import { useGridUrlState } from '../../components/data-grid/use-grid-url-state';
import { InputField } from '../../components/input-field';
import { PageTitle } from '../../components/page-title';
import { SECTIONS } from '@portal/shared/layout/menus';
import { SectionTabs } from '../../components/section-tabs';
import { errorMessage } from '../../lib/api';
import { shortDate } from '../../lib/format';
import { useDebounced } from '../../lib/use-debounced';
import { CONTACT_REQUESTS_FAILED, useGetContactRequestsQuery } from './contact-requests.api';
import { ContactRequestDialog } from './contact-request-dialog';

type StatusFilter = (typeof CONTACT_REQUEST_STATUS_FILTERS)[number];
type SourceFilter = (typeof CONTACT_REQUEST_SOURCE_FILTERS)[number];
const STATUS_FILTER_LABELS: Record<StatusFilter, string> = { ...CONTACT_REQUEST_STATUS_LABELS, all: 'All' };
const SOURCE_FILTER_LABELS: Record<SourceFilter, string> = { all: 'All', public: 'Contact us form', store: 'Stores' };
/** On a phone the grid scrolls sideways: who wrote, the status and the open button come first. */
const PHONE_ORDER = ['name', 'status', 'actions', 'createdAt', 'message', 'storeName', 'email', 'phone'];
const STATUS_COLOURS: Record<ContactRequestStatus, 'warning' | 'default' | 'success'> = {
  new: 'warning',
  handled: 'default',
  converted: 'success',
};

function useGrant(module: string) {
  return useAppSelector((s) => s.auth.module.find((m) => m.module === module));
}

export function ContactRequestsPage() {
  const view = useGridUrlState<'createdAt', 'status' | 'source'>({
    sorts: ['createdAt'],
    defaultDir: 'desc',
    filters: {
      status: { values: CONTACT_REQUEST_STATUS_FILTERS, default: 'new' },
      source: { values: CONTACT_REQUEST_SOURCE_FILTERS, default: 'all' },
    },
  });
  const status = view.filters.status as StatusFilter;
  const source = view.filters.source as SourceFilter;
  const q = useGetContactRequestsQuery({ page: view.page, limit: view.limit, status, source, search: view.search || undefined });
  const [searchText, setSearchText] = useState(view.search);
  const settled = useDebounced(searchText);
  useEffect(() => {
    if (settled.trim() !== view.search) view.setSearch(settled.trim());
    // Only a settled change of the box writes the URL.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);
  const canReview = Boolean(useGrant('Support Tickets')?.edit);
  const canConvert = Boolean(useGrant('Retailer Requests')?.add);
  const [openId, setOpenId] = useState<string | null>(null);
  const open = q.data?.items.find((r) => r.id === openId) ?? null;

  const columns = useMemo<GridColDef<ContactRequestRow>[]>(
    () => [
      { field: 'createdAt', headerName: 'Received', width: 115, sortable: false, valueFormatter: (v: string) => shortDate(v) },
      {
        field: 'name',
        headerName: 'From',
        flex: 0.8,
        minWidth: 140,
        sortable: false,
        renderCell: ({ row }) => (
          <Link component="button" type="button" underline="hover" onClick={() => setOpenId(row.id)}>
            {row.name}
          </Link>
        ),
      },
      {
        field: 'storeName',
        headerName: 'Store',
        flex: 0.8,
        minWidth: 130,
        sortable: false,
        valueGetter: (_v, row) => (row.store ? `${row.store.C_Number} · ${row.storeName ?? ''}` : (row.storeName ?? '')),
      },
      { field: 'message', headerName: 'Message', flex: 1.4, minWidth: 200, sortable: false },
      { field: 'email', headerName: 'Email', flex: 0.9, minWidth: 150, sortable: false },
      {
        field: 'phone',
        headerName: 'Phone',
        width: 140,
        sortable: false,
        valueFormatter: (v: string | null) => (v ? (formatPhone(v) ?? v) : ''),
      },
      {
        field: 'status',
        headerName: 'Status',
        width: 110,
        sortable: false,
        renderCell: ({ row }) => (
          <Chip
            size="small"
            variant="outlined"
            color={STATUS_COLOURS[row.status]}
            label={CONTACT_REQUEST_STATUS_LABELS[row.status]}
          />
        ),
      },
      {
        field: 'actions',
        type: 'actions',
        headerName: 'Open',
        width: 70,
        getActions: ({ row }) => [
          <GridActionsCellItem
            key="view"
            icon={<VisibilityIcon />}
            label={`Open the message from ${row.name}`}
            onClick={() => setOpenId(row.id)}
          />,
        ],
      },
    ],
    [],
  );

  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const shownColumns = useMemo(
    () => (phone ? PHONE_ORDER.map((field) => columns.find((c) => c.field === field)!) : columns),
    [phone, columns],
  );

  const filtered = view.search !== '' || status !== 'new' || source !== 'all';
  return (
    <>
      <PageTitle title="Contact Requests" subtitle="Messages from the contact form and from stores" />
      <SectionTabs label="Support Tickets" sections={SECTIONS.support} current="/admin/contact-requests" />
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ mb: 2, alignItems: { md: 'center' }, flexWrap: 'wrap' }}>
        <InputField
          label="Search messages"
          placeholder="Name, email, store or message"
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
          onChange={(_e, value: StatusFilter | null) => value && view.setFilter('status', value)}
          sx={{ flexWrap: 'wrap' }}
        >
          {CONTACT_REQUEST_STATUS_FILTERS.map((s) => (
            <ToggleButton key={s} value={s} sx={{ px: 1.5 }}>
              {STATUS_FILTER_LABELS[s]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={source}
          aria-label="Source"
          onChange={(_e, value: SourceFilter | null) => value && view.setFilter('source', value)}
          sx={{ flexWrap: 'wrap' }}
        >
          {CONTACT_REQUEST_SOURCE_FILTERS.map((s) => (
            <ToggleButton key={s} value={s} sx={{ px: 1.5 }}>
              {SOURCE_FILTER_LABELS[s]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        {q.data && !q.isError ? (
          <Typography variant="body2" color="textSecondary" sx={{ ml: { md: 'auto' } }} aria-live="polite">
            {q.data.total.toLocaleString('en-US')} {q.data.total === 1 ? 'message' : 'messages'}
          </Typography>
        ) : null}
      </Stack>

      <ServerDataGrid<ContactRequestRow, 'createdAt'>
        label="Contact requests"
        columns={shownColumns}
        rows={q.data?.items ?? []}
        rowCount={q.data?.total ?? 0}
        loading={q.isFetching}
        error={q.isError ? errorMessage(q.error, CONTACT_REQUESTS_FAILED) : null}
        onRetry={() => void q.refetch()}
        page={view.page}
        limit={view.limit}
        sort={view.sort}
        dir={view.dir}
        onPageChange={view.setPage}
        onSortChange={() => undefined}
        empty={
          filtered
            ? { title: 'No messages match', hint: 'Try another search, status or source.' }
            : { title: 'No new messages', hint: 'Messages sent from the contact form and by stores appear here.' }
        }
      />
      {open ? (
        <ContactRequestDialog request={open} canReview={canReview} canConvert={canConvert} onClose={() => setOpenId(null)} />
      ) : null}
    </>
  );
}
