// The audit trail of an admin record (issue 15 §4): who changed it, when, and each field before and after.
import { z } from 'zod';
import { limitField, pageField } from '../catalog/catalog.schemas.ts';

export const AUDIT_ENTITY_TYPES = [
  'customer',
  'retailer_request',
  'order',
  'user',
  'role',
  'sales_rep',
  'support_ticket',
  'settings',
  'policy',
  'contact_request',
  'story',
  'webhook_endpoint',
  'calendar_entry',
  'route_cutoff',
] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

export const auditTrailQuery = z.object({
  page: pageField.default(1),
  limit: limitField(20, 100),
});
export type AuditTrailQuery = z.input<typeof auditTrailQuery>;

const jsonValue = z.unknown();

export const auditChangeSchema = z.object({ field: z.string(), before: jsonValue, after: jsonValue });
export type AuditChange = z.infer<typeof auditChangeSchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  action: z.string(),
  actor: z.object({ id: z.string().nullable(), name: z.string() }).nullable(),
  changes: z.array(auditChangeSchema),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditTrailResponse = z.object({
  items: z.array(auditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type AuditTrail = z.infer<typeof auditTrailResponse>;

type Fields = Record<string, unknown> | null;

/**
 * The fields that differ between two versions of a record, in the order they first appear.
 * Values are compared as JSON, so arrays and objects (an order's lines) compare by content.
 * A created record (before null) lists every field of after; a removed one every field of before.
 */
export function changedFields(before: Fields, after: Fields): AuditChange[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const out: AuditChange[] = [];
  for (const field of keys) {
    const b = before?.[field] ?? null;
    const a = after?.[field] ?? null;
    if (JSON.stringify(b) !== JSON.stringify(a)) out.push({ field, before: b, after: a });
  }
  return out;
}
