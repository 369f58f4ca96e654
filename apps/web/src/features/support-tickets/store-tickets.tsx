// "My tickets": the store's support tickets (the retailer's Contact page; a rep's Support Tickets page for
// the working customer). The list, newest activity first, marks tickets the office has answered; a
// ticket opens its thread in place (?ticket=<id> in the URL, so the e-mail's link, Back and a reload
// keep it), where the store reads the replies and answers. "New ticket" opens the form.
import AddCommentOutlinedIcon from '@mui/icons-material/AddCommentOutlined';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { TICKET_CATEGORY_LABELS, ticketLabel, type TicketRow } from '@portal/shared/support-tickets/support-tickets.schemas';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/list-states';
import { ReplyBox } from '../../components/support-thread/reply-box';
import { TicketStatusChip } from '../../components/support-thread/ticket-status-chip';
import { TicketThread } from '../../components/support-thread/ticket-thread';
import { errorMessage } from '../../lib/api';
import { dateTime, shortDate } from '../../lib/format';
import { notify } from '../../lib/notify';
import { NewTicketDialog } from './new-ticket-dialog';
import {
  TICKETS_FAILED,
  TICKET_FAILED,
  TICKET_SEND_FAILED,
  attachmentPath,
  scopeHeaders,
  ticketsBase,
  useGetStoreTicketQuery,
  useGetStoreTicketsQuery,
  useReplyToStoreTicketMutation,
  type TicketScope,
} from './support-tickets.api';

const PAGE_SIZE = 10;
const TICKET_PARAM = 'ticket';

/** The office answered and the ticket waits for the store. */
export const hasNewReply = (t: Pick<TicketRow, 'lastSide' | 'status'>) => t.lastSide === 'staff' && t.status === 'pending';

function TicketList({ scope, onOpen }: { scope: TicketScope; onOpen: (id: string) => void }) {
  const [page, setPage] = useState(1);
  const q = useGetStoreTicketsQuery({ scope, page, limit: PAGE_SIZE });
  if (q.isLoading) return <ListSkeleton rows={3} image={false} label="Loading your tickets" />;
  if (q.isError) return <ErrorState message={errorMessage(q.error, TICKETS_FAILED)} onRetry={() => void q.refetch()} />;
  const data = q.data!;
  if (!data.items.length) {
    return <EmptyState title="No tickets yet" hint="Open a ticket for a question about an order, a delivery or your account." />;
  }
  const pages = Math.ceil(data.total / data.limit);
  return (
    <>
      <List disablePadding aria-label="My tickets">
        {data.items.map((t, i) => (
          <Box key={t.id}>
            {i > 0 && <Divider component="div" />}
            <ListItemButton
              onClick={() => onOpen(t.id)}
              sx={{ px: { xs: 1, sm: 2 }, py: 1.25, alignItems: 'flex-start', gap: 1.5 }}
            >
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography variant="subtitle2" sx={{ overflowWrap: 'anywhere' }}>
                  {ticketLabel(t.number)} · {t.subject}
                </Typography>
                <Typography variant="caption" color="textSecondary" component="p">
                  {TICKET_CATEGORY_LABELS[t.category]} · {t.messageCount} {t.messageCount === 1 ? 'message' : 'messages'} ·
                  updated {shortDate(t.updatedAt)}
                </Typography>
              </Box>
              <Stack spacing={0.5} sx={{ alignItems: 'flex-end', flexShrink: 0 }}>
                <TicketStatusChip status={t.status} />
                {hasNewReply(t) && <Chip size="small" color="primary" label="New reply" />}
              </Stack>
            </ListItemButton>
          </Box>
        ))}
      </List>
      {pages > 1 && (
        <Pagination
          sx={{ mt: 1.5, display: 'flex', justifyContent: 'center' }}
          count={pages}
          page={page}
          onChange={(_e, p) => setPage(p)}
        />
      )}
    </>
  );
}

function TicketView({ scope, id, onBack }: { scope: TicketScope; id: string; onBack: () => void }) {
  const q = useGetStoreTicketQuery({ scope, id });
  const [reply, state] = useReplyToStoreTicketMutation();
  const back = (
    <Button size="small" startIcon={<ArrowBackIcon />} onClick={onBack} sx={{ mb: 1 }}>
      All tickets
    </Button>
  );
  if (q.isLoading) return <ListSkeleton rows={3} image={false} label="Loading the ticket" />;
  if (q.isError || !q.data) {
    return (
      <>
        {back}
        <ErrorState message={errorMessage(q.error, TICKET_FAILED)} onRetry={() => void q.refetch()} />
      </>
    );
  }
  const t = q.data;
  const send = async (body: { message: string; attachmentIds: string[] }) => {
    try {
      const answer = await reply({ scope, id, body }).unwrap();
      notify.success(answer.message);
      return null;
    } catch (err) {
      const field = (err as { data?: { error?: { fields?: Record<string, string> } } }).data?.error?.fields?.message;
      if (field) return field;
      notify.error(errorMessage(err, TICKET_SEND_FAILED));
      return null;
    }
  };
  return (
    <Box>
      {back}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 0.5 }} useFlexGap>
        <Typography variant="h6" component="h3" sx={{ overflowWrap: 'anywhere' }}>
          {ticketLabel(t.number)} · {t.subject}
        </Typography>
        <TicketStatusChip status={t.status} />
      </Stack>
      <Typography variant="caption" color="textSecondary" component="p" sx={{ mb: 2 }}>
        {TICKET_CATEGORY_LABELS[t.category]} · opened {dateTime(t.createdAt)} by {t.openedBy.name}
      </Typography>
      <TicketThread
        messages={t.messages}
        viewer="store"
        files={{ path: (attachmentId) => attachmentPath(scope, t.id, attachmentId), headers: scopeHeaders(scope) }}
      />
      <Divider sx={{ my: 2 }} />
      {t.status === 'resolved' && (
        <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
          This ticket is resolved. Replying opens it again.
        </Typography>
      )}
      <ReplyBox
        uploadPath={`${ticketsBase(scope)}/attachments`}
        headers={scopeHeaders(scope)}
        onSend={send}
        busy={state.isLoading}
      />
    </Box>
  );
}

export function StoreTickets({ scope, title = 'My tickets' }: { scope: TicketScope; title?: string }) {
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const openId = params.get(TICKET_PARAM);
  const box = useRef<HTMLElement>(null);
  // A thread opened (from the list, or arriving from the reply e-mail's link) is brought into view.
  useEffect(() => {
    if (openId) box.current?.scrollIntoView?.({ block: 'start' });
  }, [openId]);
  const setOpen = (id: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (id) next.set(TICKET_PARAM, id);
        else next.delete(TICKET_PARAM);
        return next;
      },
      { preventScrollReset: true },
    );
  return (
    <Paper
      ref={box}
      variant="outlined"
      component="section"
      aria-label={title}
      sx={{ p: { xs: 1.5, sm: 3 }, scrollMarginTop: 16 }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1.5 }}>
        <Box>
          <Typography variant="h6" component="h2">
            {title}
          </Typography>
          <Typography variant="body2" color="textSecondary">
            Questions to the office, and their answers.
          </Typography>
        </Box>
        <Button
          variant="contained"
          startIcon={<AddCommentOutlinedIcon />}
          onClick={() => setCreating(true)}
          sx={{ flexShrink: 0 }}
        >
          New ticket
        </Button>
      </Stack>
      {openId ? (
        <TicketView key={openId} scope={scope} id={openId} onBack={() => setOpen(null)} />
      ) : (
        <TicketList scope={scope} onOpen={setOpen} />
      )}
      {creating && (
        <NewTicketDialog
          scope={scope}
          onClose={() => setCreating(false)}
          onOpened={(ticket) => {
            setCreating(false);
            setOpen(ticket.id);
          }}
        />
      )}
    </Paper>
  );
}
