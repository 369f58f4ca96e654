// /admin/support-tickets/:ticketId: a ticket's thread with the reply box (the status it takes with the
// reply: waiting for the store by default), the assignee and status controls (the module's edit grant)
// and its history. The store is e-mailed each reply by the server.
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  TICKET_CATEGORY_LABELS,
  TICKET_STATUSES,
  TICKET_STATUS_LABELS,
  ticketLabel,
  type TicketDetail,
  type TicketStatus,
} from '@portal/shared/support-tickets/support-tickets.schemas';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { AuditTrail } from '../../components/audit/audit-trail';
import { FilterSelect } from '../../components/data-grid/filter-select';
import { ErrorState, ListSkeleton } from '../../components/list-states';
import { PageTitle } from '../../components/page-title';
import { ReplyBox } from '../../components/support-thread/reply-box';
import { TicketStatusChip } from '../../components/support-thread/ticket-status-chip';
import { TicketThread } from '../../components/support-thread/ticket-thread';
import { errorMessage } from '../../lib/api';
import { dateTime } from '../../lib/format';
import { notify } from '../../lib/notify';
import {
  ADMIN_TICKETS_PATH,
  ADMIN_TICKET_FAILED,
  ADMIN_TICKET_SAVE_FAILED,
  adminAttachmentPath,
  ticketTrailPath,
  useAssignTicketMutation,
  useGetAdminTicketQuery,
  useGetTicketAssigneesQuery,
  useReplyToTicketMutation,
  useSetTicketStatusMutation,
} from './admin-support-tickets.api';
import { useCanEditTickets } from './ticket-bits';

const STATUS_OPTIONS = TICKET_STATUSES.map((s) => ({ value: s, label: TICKET_STATUS_LABELS[s] }));
const AUDIT_LABELS = { status: 'Status', assignee: 'Assigned to' };
const NO_HEADERS = {};

function Controls({ ticket }: { ticket: TicketDetail }) {
  const staff = useGetTicketAssigneesQuery();
  const [assign, assigning] = useAssignTicketMutation();
  const [setStatus, saving] = useSetTicketStatusMutation();
  const run = async (action: () => Promise<{ message: string }>) => {
    try {
      notify.success((await action()).message);
    } catch (err) {
      notify.error(errorMessage(err, ADMIN_TICKET_SAVE_FAILED));
    }
  };
  const options = [{ value: '', label: 'Unassigned' }, ...(staff.data ?? []).map((u) => ({ value: u.id, label: u.name }))];
  return (
    <Stack spacing={2}>
      <FilterSelect
        label="Assigned to"
        value={ticket.assignee?.id ?? ''}
        options={options}
        disabled={assigning.isLoading}
        onChange={(v) => void run(() => assign({ id: ticket.id, assigneeUserId: v || null }).unwrap())}
      />
      <FilterSelect
        label="Status"
        value={ticket.status}
        options={STATUS_OPTIONS}
        disabled={saving.isLoading}
        onChange={(v) => void run(() => setStatus({ id: ticket.id, status: v as TicketStatus }).unwrap())}
      />
    </Stack>
  );
}

export function TicketPage() {
  const { ticketId = '' } = useParams();
  const q = useGetAdminTicketQuery(ticketId);
  const canEdit = useCanEditTickets();
  const [reply, replying] = useReplyToTicketMutation();
  const [replyStatus, setReplyStatus] = useState<TicketStatus>('pending');
  const back = (
    <Button component={RouterLink} to={ADMIN_TICKETS_PATH} startIcon={<ArrowBackIcon />} size="small" sx={{ mb: 1 }}>
      All tickets
    </Button>
  );
  if (q.isLoading) return <ListSkeleton rows={4} image={false} label="Loading the ticket" />;
  if (q.isError || !q.data) {
    return (
      <>
        {back}
        <ErrorState message={errorMessage(q.error, ADMIN_TICKET_FAILED)} onRetry={() => void q.refetch()} />
      </>
    );
  }
  const t = q.data;
  const send = async (body: { message: string; attachmentIds: string[] }) => {
    try {
      const answer = await reply({ id: t.id, body: { ...body, status: replyStatus } }).unwrap();
      notify.success(answer.message);
      setReplyStatus('pending');
      return null;
    } catch (err) {
      const field = (err as { data?: { error?: { fields?: Record<string, string> } } }).data?.error?.fields?.message;
      if (field) return field;
      notify.error(errorMessage(err, ADMIN_TICKET_SAVE_FAILED));
      return null;
    }
  };
  return (
    <Box sx={{ maxWidth: 1100 }}>
      {back}
      <PageTitle title={`${ticketLabel(t.number)} · ${t.subject}`} subtitle={`${t.store.name} · ${t.store.C_Number}`} />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2.5 } }} component="section" aria-label="Conversation">
          <TicketThread
            messages={t.messages}
            viewer="staff"
            files={{ path: (attachmentId) => adminAttachmentPath(t.id, attachmentId), headers: NO_HEADERS }}
          />
          {canEdit && (
            <Box sx={{ mt: 2, pt: 2, borderTop: 1, borderColor: 'divider' }}>
              <ReplyBox
                uploadPath={`${ADMIN_TICKETS_PATH}/attachments`}
                headers={NO_HEADERS}
                onSend={send}
                busy={replying.isLoading}
                label="Reply to the store"
                extra={
                  <FilterSelect
                    label="Then set status"
                    value={replyStatus}
                    options={STATUS_OPTIONS}
                    onChange={(v) => setReplyStatus(v as TicketStatus)}
                  />
                }
              />
            </Box>
          )}
        </Paper>
        <Stack spacing={2}>
          <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="Ticket">
            <Stack spacing={1.5}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <TicketStatusChip status={t.status} />
                <Typography variant="body2" color="textSecondary">
                  {TICKET_CATEGORY_LABELS[t.category]}
                </Typography>
              </Stack>
              <Typography variant="body2">
                Opened {dateTime(t.createdAt)} by {t.openedBy.name}
                {t.openedBy.role === 'sales' ? ' (sales rep)' : ''}
              </Typography>
              {canEdit ? (
                <Controls ticket={t} />
              ) : (
                <Typography variant="body2">Assigned to {t.assignee?.name ?? 'nobody'}</Typography>
              )}
            </Stack>
          </Paper>
          <AuditTrail path={ticketTrailPath(t.id)} labels={AUDIT_LABELS} />
        </Stack>
      </Box>
    </Box>
  );
}
