// Login devices (issue 16 §2): every live session of a distributor's users for the office
// (/admin/track-login-devices), and a signed-in user's own sessions (retailer profile, sales devices).
// A session is "live" while it still signs its user in: not revoked, within the idle and absolute lifetime.
import { z } from 'zod';
import { ROLES } from '../auth/roles.ts';
import { limitField, pageField } from '../catalog/catalog.schemas.ts';
import { sortFields } from '../api/sort.schemas.ts';

export const LOGIN_DEVICE_MESSAGES = {
  signedOut: 'Device signed out',
  userSignedOut: 'The user is signed out of every device',
  retailerSignedOut: 'The store is signed out of every device',
  notFound: 'Device not found',
  userNotFound: 'User not found',
  retailerNotFound: 'Retailer not found',
} as const;

/** Sortable columns of the office list; dates start newest first, the rest A to Z. */
export const LOGIN_DEVICE_SORT_KEYS = ['lastSeenAt', 'signedInAt', 'user', 'role', 'customer', 'device', 'ip'] as const;
export type LoginDeviceSortKey = (typeof LOGIN_DEVICE_SORT_KEYS)[number];
export const LOGIN_DEVICE_DEFAULT_SORT = { sort: 'lastSeenAt', dir: 'desc' } as const;
export function loginDeviceFirstDirection(key: LoginDeviceSortKey): 'asc' | 'desc' {
  return key === 'lastSeenAt' || key === 'signedInAt' ? 'desc' : 'asc';
}

/**
 * "Last seen" filter: within the last hour, day or week, or not for more than a week (a device left
 * signed in somewhere). Sessions idle longer than the idle lifetime are not live and never listed.
 */
export const LAST_SEEN_FILTERS = ['hour', 'day', 'week', 'over-week'] as const;
export type LastSeenFilter = (typeof LAST_SEEN_FILTERS)[number];
export const LAST_SEEN_LABELS: Record<LastSeenFilter, string> = {
  hour: 'In the last hour',
  day: 'In the last 24 hours',
  week: 'In the last 7 days',
  'over-week': 'More than 7 days ago',
};

const idField = (name: string) => z.string().trim().min(1).max(64, `${name} must be 64 characters or less`).optional();

export const loginDeviceListQuery = z.object({
  page: pageField.default(1),
  limit: limitField(25, 100),
  search: z.string().trim().max(100, 'search must be 100 characters or less').optional(),
  role: z.enum(ROLES, { error: `role must be one of: ${ROLES.join(', ')}` }).optional(),
  customerId: idField('customerId'),
  userId: idField('userId'),
  lastSeen: z.enum(LAST_SEEN_FILTERS, { error: `lastSeen must be one of: ${LAST_SEEN_FILTERS.join(', ')}` }).optional(),
  newDevice: z
    .enum(['true', 'false'], { error: 'newDevice must be true or false' })
    .transform((v) => v === 'true')
    .optional(),
  ...sortFields(LOGIN_DEVICE_SORT_KEYS),
});
export type LoginDeviceListQuery = z.input<typeof loginDeviceListQuery>;
export type LoginDeviceListFilter = z.output<typeof loginDeviceListQuery>;

export const loginDeviceRowSchema = z.object({
  /** The session id: what signing out one device names. */
  id: z.string(),
  user: z.object({ id: z.string(), name: z.string(), email: z.string().nullable(), phone: z.string().nullable() }),
  role: z.enum(ROLES),
  /** The retailer's store; null for staff and sales reps. */
  customer: z.object({ id: z.string(), cNumber: z.string(), companyName: z.string() }).nullable(),
  deviceType: z.string().nullable(),
  deviceName: z.string().nullable(),
  deviceId: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** The browser and system read from the user agent, e.g. "Chrome 131 on Windows". */
  browser: z.string().nullable(),
  signedInAt: z.string(),
  lastSeenAt: z.string(),
  /** Signed in from a device never seen before for this user. */
  isNewDevice: z.boolean(),
  /** The session making this call. */
  isCurrent: z.boolean(),
});
export type LoginDeviceRow = z.infer<typeof loginDeviceRowSchema>;

export const loginDeviceListResponse = z.object({
  items: z.array(loginDeviceRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type LoginDeviceList = z.infer<typeof loginDeviceListResponse>;

/** The users and stores that have live sessions: the filters' choices. */
export const loginDeviceChoicesResponse = z.object({
  users: z.array(z.object({ id: z.string(), name: z.string(), role: z.enum(ROLES) })),
  customers: z.array(z.object({ id: z.string(), cNumber: z.string(), companyName: z.string() })),
});
export type LoginDeviceChoices = z.infer<typeof loginDeviceChoicesResponse>;

/** What a sign-out ended: how many sessions, and whether the caller's own was one (then it is signed out). */
export const signOutResultSchema = z.object({ signedOut: z.number().int(), includesCurrent: z.boolean() });
export type SignOutResult = z.infer<typeof signOutResultSchema>;
