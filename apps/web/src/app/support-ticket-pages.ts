// The office's support ticket screens (/admin/support-tickets and its :ticketId thread): one lazily
// loaded chunk for both, so they add one entry, not two, to the preload table (docs/web.md).
export { TicketsPage } from '../features/admin-support-tickets/tickets-page';
export { TicketPage } from '../features/admin-support-tickets/ticket-page';
