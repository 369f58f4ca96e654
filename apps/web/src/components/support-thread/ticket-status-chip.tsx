// A support ticket's status as a small chip: open (waiting for the office), waiting for the store, resolved.
import Chip from '@mui/material/Chip';
import { TICKET_STATUS_LABELS, type TicketStatus } from '@portal/shared/support-tickets/support-tickets.schemas';

const COLOURS: Record<TicketStatus, 'info' | 'warning' | 'success'> = { open: 'info', pending: 'warning', resolved: 'success' };

export function TicketStatusChip({ status }: { status: TicketStatus }) {
  return <Chip size="small" variant="outlined" color={COLOURS[status]} label={TICKET_STATUS_LABELS[status]} />;
}
