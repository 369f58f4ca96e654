// /admin/back-office: connecting the distributor's other systems (docs/webhooks.md). Webhook endpoints in a
// server-paged grid (add, edit, delete after a confirmation, send a test, a new secret), the signing secret
// shown once, the delivery history (status, attempts, last answer or error) in a second grid filtered by
// endpoint and status, and the accounting exports with a period picker. Actions follow the Back Office grant.
import AddLinkIcon from '@mui/icons-material/AddLink';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import KeyIcon from '@mui/icons-material/Key';
import SendIcon from '@mui/icons-material/Send';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import {
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENT_LABELS,
  type WebhookDelivery,
  type WebhookDeliverySortKey,
  type WebhookDeliveryStatus,
  type WebhookEndpoint,
  type WebhookEvent,
} from '@portal/shared/webhooks/webhooks.schemas';
import { useMemo, useState } from 'react';
import { ConfirmModal } from '../../components/form-modal';
import { ServerDataGrid } from '../../components/data-grid/server-data-grid';
import { PageTitle } from '../../components/page-title';
import { errorMessage } from '../../lib/api';
import { dateTime } from '../../lib/format';
import { notify } from '../../lib/notify';
import { useModuleGrant } from '../../lib/permissions';
import {
  DELIVERIES_FAILED,
  ENDPOINT_DELETE_FAILED,
  ENDPOINTS_FAILED,
  TEST_FAILED,
  useDeleteWebhookEndpointMutation,
  useGetWebhookDeliveriesQuery,
  useGetWebhookEndpointsQuery,
  useRotateWebhookSecretMutation,
  useTestWebhookEndpointMutation,
} from './back-office.api';
import { ExportsPanel } from './exports-panel';
import { SecretDialog } from './secret-dialog';
import { WebhookFormDialog } from './webhook-form-dialog';
import { SECTIONS } from '@portal/shared/layout/menus';
import { SectionTabs } from '../../components/section-tabs';

export const deleteQuestion = (url: string) =>
  `Delete the endpoint ${url}? Its delivery history goes with it and queued deliveries are not sent.`;
export const rotateQuestion = (url: string) =>
  `Create a new signing secret for ${url}? The current secret stops working at once.`;

const PHONE_ORDER = ['url', 'actions', 'isActive', 'lastDelivery', 'events', 'secretHint'];
const ROTATE_FAILED = 'Failed to create a new secret';

const STATUS_COLORS: Record<WebhookDeliveryStatus, 'default' | 'info' | 'success' | 'error'> = {
  queued: 'info',
  sending: 'info',
  delivered: 'success',
  failed: 'error',
};
const STATUS_LABELS: Record<WebhookDeliveryStatus, string> = {
  queued: 'Queued',
  sending: 'Sending',
  delivered: 'Delivered',
  failed: 'Failed',
};
const eventLabel = (event: string) =>
  event === 'webhook.test' ? 'Test' : (WEBHOOK_EVENT_LABELS[event as WebhookEvent] ?? event);

function StatusChip({ status }: { status: WebhookDeliveryStatus }) {
  return <Chip size="small" variant="outlined" color={STATUS_COLORS[status]} label={STATUS_LABELS[status]} />;
}

type Dialog =
  | { kind: 'form'; endpoint: WebhookEndpoint | null; key: number }
  | { kind: 'delete'; endpoint: WebhookEndpoint }
  | { kind: 'rotate'; endpoint: WebhookEndpoint }
  | { kind: 'secret'; url: string; secret: string }
  | null;

export function BackOfficePage() {
  const grant = useModuleGrant('Back Office');
  const [endpointPage, setEndpointPage] = useState({ page: 1, limit: 10 });
  const [history, setHistory] = useState<{
    page: number;
    limit: number;
    endpointId: string;
    status: '' | WebhookDeliveryStatus;
    sort: WebhookDeliverySortKey;
    dir: 'asc' | 'desc';
  }>({ page: 1, limit: 10, endpointId: '', status: '', sort: 'createdAt', dir: 'desc' });
  const endpoints = useGetWebhookEndpointsQuery(endpointPage);
  // While a delivery is queued or being sent, look again every 3 s, so a test's outcome shows up by itself.
  const [pending, setPending] = useState(false);
  const deliveries = useGetWebhookDeliveriesQuery(
    {
      page: history.page,
      limit: history.limit,
      endpointId: history.endpointId || undefined,
      status: history.status || undefined,
      sort: history.sort,
      dir: history.dir,
    },
    { pollingInterval: pending ? 3000 : 0 },
  );
  const nowPending = deliveries.data?.items.some((d) => d.status === 'queued' || d.status === 'sending') ?? false;
  if (nowPending !== pending) setPending(nowPending);
  const [remove, removing] = useDeleteWebhookEndpointMutation();
  const [rotate, rotating] = useRotateWebhookSecretMutation();
  const [test] = useTestWebhookEndpointMutation();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const close = () => {
    setDialog(null);
    setRefusal(null);
  };

  const sendTest = async (endpoint: WebhookEndpoint) => {
    try {
      const answer = await test(endpoint.id).unwrap();
      notify.success(answer.message);
      setHistory((h) => ({ ...h, page: 1 }));
    } catch (err) {
      notify.error(errorMessage(err, TEST_FAILED));
    }
  };

  const endpointColumns = useMemo<GridColDef<WebhookEndpoint>[]>(
    () => [
      {
        field: 'url',
        headerName: 'Endpoint',
        flex: 1.6,
        minWidth: 240,
        renderCell: ({ row }) => (
          <Stack sx={{ py: 0.5, minWidth: 0 }}>
            <Typography variant="body2" noWrap title={row.url}>
              {row.url}
            </Typography>
            {row.description ? (
              <Typography variant="caption" color="textSecondary" noWrap>
                {row.description}
              </Typography>
            ) : null}
          </Stack>
        ),
      },
      {
        field: 'events',
        headerName: 'Events',
        flex: 1.4,
        minWidth: 200,
        valueGetter: (_v, row) => row.events.map(eventLabel).join(', '),
      },
      {
        field: 'isActive',
        headerName: 'Status',
        width: 100,
        renderCell: ({ row }) => (
          <Chip
            size="small"
            variant="outlined"
            color={row.isActive ? 'success' : 'default'}
            label={row.isActive ? 'Active' : 'Paused'}
          />
        ),
      },
      {
        field: 'lastDelivery',
        headerName: 'Last delivery',
        width: 250,
        renderCell: ({ row }) =>
          row.lastDelivery ? (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: '100%' }}>
              <StatusChip status={row.lastDelivery.status} />
              <Typography variant="caption">{dateTime(row.lastDelivery.at)}</Typography>
            </Stack>
          ) : (
            'None yet'
          ),
      },
      { field: 'secretHint', headerName: 'Secret', width: 100, valueFormatter: (v: string) => `…${v}` },
      {
        field: 'actions',
        type: 'actions',
        headerName: 'Actions',
        width: 170,
        getActions: ({ row }) => {
          const items = [];
          if (grant.edit) {
            items.push(
              <GridActionsCellItem
                key="test"
                icon={<SendIcon />}
                label={`Send a test to ${row.url}`}
                disabled={!row.isActive}
                onClick={() => void sendTest(row)}
              />,
              <GridActionsCellItem
                key="edit"
                icon={<EditIcon />}
                label={`Edit ${row.url}`}
                onClick={() => setDialog({ kind: 'form', endpoint: row, key: Date.now() })}
              />,
              <GridActionsCellItem
                key="rotate"
                icon={<KeyIcon />}
                label={`New secret for ${row.url}`}
                onClick={() => setDialog({ kind: 'rotate', endpoint: row })}
              />,
            );
          }
          if (grant.delete) {
            items.push(
              <GridActionsCellItem
                key="delete"
                icon={<DeleteIcon />}
                label={`Delete ${row.url}`}
                onClick={() => setDialog({ kind: 'delete', endpoint: row })}
              />,
            );
          }
          return items;
        },
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [grant.edit, grant.delete],
  );

  const deliveryColumns = useMemo<GridColDef<WebhookDelivery>[]>(
    () => [
      { field: 'createdAt', headerName: 'Created', width: 170, valueFormatter: (v: string) => dateTime(v) },
      { field: 'event', headerName: 'Event', width: 170, valueFormatter: (v: string) => eventLabel(v) },
      { field: 'endpointUrl', headerName: 'Endpoint', flex: 1, minWidth: 200 },
      { field: 'status', headerName: 'Status', width: 120, renderCell: ({ row }) => <StatusChip status={row.status} /> },
      { field: 'attempts', headerName: 'Attempts', type: 'number', width: 90 },
      {
        field: 'lastError',
        headerName: 'Last answer',
        flex: 1,
        minWidth: 200,
        sortable: false,
        valueGetter: (_v, row) =>
          row.lastError ?? (row.lastStatusCode ? `HTTP ${row.lastStatusCode}` : row.status === 'queued' ? 'Waiting to send' : ''),
      },
      {
        field: 'nextAttemptAt',
        headerName: 'Next attempt',
        width: 170,
        valueFormatter: (v: string | null) => (v ? dateTime(v) : ''),
      },
    ],
    [],
  );

  // On a phone the grids scroll sideways: the address, its actions and status come first, within reach.
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const shownEndpointColumns = useMemo(
    () => (phone ? PHONE_ORDER.map((field) => endpointColumns.find((c) => c.field === field)!) : endpointColumns),
    [phone, endpointColumns],
  );

  const addButton = grant.add ? (
    <Button
      variant="contained"
      startIcon={<AddLinkIcon />}
      onClick={() => setDialog({ kind: 'form', endpoint: null, key: Date.now() })}
    >
      Add endpoint
    </Button>
  ) : null;

  return (
    <>
      <PageTitle title="Back Office" subtitle="Connect your accounting and other systems" actions={addButton} />
      <SectionTabs label="Settings" sections={SECTIONS.settings} />
      <Stack spacing={3}>
        <Paper variant="outlined" component="section" aria-labelledby="webhooks-heading" sx={{ p: 2 }}>
          <Typography id="webhooks-heading" variant="h6" component="h2">
            Webhooks
          </Typography>
          <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
            We POST signed JSON to these addresses when orders are placed or change status, customers are created or changed, and
            payments are recorded. Failed deliveries are retried for about 15 minutes.
          </Typography>
          <ServerDataGrid<WebhookEndpoint, string>
            label="Webhook endpoints"
            columns={shownEndpointColumns}
            rows={endpoints.data?.items ?? []}
            rowCount={endpoints.data?.total ?? 0}
            loading={endpoints.isFetching}
            error={endpoints.isError ? errorMessage(endpoints.error, ENDPOINTS_FAILED) : null}
            onRetry={() => void endpoints.refetch()}
            page={endpointPage.page}
            limit={endpointPage.limit}
            pageSizes={[10, 25]}
            onPageChange={(page, limit) => setEndpointPage({ page, limit })}
            empty={{
              title: 'No endpoints yet',
              hint: grant.add ? 'Add the address of your accounting or ERP system with Add endpoint.' : undefined,
            }}
          />
        </Paper>

        <Paper variant="outlined" component="section" aria-labelledby="deliveries-heading" sx={{ p: 2 }}>
          <Typography id="deliveries-heading" variant="h6" component="h2" sx={{ mb: 2 }}>
            Delivery history
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 2 }}>
            <TextField
              select
              size="small"
              label="Endpoint"
              value={history.endpointId}
              onChange={(ev) => setHistory((h) => ({ ...h, page: 1, endpointId: ev.target.value }))}
              fullWidth={false}
              slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
              sx={{ width: { xs: '100%', sm: 320 } }}
            >
              <MenuItem value="">All endpoints</MenuItem>
              {(endpoints.data?.items ?? []).map((e) => (
                <MenuItem key={e.id} value={e.id}>
                  {e.url}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label="Status"
              value={history.status}
              onChange={(ev) => setHistory((h) => ({ ...h, page: 1, status: ev.target.value as WebhookDeliveryStatus | '' }))}
              fullWidth={false}
              slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
              sx={{ width: { xs: '100%', sm: 200 } }}
            >
              <MenuItem value="">All statuses</MenuItem>
              {WEBHOOK_DELIVERY_STATUSES.map((s) => (
                <MenuItem key={s} value={s}>
                  {STATUS_LABELS[s]}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          <ServerDataGrid<WebhookDelivery, WebhookDeliverySortKey>
            label="Webhook deliveries"
            columns={deliveryColumns}
            rows={deliveries.data?.items ?? []}
            rowCount={deliveries.data?.total ?? 0}
            loading={deliveries.isFetching}
            error={deliveries.isError ? errorMessage(deliveries.error, DELIVERIES_FAILED) : null}
            onRetry={() => void deliveries.refetch()}
            page={history.page}
            limit={history.limit}
            sort={history.sort}
            dir={history.dir}
            pageSizes={[10, 25, 50]}
            onPageChange={(page, limit) => setHistory((h) => ({ ...h, page, limit }))}
            // A new column starts newest or first (dates descending, the rest ascending); back to page 1.
            onSortChange={(sort, dir) =>
              setHistory((h) => ({
                ...h,
                page: 1,
                sort,
                dir: sort === h.sort ? dir : sort === 'createdAt' || sort === 'nextAttemptAt' ? 'desc' : 'asc',
              }))
            }
            empty={{ title: 'No deliveries yet', hint: 'Send a test to an endpoint to see one here.' }}
          />
        </Paper>

        {grant.export ? <ExportsPanel /> : null}
      </Stack>

      {dialog?.kind === 'form' ? (
        <WebhookFormDialog
          key={dialog.key}
          endpoint={dialog.endpoint}
          onClose={close}
          onCreated={(created) => setDialog({ kind: 'secret', url: created.url, secret: created.secret })}
        />
      ) : null}
      {dialog?.kind === 'secret' ? <SecretDialog url={dialog.url} secret={dialog.secret} onClose={close} /> : null}
      {dialog?.kind === 'delete' ? (
        <ConfirmModal
          title="Delete endpoint"
          confirmLabel="Delete"
          destructive
          busy={removing.isLoading}
          refusal={refusal}
          onClose={close}
          onConfirm={() =>
            void remove(dialog.endpoint.id)
              .unwrap()
              .then((answer) => {
                notify.success(answer.message);
                close();
              })
              .catch((err: unknown) => setRefusal(errorMessage(err, ENDPOINT_DELETE_FAILED)))
          }
        >
          {deleteQuestion(dialog.endpoint.url)}
        </ConfirmModal>
      ) : null}
      {dialog?.kind === 'rotate' ? (
        <ConfirmModal
          title="New signing secret"
          confirmLabel="Create new secret"
          busy={rotating.isLoading}
          refusal={refusal}
          onClose={close}
          onConfirm={() =>
            void rotate(dialog.endpoint.id)
              .unwrap()
              .then((answer) => setDialog({ kind: 'secret', url: answer.data.url, secret: answer.data.secret }))
              .catch((err: unknown) => setRefusal(errorMessage(err, ROTATE_FAILED)))
          }
        >
          {rotateQuestion(dialog.endpoint.url)}
        </ConfirmModal>
      ) : null}
    </>
  );
}
