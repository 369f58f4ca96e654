// The vendor form's schema: the API's body schema (shared), with every field a string in the form.
import { z } from 'zod';

export const VENDOR_NAME_REQUIRED = 'Vendor name is required';

// TEMP until the shared schema lands (packages/shared/src/vendors/vendors.schemas.ts).
export const vendorForm = z.object({
  name: z.string().trim().min(1, VENDOR_NAME_REQUIRED).max(120),
  contactName: z.string().optional(),
  email: z.union([z.literal(''), z.email('Enter a valid email address')]).optional(),
  phone: z.union([z.literal(''), z.string().regex(/^[\d\s+()-]{7,20}$/, 'Enter a valid phone number')]).optional(),
});

export type VendorFormValues = z.input<typeof vendorForm>;
