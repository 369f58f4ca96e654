// Small pieces the office's ticket screens share: the permission check and the filter choices.
import { TICKET_AGE_DAYS, type TicketStatusFilter } from '@portal/shared/support-tickets/support-tickets.schemas';
import { useAppSelector } from '../../app/hooks';

export const MODULE = 'Support Tickets';

/** Replying, assigning and changing the status take the module's edit grant. */
export function useCanEditTickets(): boolean {
  return Boolean(useAppSelector((s) => s.auth.module.find((m) => m.module === MODULE))?.edit);
}

export const STATUS_FILTER_LABELS: Record<TicketStatusFilter, string> = {
  active: 'Active',
  open: 'Open',
  pending: 'Waiting for store',
  resolved: 'Resolved',
  all: 'All',
};

export const AGE_OPTIONS = [
  { value: '', label: 'Any age' },
  ...TICKET_AGE_DAYS.map((d) => ({ value: String(d), label: `Opened over ${d} ${d === 1 ? 'day' : 'days'} ago` })),
];
