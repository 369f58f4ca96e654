// GET /retailer/profile and GET /admin/profile: the signed-in user and, for a retailer, its store;
// for a distributor user, the distributor and the user's role. The change-password body and
// messages are the sales area's (sales.schemas.ts): one set of rules for every role.
import { z } from 'zod';
import { ROLES } from '../auth/roles.ts';
import { retailerRecordSchema, warehouseDetailSchema } from '../auth/auth.schemas.ts';

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
