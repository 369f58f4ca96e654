// Staff users and sales reps managed in the office (issue 16 §1, /api/admin/staff…, /api/admin/sales-reps…):
// requests, answers and messages, shared by the API (validation, OpenAPI) and the screens' forms.
import { z } from 'zod';
import { emailPhone } from '../auth/auth.schemas.ts';
import { SALES_MODULES } from '../auth/modules.ts';
import { limitField, pageField } from '../catalog/catalog.schemas.ts';
import { sortFields } from '../api/sort.schemas.ts';
import { SALES_REP_SORT_KEYS, STAFF_SORT_KEYS } from './staff-sort.ts';

export const STAFF_NAME_MAX = 120;
export const SALES_REP_CODE_MAX = 20;
export const STAFF_STATUSES = ['active', 'inactive', 'all'] as const;
export type StaffStatusFilter = (typeof STAFF_STATUSES)[number];

export const STAFF_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: `Name must be ${STAFF_NAME_MAX} characters or less`,
  roleRequired: 'Choose a role',
  roleNotFound: 'Role not found',
  userNotFound: 'Staff user not found',
  invited: 'Invitation sent',
  roleChanged: 'Role changed',
  sameRole: 'This user already has that role',
  deactivated: 'Staff user deactivated',
  reactivated: 'Staff user reactivated',
  signedOutEverywhere: 'Signed out everywhere',
  notYourself: 'You cannot deactivate your own account',
  ownRole: 'You cannot change your own role',
  repNotFound: 'Sales rep not found',
  repInvited: 'Sales rep invited',
  repCodeTaken: 'Another sales rep has this code',
  repCode: `Code must be 1 to ${SALES_REP_CODE_MAX} letters, digits or dashes`,
  modulesSaved: 'Modules saved',
  repRoleChanged: 'Sales role changed',
  repNeedsRole: 'Give the sales rep a sales role first',
  module: `Each module must be one of: ${SALES_MODULES.join(', ')}`,
  repDeactivated: 'Sales rep deactivated',
  repReactivated: 'Sales rep reactivated',
  repHasNoUser: 'This sales rep has no sign-in yet',
  repInvitedAlready: 'This sales rep already has a sign-in',
} as const;

const bodyError = { error: 'Request body must be a JSON object' };

const personName = z
  .string({ error: STAFF_MESSAGES.nameRequired })
  .trim()
  .min(1, STAFF_MESSAGES.nameRequired)
  .max(STAFF_NAME_MAX, STAFF_MESSAGES.nameTooLong);

const roleId = z
  .string({ error: STAFF_MESSAGES.roleRequired })
  .trim()
  .min(1, STAFF_MESSAGES.roleRequired)
  .max(100, STAFF_MESSAGES.roleNotFound);

const statusField = z.enum(STAFF_STATUSES, { error: 'status must be one of: active, inactive, all' }).default('all');
const searchField = z.string().trim().max(100, 'search must be 100 characters or less').optional();

// ---- staff users ----

export const staffListQuery = z.object({
  page: pageField.default(1),
  limit: limitField(25, 100),
  search: searchField,
  roleId: z.string().trim().max(100, 'roleId must be 100 characters or less').optional(),
  status: statusField,
  ...sortFields(STAFF_SORT_KEYS),
});
export type StaffListQuery = z.input<typeof staffListQuery>;

export const staffRoleSchema = z.object({ id: z.string(), name: z.string() });

export const staffUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  role: staffRoleSchema.nullable(),
  isActive: z.boolean(),
  /** False until the invited user sets one (they sign in with a one-time code until then). */
  hasPassword: z.boolean(),
  /** The latest use of any of the user's sessions, or null when they never signed in. */
  lastSeenAt: z.string().nullable(),
  createdAt: z.string(),
  /** The signed-in caller themself (they cannot deactivate themself or change their own role). */
  isSelf: z.boolean(),
});
export type StaffUser = z.infer<typeof staffUserSchema>;

export const staffListResponse = z.object({
  items: z.array(staffUserSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type StaffList = z.infer<typeof staffListResponse>;

export const staffDetailSchema = staffUserSchema.extend({
  /** Sessions that are signed in now (not revoked, within their lifetime). */
  activeSessions: z.number().int(),
});
export type StaffDetail = z.infer<typeof staffDetailSchema>;

export const staffChoicesResponse = z.object({ roles: z.array(staffRoleSchema) });
export type StaffChoices = z.infer<typeof staffChoicesResponse>;

export const inviteStaffBody = z.object({ name: personName, emailPhone, roleId }, bodyError);
export type InviteStaffBody = z.input<typeof inviteStaffBody>;

/** PUT /admin/staff/:staffId/role, and PUT /admin/sales-reps/:repId/role with a sales role. */
export const changeStaffRoleBody = z.object({ roleId }, bodyError);
export type ChangeStaffRoleBody = z.input<typeof changeStaffRoleBody>;

export const signedOutSchema = z.object({ sessionsEnded: z.number().int() });

// ---- sales reps ----

export type SalesModule = (typeof SALES_MODULES)[number];

const salesModules = z
  .array(z.enum(SALES_MODULES, { error: STAFF_MESSAGES.module }), { error: STAFF_MESSAGES.module })
  .max(SALES_MODULES.length, STAFF_MESSAGES.module)
  .transform((list) => SALES_MODULES.filter((m) => list.includes(m)));

export const salesRepListQuery = z.object({
  page: pageField.default(1),
  limit: limitField(25, 100),
  search: searchField,
  status: statusField,
  ...sortFields(SALES_REP_SORT_KEYS),
});
export type SalesRepListQuery = z.input<typeof salesRepListQuery>;

export const salesRepSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  isActive: z.boolean(),
  /** The rep's sign-in (role sales), or null for a rep record nobody signs in as. */
  user: z
    .object({ id: z.string(), isActive: z.boolean(), hasPassword: z.boolean(), lastSeenAt: z.string().nullable() })
    .nullable(),
  customerCount: z.number().int(),
  /**
   * The rep's sales role (held by its sign-in), and how many reps hold it: the role's grants are the
   * rep's modules, so switching a module changes it for every rep of the role.
   */
  role: z.object({ id: z.string(), name: z.string(), repCount: z.number().int() }).nullable(),
  /** The sales modules its role grants (view): they show the rep's optional menu items. */
  modules: z.array(z.enum(SALES_MODULES)),
});
export type SalesRep = z.infer<typeof salesRepSchema>;

export const salesRepListResponse = z.object({
  items: z.array(salesRepSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type SalesRepList = z.infer<typeof salesRepListResponse>;

export const createSalesRepBody = z.object(
  {
    name: personName,
    emailPhone,
    /** Left out or blank, the next free `SRnn`. */
    code: z
      .string({ error: STAFF_MESSAGES.repCode })
      .trim()
      .refine((v) => v === '' || new RegExp(`^[A-Za-z0-9-]{1,${SALES_REP_CODE_MAX}}$`).test(v), STAFF_MESSAGES.repCode)
      .optional()
      .transform((v) => v || undefined),
    /** The rep's sales role; left out or blank, the distributor's first sales role. */
    roleId: z
      .string({ error: STAFF_MESSAGES.roleNotFound })
      .trim()
      .max(100, STAFF_MESSAGES.roleNotFound)
      .optional()
      .transform((v) => v || undefined),
  },
  bodyError,
);
export type CreateSalesRepBody = z.input<typeof createSalesRepBody>;

/** POST /admin/sales-reps/:repId/invite: a sign-in for a rep record that has none. */
export const inviteSalesRepBody = z.object({ emailPhone }, bodyError);
export type InviteSalesRepBody = z.input<typeof inviteSalesRepBody>;

/** PUT /admin/sales-reps/:repId/modules: the modules the rep's sales role grants (for every rep of it). */
export const salesRepModulesBody = z.object({ modules: salesModules }, bodyError);
export type SalesRepModulesBody = z.input<typeof salesRepModulesBody>;

export const salesRepCustomersQuery = z.object({
  page: pageField.default(1),
  limit: limitField(25, 100),
  search: searchField,
});
export type SalesRepCustomersQuery = z.input<typeof salesRepCustomersQuery>;

export const salesRepCustomerSchema = z.object({
  id: z.string(),
  C_Number: z.string(),
  companyName: z.string(),
  city: z.string().nullable(),
  routeNumber: z.string().nullable(),
  balanceCents: z.number().int(),
  isActive: z.boolean(),
});
export type SalesRepCustomer = z.infer<typeof salesRepCustomerSchema>;

export const salesRepCustomersResponse = z.object({
  items: z.array(salesRepCustomerSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type SalesRepCustomers = z.infer<typeof salesRepCustomersResponse>;
