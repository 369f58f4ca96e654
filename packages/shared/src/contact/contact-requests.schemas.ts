// Contact requests in the office (/admin/contact-requests): the list's query and rows, and what staff do
// with one: mark it handled, convert it into a sign-up request (the retailer-requests form's body), or
// convert a store's message into a support ticket (subject and category; the message is the ticket's first).
import { z } from 'zod';
import { limitField, pageField } from '../catalog/catalog.schemas.ts';
import { newTicketBody } from '../support-tickets/support-tickets.schemas.ts';

export const CONTACT_REQUEST_STATUSES = ['new', 'handled', 'converted'] as const;
export type ContactRequestStatus = (typeof CONTACT_REQUEST_STATUSES)[number];
export const CONTACT_REQUEST_STATUS_FILTERS = [...CONTACT_REQUEST_STATUSES, 'all'] as const;
/** public: the /contact-us form; store: a signed-in retailer's message. */
export const CONTACT_REQUEST_SOURCES = ['public', 'store'] as const;
export const CONTACT_REQUEST_SOURCE_FILTERS = [...CONTACT_REQUEST_SOURCES, 'all'] as const;
export const CONTACT_LIST_DEFAULT_LIMIT = 25;
export const CONTACT_LIST_MAX_LIMIT = 100;

export const CONTACT_REQUEST_STATUS_LABELS: Record<ContactRequestStatus, string> = {
  new: 'New',
  handled: 'Handled',
  converted: 'Converted',
};

export const CONTACT_REQUEST_MESSAGES = {
  notFound: 'Contact request not found',
  handled: 'Contact request marked as handled',
  converted: 'Contact request converted into a sign-up request',
  convertedToTicket: 'Contact request converted into a support ticket',
  ticketNeedsStore: "Only a store's message can become a ticket: convert this one into a sign-up request",
  notNew: (status: 'handled' | 'converted') => `This contact request is already ${status}`,
} as const;

export const contactRequestListQuery = z.object({
  page: pageField.default(1),
  limit: limitField(CONTACT_LIST_DEFAULT_LIMIT, CONTACT_LIST_MAX_LIMIT),
  status: z
    .enum(CONTACT_REQUEST_STATUS_FILTERS, { error: `status must be one of: ${CONTACT_REQUEST_STATUS_FILTERS.join(', ')}` })
    .default('new'),
  source: z
    .enum(CONTACT_REQUEST_SOURCE_FILTERS, { error: `source must be one of: ${CONTACT_REQUEST_SOURCE_FILTERS.join(', ')}` })
    .default('all'),
  search: z.string().trim().max(100, 'search must be 100 characters or less').optional(),
});
export type ContactRequestListQuery = z.input<typeof contactRequestListQuery>;

export const contactRequestIdParams = z.object({ id: z.string().min(1).max(64) });

const person = z.object({ id: z.string().nullable(), name: z.string() });

export const contactRequestRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  /** The store name typed on the public form, or the store's name for a retailer's message. */
  storeName: z.string().nullable(),
  message: z.string(),
  source: z.enum(CONTACT_REQUEST_SOURCES),
  /** The sending store (a retailer's message). */
  store: z.object({ id: z.string(), C_Number: z.string() }).nullable(),
  status: z.enum(CONTACT_REQUEST_STATUSES),
  createdAt: z.string(),
  handledAt: z.string().nullable(),
  handledBy: person.nullable(),
  /** The sign-up request it became. */
  retailerRequestId: z.string().nullable(),
  /** The support ticket it became. */
  ticketId: z.string().nullable(),
});
export type ContactRequestRow = z.infer<typeof contactRequestRowSchema>;

export const contactRequestListSchema = z.object({
  items: z.array(contactRequestRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type ContactRequestList = z.infer<typeof contactRequestListSchema>;

/** Converting a store's message into a ticket: its subject and category (the message becomes its first). */
export const contactTicketBody = newTicketBody.pick({ subject: true, category: true });
export type ContactTicketBody = z.input<typeof contactTicketBody>;
