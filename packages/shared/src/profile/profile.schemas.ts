// GET /retailer/profile and GET /admin/profile: the signed-in user and, for a retailer, its store;
// for a distributor user, the distributor and the user's role. The change-password body and
// messages are the sales area's (sales.schemas.ts): one set of rules for every role.
import { z } from 'zod';
import { ROLES } from '../auth/roles.ts';
import { EMAIL_RE, isPhone, newPassword, retailerRecordSchema, warehouseDetailSchema } from '../auth/auth.schemas.ts';

export const profileUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  role: z.enum(ROLES),
});
export type ProfileUser = z.infer<typeof profileUserSchema>;

export const retailerProfileSchema = z.object({
  user: profileUserSchema,
  /** The store (spec §3 retailer record). */
  storeDetail: retailerRecordSchema,
  /** Store fields the spec record does not carry. */
  store: z.object({ email: z.string().nullable(), zip: z.string().nullable() }),
  /** The distributor's warehouses, the store's own first. */
  wareHouseDetail: z.array(warehouseDetailSchema),
});
export type RetailerProfile = z.infer<typeof retailerProfileSchema>;

export const distributorProfileSchema = z.object({
  user: profileUserSchema,
  roleName: z.string().nullable(),
  /** False for an invited user who signed in by one-time code and has not set a password yet. */
  hasPassword: z.boolean(),
  distributor: z.object({
    id: z.string(),
    name: z.string(),
    companyName: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    addr1: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    zip: z.string().nullable(),
  }),
  wareHouseDetail: z.array(warehouseDetailSchema),
});
export type DistributorProfile = z.infer<typeof distributorProfileSchema>;

// ---- a staff user's own details and password (PUT /admin/profile, POST /admin/setPassword) ----

export const PROFILE_MESSAGES = {
  saved: 'Profile updated',
  nameRequired: 'Name is required',
  nameTooLong: 'Name must be 120 characters or less',
  emailInvalid: 'Enter a valid email address',
  phoneInvalid: 'Enter a valid phone number',
  addressRequired: 'Enter an email address or a phone number to sign in with',
  currentPasswordRequired: 'Enter your current password to change your email or phone',
  setPasswordFirst: 'Set a password before changing your email or phone',
  accountExists: 'An account with this email or phone number already exists',
  passwordSet: 'Password set',
  hasPassword: 'You already have a password. Change it with your current password.',
} as const;

const bodyError = { error: 'Request body must be a JSON object' };
const M = PROFILE_MESSAGES;
/** Blank text is no value. */
const optionalAddress = (check: (v: string) => boolean, message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(254, message)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || check(v), message);

export const updateProfileBody = z
  .object(
    {
      name: z.string({ error: M.nameRequired }).trim().min(1, M.nameRequired).max(120, M.nameTooLong),
      email: optionalAddress((v) => EMAIL_RE.test(v), M.emailInvalid),
      phone: optionalAddress(isPhone, M.phoneInvalid),
      /** Needed only when the e-mail or phone changes. */
      currentPassword: z.string().max(200, 'Password is too long').optional(),
    },
    bodyError,
  )
  .refine((b) => b.email !== null || b.phone !== null, { path: ['email'], message: M.addressRequired });
export type UpdateProfileBody = z.input<typeof updateProfileBody>;

export const setPasswordBody = z.object({ newPassword }, bodyError);
export type SetPasswordBody = z.input<typeof setPasswordBody>;
