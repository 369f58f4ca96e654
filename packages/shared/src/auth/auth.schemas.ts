// Request bodies of the auth endpoints (spec §7 Auth), shared by the API and the sign-in forms.
import { z } from 'zod';
import { ROLES } from './roles.ts';

// Digits with the usual separators, e.g. +1 (555) 010-0002; 7 to 15 digits (E.164).
const PHONE_RE = /^\+?[0-9\s\-().]{7,25}$/;
export const isPhone = (v: string) => {
  const digits = v.replace(/[^0-9]/g, '').length;
  return PHONE_RE.test(v) && digits >= 7 && digits <= 15;
};
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An e-mail address or a phone number, trimmed. */
export const emailPhone = z
  .string({ error: 'Email or phone number is required' })
  .trim()
  .min(1, 'Email or phone number is required')
  .max(254, 'Email or phone number is too long')
  .refine((v) => EMAIL_RE.test(v) || isPhone(v), 'Enter a valid email address or phone number');

export const otpCode = z
  .string({ error: 'OTP is required' })
  .trim()
  .regex(/^\d{6}$/, 'OTP must be 6 digits');

export const password = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .max(200, 'Password is too long');

/** Rules for a password the user chooses. */
export const newPassword = z
  .string({ error: 'Password is required' })
  .min(8, 'Password must be at least 8 characters')
  .max(200, 'Password is too long')
  .regex(/[A-Za-z]/, 'Password must contain a letter')
  .regex(/[0-9]/, 'Password must contain a number');

/** What a missing or non-object body is told. */
const bodyError = { error: 'Request body must be a JSON object' };

export const requestOtpBody = z.object({ email_phone: emailPhone }, bodyError);
export const verifyOtpBody = z.object({ email_phone: emailPhone, otp: otpCode }, bodyError);
export const passwordLoginBody = z.object({ email_phone: emailPhone, password }, bodyError);
export const forgotPasswordBody = z.object({ email_phone: emailPhone }, bodyError);
export const resetPasswordBody = z.object({ email_phone: emailPhone, otp: otpCode, password: newPassword }, bodyError);

export const signupBody = z.object(
  {
    storeName: z
      .string({ error: 'Store name is required' })
      .trim()
      .min(1, 'Store name is required')
      .max(120, 'Store name is too long'),
    ownerName: z
      .string({ error: 'Owner name is required' })
      .trim()
      .min(1, 'Owner name is required')
      .max(120, 'Owner name is too long'),
    email: z
      .string({ error: 'Email is required' })
      .trim()
      .toLowerCase()
      .max(254, 'Email is too long')
      .regex(EMAIL_RE, 'Enter a valid email address'),
    phone: z.string({ error: 'Phone number is required' }).trim().refine(isPhone, 'Enter a valid phone number'),
    password: newPassword,
    address: z.string().trim().max(200, 'Address is too long').optional(),
    city: z.string().trim().max(80, 'City is too long').optional(),
    state: z.string().trim().max(40, 'State is too long').optional(),
    zip: z.string().trim().max(20, 'ZIP code is too long').optional(),
  },
  bodyError,
);

export type RequestOtpBody = z.infer<typeof requestOtpBody>;
export type VerifyOtpBody = z.infer<typeof verifyOtpBody>;
export type PasswordLoginBody = z.infer<typeof passwordLoginBody>;
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;
export type SignupBody = z.infer<typeof signupBody>;

/** Normalises what was typed into the key used for look-ups: lower-case e-mail, or digits of a phone. */
export function normalizeEmailPhone(value: string): string {
  const v = value.trim();
  if (v.includes('@')) return v.toLowerCase();
  const digits = v.replace(/[^0-9]/g, '');
  return digits.length === 10 ? `1${digits}` : digits;
}

// ---- Answers of the sign-in calls (spec §3 Auth state, §7 Auth) ----

/** Warehouse/distributor detail (spec §3): a list, the first entry is the one shown. */
export const warehouseDetailSchema = z.object({
  D_Name: z.string(),
  D_Addr1: z.string().nullable(),
  D_City: z.string().nullable(),
  D_State: z.string().nullable(),
  D_Phone: z.string().nullable(),
});

/** Retailer/customer record (spec §3). `id` is our customer id, sent back as the x-customer-id header. */
export const retailerRecordSchema = z.object({
  id: z.string(),
  C_Number: z.string(),
  C_Name: z.string(),
  C_CoName: z.string(),
  C_Address: z.string().nullable(),
  C_City: z.string().nullable(),
  C_State: z.string().nullable(),
  C_Phone: z.string().nullable(),
  /** Dollars. */
  LastBalance: z.number(),
  C_OrderDay: z.number().int(),
  Routes: z.array(z.object({ Route_Number: z.string(), Stop_Number: z.string().nullable() })),
  salesRep: z.object({ S_Desc: z.string() }).nullable(),
});

export const rolePermissionSchema = z.object({
  module: z.string(),
  view: z.boolean(),
  add: z.boolean(),
  edit: z.boolean(),
  delete: z.boolean(),
  export: z.boolean(),
  approve: z.boolean(),
});

const roleSchema = z.enum(ROLES);

/** What password login, OTP verification and sales login answer. */
export const signInDataSchema = z.object({
  token: z.string(),
  role: roleSchema,
  wareHouseDetail: z.array(warehouseDetailSchema),
  storeDetail: retailerRecordSchema.nullable(),
  logo: z.string().nullable(),
  rolesPermission: z.array(rolePermissionSchema),
  /** The signed-in person's own name (the header and profile menu show it, never a customer's contact). */
  userName: z.string(),
});

/** GET /auth/profile: the session restore. */
export const profileDataSchema = z.object({
  token: z.string(),
  role: roleSchema,
  logo: z.string().nullable(),
  rolesPermission: z.array(rolePermissionSchema),
  profile: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    role: roleSchema,
    distributorId: z.string(),
    customerId: z.string().nullable(),
    salesRepId: z.string().nullable(),
    distributorRoleId: z.string().nullable(),
    /** currentCustomerId is the C_Number of the sales rep's working customer (spec §4: found by C_Number). */
    isSessionActive: z.object({ currentCustomerId: z.string().nullable() }),
  }),
  storeDetail: retailerRecordSchema.nullable(),
  wholeStoreDetail: z.array(warehouseDetailSchema),
});

/** Answer to every code request; identical whether or not the address is known. */
export const codeSentDataSchema = z.object({ expiresInSeconds: z.number().int(), resendAfterSeconds: z.number().int() });

export const signupDataSchema = z.object({ email: z.string(), phone: z.string(), status: z.literal('unverified') });
export const retailerVerifiedDataSchema = z.object({ status: z.literal('pending') });

export type WarehouseDetail = z.infer<typeof warehouseDetailSchema>;
export type RetailerRecord = z.infer<typeof retailerRecordSchema>;
export type RolePermission = z.infer<typeof rolePermissionSchema>;
export type SignInData = z.infer<typeof signInDataSchema>;
export type ProfileData = z.infer<typeof profileDataSchema>;
export type CodeSentData = z.infer<typeof codeSentDataSchema>;
