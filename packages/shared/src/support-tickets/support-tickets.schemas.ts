// Support tickets (issue 16 §3): a store's question to the distributor's office as a thread of messages.
// The store (its retailer, or a rep for the working customer) opens and follows tickets under
// /retailer/support-tickets and /sales/support-tickets; staff answer, assign and change the status under
// /admin/support-tickets. One set of field rules, messages, statuses and categories for the API and forms.
import { z } from 'zod';
import { sortFields } from '../api/sort.schemas.ts';
import type { Sorting } from '../api/sort.ts';
import { limitField, pageField } from '../catalog/catalog.schemas.ts';

/**
 * open: waiting for staff; pending: waiting for the store; resolved: done (a store reply reopens it).
 * A staff reply makes a ticket pending unless staff choose otherwise; a store reply makes it open.
 */
export const TICKET_STATUSES = ['open', 'pending', 'resolved'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export const TICKET_STATUS_LABELS: Record<TicketStatus, string> = {
  open: 'Open',
  pending: 'Waiting for store',
  resolved: 'Resolved',
};
/** The lists' status filter: `active` is open and pending together (everything not resolved). */
export const TICKET_STATUS_FILTERS = ['active', ...TICKET_STATUSES, 'all'] as const;
export type TicketStatusFilter = (typeof TICKET_STATUS_FILTERS)[number];

/** A fixed list: enough to route a question to the right person, few enough to choose at a glance. */
export const TICKET_CATEGORIES = ['order', 'delivery', 'billing', 'product', 'account', 'other'] as const;
export type TicketCategory = (typeof TICKET_CATEGORIES)[number];
export const TICKET_CATEGORY_LABELS: Record<TicketCategory, string> = {
  order: 'Order problem',
  delivery: 'Delivery',
  billing: 'Billing and payments',
  product: 'Product question',
  account: 'My account',
  other: 'Something else',
};

export const TICKET_SUBJECT_MAX = 150;
export const TICKET_MESSAGE_MAX = 5000;

/** Attachments: images a browser shows everywhere, or PDF; judged by their bytes, never the name. */
export const ATTACHMENT_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'application/pdf'] as const;
export type AttachmentContentType = (typeof ATTACHMENT_CONTENT_TYPES)[number];
export const ATTACHMENT_MAX_MB = 5;
export const ATTACHMENT_MAX_BYTES = ATTACHMENT_MAX_MB * 1024 * 1024;
/** At most this many files on one message. */
export const ATTACHMENTS_PER_MESSAGE = 5;
/** What the file picker offers (the server judges the bytes). */
export const ATTACHMENT_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,application/pdf,.pdf';

/** The age filter of the office's list: opened at least this many days ago. */
export const TICKET_AGE_DAYS = [1, 3, 7, 30] as const;

export const TICKET_MESSAGES = {
  listed: 'Support tickets fetched successfully',
  fetched: 'Support ticket fetched successfully',
  created: 'Support ticket created',
  replied: 'Reply sent',
  assigned: 'Ticket assigned',
  unassigned: 'Ticket unassigned',
  statusChanged: 'Ticket status updated',
  attachmentUploaded: 'File attached',
  notFound: 'Support ticket not found',
  attachmentNotFound: 'Attachment not found',
  subjectRequired: 'Subject is required',
  subjectTooLong: `Subject must be ${TICKET_SUBJECT_MAX} characters or less`,
  categoryRequired: `Category must be one of: ${TICKET_CATEGORIES.join(', ')}`,
  messageRequired: 'Message is required',
  messageTooLong: `Message must be ${TICKET_MESSAGE_MAX} characters or less`,
  tooManyAttachments: `At most ${ATTACHMENTS_PER_MESSAGE} files can be attached to one message`,
  attachmentUnavailable: 'An attached file was not found or is already used. Attach it again.',
  noFile: 'Please select a file to upload.',
  notMultipart: 'Send the file as multipart/form-data',
  wrongType: 'Only JPEG, PNG, WebP or GIF images or PDF files can be attached',
  tooLarge: `The file must be ${ATTACHMENT_MAX_MB} MB or smaller`,
  damaged: 'The file could not be read: it is damaged or incomplete',
  unreadableUpload: 'The upload could not be read. Send one file as multipart/form-data.',
  assigneeNotFound: 'Choose an active staff user to assign',
  statusUnchanged: (label: string) => `The ticket is already ${label.toLowerCase()}`,
} as const;

const bodyError = { error: 'Request body must be a JSON object' };

const messageField = z
  .string({ error: TICKET_MESSAGES.messageRequired })
  .trim()
  .min(1, TICKET_MESSAGES.messageRequired)
  .max(TICKET_MESSAGE_MAX, TICKET_MESSAGES.messageTooLong);

/** Ids answered by the upload route; each used once, by the user who uploaded it. */
const attachmentIdsField = z
  .array(z.string().min(1).max(64), { error: 'attachmentIds must be a list of ids' })
  .max(ATTACHMENTS_PER_MESSAGE, TICKET_MESSAGES.tooManyAttachments)
  .default([]);

/** POST /retailer/support-tickets, /sales/support-tickets: a new ticket and its first message. */
export const newTicketBody = z.object(
  {
    subject: z
      .string({ error: TICKET_MESSAGES.subjectRequired })
      .trim()
      .min(1, TICKET_MESSAGES.subjectRequired)
      .max(TICKET_SUBJECT_MAX, TICKET_MESSAGES.subjectTooLong),
    category: z.enum(TICKET_CATEGORIES, { error: TICKET_MESSAGES.categoryRequired }),
    message: messageField,
    attachmentIds: attachmentIdsField,
  },
  bodyError,
);
export type NewTicketBody = z.input<typeof newTicketBody>;
export type NewTicketInput = z.output<typeof newTicketBody>;

/** A reply from the store (retailer or rep). */
export const storeReplyBody = z.object({ message: messageField, attachmentIds: attachmentIdsField }, bodyError);
export type StoreReplyBody = z.input<typeof storeReplyBody>;
export type StoreReplyInput = z.output<typeof storeReplyBody>;

/** A reply from staff: the status the ticket takes with it (pending, waiting for the store, by default). */
export const staffReplyBody = z.object(
  {
    message: messageField,
    attachmentIds: attachmentIdsField,
    status: z.enum(TICKET_STATUSES, { error: `status must be one of: ${TICKET_STATUSES.join(', ')}` }).default('pending'),
  },
  bodyError,
);
export type StaffReplyBody = z.input<typeof staffReplyBody>;
export type StaffReplyInput = z.output<typeof staffReplyBody>;

export const ticketStatusBody = z.object(
  { status: z.enum(TICKET_STATUSES, { error: `status must be one of: ${TICKET_STATUSES.join(', ')}` }) },
  bodyError,
);
export type TicketStatusBody = z.input<typeof ticketStatusBody>;

/** null unassigns. */
export const ticketAssigneeBody = z.object(
  { assigneeUserId: z.string({ error: 'assigneeUserId must be a user id or null' }).min(1).max(64).nullable() },
  bodyError,
);
export type TicketAssigneeBody = z.input<typeof ticketAssigneeBody>;

export const STORE_TICKET_LIST_DEFAULT_LIMIT = 10;
export const TICKET_LIST_DEFAULT_LIMIT = 25;
export const TICKET_LIST_MAX_LIMIT = 100;

/** The store's own list (newest activity first). */
export const storeTicketListQuery = z.object({
  page: pageField.default(1),
  limit: limitField(STORE_TICKET_LIST_DEFAULT_LIMIT, TICKET_LIST_MAX_LIMIT),
  status: z.enum(TICKET_STATUS_FILTERS, { error: `status must be one of: ${TICKET_STATUS_FILTERS.join(', ')}` }).default('all'),
});
export type StoreTicketListQuery = z.input<typeof storeTicketListQuery>;

export const TICKET_SORT_KEYS = ['updatedAt', 'createdAt', 'number', 'subject', 'store', 'status'] as const;
export type TicketSortKey = (typeof TICKET_SORT_KEYS)[number];
/** The office starts on the longest-waiting activity at the bottom: newest activity first. */
export const TICKET_DEFAULT_SORT: Sorting<TicketSortKey> = { sort: 'updatedAt', dir: 'desc' };

/** The office's list. assignee: a user id, `me` or `none`; store: part of a store name or C_Number. */
export const ticketListQuery = z.object({
  page: pageField.default(1),
  limit: limitField(TICKET_LIST_DEFAULT_LIMIT, TICKET_LIST_MAX_LIMIT),
  status: z
    .enum(TICKET_STATUS_FILTERS, { error: `status must be one of: ${TICKET_STATUS_FILTERS.join(', ')}` })
    .default('active'),
  assignee: z.string().trim().max(64, 'assignee must be 64 characters or less').optional(),
  store: z.string().trim().max(100, 'store must be 100 characters or less').optional(),
  olderThanDays: z.coerce
    .number({ error: 'olderThanDays must be a number' })
    .int('olderThanDays must be a whole number')
    .min(1, 'olderThanDays must be 1 or more')
    .max(3650, 'olderThanDays must be 3650 or less')
    .optional(),
  ...sortFields(TICKET_SORT_KEYS),
});
export type TicketListQuery = z.input<typeof ticketListQuery>;

const personSchema = z.object({ id: z.string(), name: z.string() });
export type TicketPerson = z.infer<typeof personSchema>;

export const attachmentSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  contentType: z.enum(ATTACHMENT_CONTENT_TYPES),
  bytes: z.number().int(),
});
export type TicketAttachment = z.infer<typeof attachmentSchema>;

/** Who wrote a message: the store's side (its retailer or a rep for it) or the office. */
export const AUTHOR_SIDES = ['store', 'staff'] as const;
export type AuthorSide = (typeof AUTHOR_SIDES)[number];

export const ticketMessageSchema = z.object({
  id: z.string(),
  side: z.enum(AUTHOR_SIDES),
  author: z.object({ name: z.string(), role: z.enum(['retailer', 'sales', 'distributor']) }),
  body: z.string(),
  createdAt: z.string(),
  attachments: z.array(attachmentSchema),
});
export type TicketMessage = z.infer<typeof ticketMessageSchema>;

export const ticketRowSchema = z.object({
  id: z.string(),
  /** Per distributor, from 1001: what people quote on the phone. */
  number: z.number().int(),
  subject: z.string(),
  category: z.enum(TICKET_CATEGORIES),
  status: z.enum(TICKET_STATUSES),
  store: z.object({ id: z.string(), name: z.string(), C_Number: z.string() }),
  openedBy: z.object({ name: z.string(), role: z.enum(['retailer', 'sales', 'distributor']) }),
  assignee: personSchema.nullable(),
  messageCount: z.number().int(),
  /** Who wrote last: staff means the store has an answer to read. */
  lastSide: z.enum(AUTHOR_SIDES),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TicketRow = z.infer<typeof ticketRowSchema>;

export const ticketListResponse = z.object({
  items: z.array(ticketRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type TicketList = z.infer<typeof ticketListResponse>;

export const ticketDetailSchema = ticketRowSchema.extend({
  messages: z.array(ticketMessageSchema),
  resolvedAt: z.string().nullable(),
});
export type TicketDetail = z.infer<typeof ticketDetailSchema>;

export const assigneeListResponse = z.array(personSchema);

/** How a ticket is named to people: `#1001`. */
export const ticketLabel = (number: number) => `#${number}`;

/** The status a ticket takes when a message is added: the rule of §3 in one place. */
export function statusAfterMessage(side: AuthorSide, chosen?: TicketStatus): TicketStatus {
  if (side === 'store') return 'open';
  return chosen ?? 'pending';
}

/** A size as people read it: 512 B, 12 KB, 3.4 MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
