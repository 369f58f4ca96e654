// Request bodies of the auth endpoints (spec §7 Auth), shared by the API and the sign-in forms.
import { z } from 'zod';

const PHONE_RE = /^\+?[0-9][0-9\s\-().]{6,19}$/;
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An e-mail address or a phone number, trimmed. */
export const emailPhone = z
  .string({ error: 'Email or phone number is required' })
  .trim()
  .min(1, 'Email or phone number is required')
  .max(254, 'Email or phone number is too long')
  .refine((v) => EMAIL_RE.test(v) || PHONE_RE.test(v), 'Enter a valid email address or phone number');

export const otpCode = z
  .string({ error: 'OTP is required' })
  .trim()
  .regex(/^\d{6}$/, 'OTP must be 6 digits');

export const password = z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200, 'Password is too long');

/** Rules for a password the user chooses. */
export const newPassword = z
  .string({ error: 'Password is required' })
  .min(8, 'Password must be at least 8 characters')
  .max(200, 'Password is too long')
  .regex(/[A-Za-z]/, 'Password must contain a letter')
  .regex(/[0-9]/, 'Password must contain a number');

export const requestOtpBody = z.object({ email_phone: emailPhone });
export const verifyOtpBody = z.object({ email_phone: emailPhone, otp: otpCode });
export const passwordLoginBody = z.object({ email_phone: emailPhone, password });
export const forgotPasswordBody = z.object({ email_phone: emailPhone });
export const resetPasswordBody = z.object({ email_phone: emailPhone, otp: otpCode, password: newPassword });

export const signupBody = z.object({
  storeName: z.string().trim().min(1, 'Store name is required').max(120),
  ownerName: z.string().trim().min(1, 'Owner name is required').max(120),
  email: z.string().trim().toLowerCase().regex(EMAIL_RE, 'Enter a valid email address').max(254),
  phone: z.string().trim().regex(PHONE_RE, 'Enter a valid phone number'),
  password: newPassword,
  address: z.string().trim().max(200).optional(),
  city: z.string().trim().max(80).optional(),
  state: z.string().trim().max(40).optional(),
  zip: z.string().trim().max(20).optional(),
});

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
