// /admin/notifications (Notifications module): New notification opens the composer (add grant); the
// history below is the server-side data grid (paging, sorting by send time, title, recipients or reads,
// search in title and message, status and kind filters, all kept in the URL) with each one's audience,
// status, time, recipients, reads (readCount of recipients) and pushes delivered; a scheduled one can be
// cancelled after a confirmation (edit grant).
import AddIcon from '@mui/icons-material/Add';
import CancelScheduleSendIcon from '@mui/icons-material/CancelScheduleSend';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import {
  NOTIFICATION_KINDS,
  NOTIFICATION_MESSAGES as M,
  NOTIFICATION_SORT_KEYS,
  NOTIFICATION_STATUSES,
  type NotificationKind,
  type NotificationStatus,
  type SentNotification,
} from '@portal/shared/notifications/notifications.schemas';
import { useMemo, useState } from 'react';
import { audienceSummary } from '../../components/audience-picker';
import { FilterSelect } from '../../components/data-grid/filter-select';
import { ServerDataGrid } from '../../components/data-grid/server-data-grid';
import { useDebouncedSearch } from '../../components/data-grid/use-debounced-search';
import { useGridUrlState } from '../../components/data-grid/use-grid-url-state';
import { ConfirmModal } from '../../components/form-modal';
import { InputField } from '../../components/input-field';
import { EmptyState } from '../../components/list-states';
import { PageTitle } from '../../components/page-title';
import { errorMessage } from '../../lib/api';
import { dateTime } from '../../lib/format';
import { notify } from '../../lib/notify';
import { useModuleGrant } from '../../lib/permissions';
import { NotificationComposer } from './notification-composer';
import {
  CANCEL_NOTIFICATION_FAILED,
  SENT_NOTIFICATIONS_FAILED,
  useCancelNotificationMutation,
  useGetSentNotificationsQuery,
} from './notifications.api';

type SortKey = (typeof NOTIFICATION_SORT_KEYS)[number];
type StatusFilter = NotificationStatus | 'all';
type KindFilter = NotificationKind | 'all';

const STATUS_FILTERS = ['all', ...NOTIFICATION_STATUSES] as const;
const STATUS_LABELS: Record<StatusFilter, string> = { all: 'All', scheduled: 'Scheduled', sent: 'Sent', cancelled: 'Cancelled' };
const STATUS_COLOURS: Record<NotificationStatus, 'info' | 'success' | 'default'> = {
  scheduled: 'info',
  sent: 'success',
  cancelled: 'default',
};
/** What the office calls each kind (the retailer's settings use NOTIFICATION_KIND_LABELS). */
export const KIND_LABELS: Record<NotificationKind, string> = {
  message: 'Message',
  orderStatus: 'Order status',
  signupApproved: 'Account approval',
  ticketReply: 'Ticket reply',
  orderReminder: 'Order reminder',
};
const KIND_OPTIONS = [
  { value: 'all', label: 'All kinds' },
  ...NOTIFICATION_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] })),
];
const PHONE_ORDER = ['title', 'status', 'readCount', 'actions', 'sendAt', 'audience', 'recipients', 'pushDelivered', 'kind'];

/** "5 of 12 (42%)": how many recipients read it. */
export function readText(n: Pick<SentNotification, 'readCount' | 'recipients'>): string {
  const share = n.recipients > 0 ? Math.round((100 * n.readCount) / n.recipients) : 0;
  return `${n.readCount} of ${n.recipients} (${share}%)`;
}

export function NotificationsPage() {
  const grant = useModuleGrant('Notifications');
  const view = useGridUrlState<SortKey, 'status' | 'kind'>({
    sorts: NOTIFICATION_SORT_KEYS,
    defaultSort: 'sendAt',
    defaultDir: 'desc',
    filters: {
      status: { values: STATUS_FILTERS, default: 'all' },
      kind: { values: ['all', ...NOTIFICATION_KINDS], default: 'all' },
    },
  });
  const status = view.filters.status as StatusFilter;
  const kind = view.filters.kind as KindFilter;
  const q = useGetSentNotificationsQuery(
    { page: view.page, limit: view.limit, sort: view.sort, dir: view.dir, search: view.search, status, kind },
    { skip: !grant.view },
  );
  const { searchText, setSearchText } = useDebouncedSearch(view);
  const [composing, setComposing] = useState(0);
  const [cancelling, setCancelling] = useState<SentNotification | null>(null);

  const columns = useMemo<GridColDef<SentNotification>[]>(
    () => [
      {
        field: 'title',
        headerName: 'Notification',
        flex: 1.5,
        minWidth: 220,
        renderCell: ({ row }) => (
          <Box sx={{ height: '100%', minWidth: 0, display: 'flex', flexDirection: 'column', justifyContent: 'center' }}>
            <Typography variant="body2" sx={{ fontWeight: 500, lineHeight: 1.35 }} noWrap>
              {row.title}
            </Typography>
            <Typography variant="caption" color="textSecondary" component="div" noWrap>
              {row.body}
            </Typography>
          </Box>
        ),
      },
      {
        field: 'kind',
        headerName: 'Kind',
        width: 130,
        sortable: false,
        valueFormatter: (v: NotificationKind) => KIND_LABELS[v] ?? v,
      },
      {
        field: 'audience',
        headerName: 'Audience',
        flex: 0.8,
        minWidth: 140,
        sortable: false,
        valueGetter: (_v, row) => audienceSummary(row.audienceType, row.audienceValues),
      },
      {
        field: 'status',
        headerName: 'Status',
        width: 115,
        sortable: false,
        renderCell: ({ row }) => (
          <Chip size="small" variant="outlined" color={STATUS_COLOURS[row.status]} label={STATUS_LABELS[row.status]} />
        ),
      },
      {
        field: 'sendAt',
        headerName: 'Sent / due',
        width: 175,
        valueGetter: (_v, row) => row.sentAt ?? row.sendAt,
        valueFormatter: (v: string) => dateTime(v),
      },
      { field: 'recipients', headerName: 'Recipients', type: 'number', width: 105 },
      {
        field: 'readCount',
        headerName: 'Read',
        width: 150,
        renderCell: ({ row }) => (
          <Box
            sx={{ width: '100%', height: '100%', display: 'flex', flexDirection: 'column', justifyContent: 'center' }}
            aria-label={`Read by ${readText(row)}`}
          >
            <Typography variant="body2" sx={{ lineHeight: 1.35 }}>
              {readText(row)}
            </Typography>
            <LinearProgress
              variant="determinate"
              value={row.recipients > 0 ? (100 * row.readCount) / row.recipients : 0}
              sx={{ height: 4, borderRadius: 2, mt: 0.5 }}
            />
          </Box>
        ),
      },
      { field: 'pushDelivered', headerName: 'Pushes', type: 'number', width: 90, sortable: false },
      {
        field: 'actions',
        type: 'actions',
        headerName: 'Cancel',
        width: 75,
        getActions: ({ row }) =>
          row.status === 'scheduled' && grant.edit
            ? [
                <GridActionsCellItem
                  key="cancel"
                  icon={<CancelScheduleSendIcon />}
                  label={`Cancel ${row.title}`}
                  onClick={() => setCancelling(row)}
                />,
              ]
            : [],
      },
    ],
    [grant.edit],
  );
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const shownColumns = useMemo(
    () => (phone ? PHONE_ORDER.map((field) => columns.find((c) => c.field === field)!) : columns),
    [phone, columns],
  );

  const newButton = grant.add ? (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setComposing((k) => k + 1)}>
      New notification
    </Button>
  ) : null;
  const filtered = view.search !== '' || status !== 'all' || kind !== 'all';

  return (
    <>
      <PageTitle title="Notifications" subtitle="Messages to your stores, and who has read them" actions={newButton} />
      {!grant.view ? (
        <EmptyState title="You do not have view permission for Notifications" />
      ) : (
        <>
          <Box
            role="group"
            aria-label="Filters"
            sx={{
              display: 'grid',
              gap: 1.5,
              gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) auto minmax(160px, 1fr) auto' },
              alignItems: 'center',
              mb: 2,
            }}
          >
            <InputField
              label="Search notifications"
              placeholder="Title or message"
              value={searchText}
              onChange={(ev) => setSearchText(ev.target.value)}
              startAdornment={
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              }
              htmlInput={{ type: 'search' }}
            />
            <ToggleButtonGroup
              exclusive
              size="small"
              value={status}
              aria-label="Status"
              onChange={(_e, value: StatusFilter | null) => value && view.setFilter('status', value)}
              sx={{ flexWrap: 'wrap', justifySelf: 'start' }}
            >
              {STATUS_FILTERS.map((s) => (
                <ToggleButton key={s} value={s} sx={{ px: 1.5 }}>
                  {STATUS_LABELS[s]}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
            <FilterSelect label="Kind" value={kind} options={KIND_OPTIONS} onChange={(v) => view.setFilter('kind', v)} />
            {q.data && !q.isError ? (
              <Typography variant="body2" color="textSecondary" sx={{ whiteSpace: 'nowrap' }} aria-live="polite">
                {q.data.total.toLocaleString('en-US')} {q.data.total === 1 ? 'notification' : 'notifications'}
              </Typography>
            ) : null}
          </Box>
          <ServerDataGrid<SentNotification, SortKey>
            label="Sent notifications"
            columns={shownColumns}
            rows={q.data?.items ?? []}
            rowCount={q.data?.total ?? 0}
            loading={q.isFetching}
            error={q.isError ? errorMessage(q.error, SENT_NOTIFICATIONS_FAILED) : null}
            onRetry={() => void q.refetch()}
            page={view.page}
            limit={view.limit}
            sort={view.sort}
            dir={view.dir}
            onPageChange={view.setPage}
            onSortChange={(sort, dir) => view.setSort(sort, dir)}
            empty={
              filtered
                ? { title: 'No notifications match', hint: 'Try another search, status or kind.' }
                : {
                    title: 'No notifications sent yet',
                    hint: 'Send your stores a message: it reaches their bell, and their phones where push is on.',
                    action: newButton,
                  }
            }
          />
        </>
      )}
      {composing > 0 ? <NotificationComposer key={composing} onClose={() => setComposing(0)} /> : null}
      {cancelling ? <CancelDialog notification={cancelling} onClose={() => setCancelling(null)} /> : null}
    </>
  );
}

function CancelDialog({ notification, onClose }: { notification: SentNotification; onClose: () => void }) {
  const [cancel, state] = useCancelNotificationMutation();
  const [refusal, setRefusal] = useState<string | null>(null);
  const confirm = async () => {
    try {
      const answer = await cancel(notification.id).unwrap();
      notify.success(answer.message || M.cancelled);
      onClose();
    } catch (err) {
      setRefusal(errorMessage(err, CANCEL_NOTIFICATION_FAILED));
    }
  };
  return (
    <ConfirmModal
      title="Cancel scheduled notification"
      confirmLabel="Cancel notification"
      busy={state.isLoading}
      refusal={refusal}
      onConfirm={() => void confirm()}
      onClose={onClose}
      size="sm"
    >
      {`Cancel “${notification.title}”, due ${dateTime(notification.sendAt)}? It will not be sent.`}
    </ConfirmModal>
  );
}
