// Requests and answers of the sales area's own calls (spec §7 Sales): the customer binding headers,
// the rep's customer list and store details, the working customer, profile, password and
// banners. Catalogue, cart and order answers reuse the retailer schemas.
import { z } from 'zod';
import { newPassword, password, retailerRecordSchema, warehouseDetailSchema } from '../auth/auth.schemas.ts';
import { catalogProductSchema, limitField, pageField } from '../catalog/catalog.schemas.ts';
import { orderHistoryQuery } from '../orders/orders.schemas.ts';
import { CUSTOMER_ID_HEADER, CUSTOMER_NUMBER_HEADER } from './sales-binding.constants.ts';

export {
  CUSTOMER_ID_HEADER,
  CUSTOMER_NUMBER_HEADER,
  CUSTOMER_ID_NOT_FOUND_MESSAGE,
  CUSTOMER_CONTEXT_CHANGED_MESSAGE,
  CUSTOMER_NOT_ASSIGNED_MESSAGE,
  CUSTOMER_PATH_MISMATCH_MESSAGE,
  CUSTOMER_NUMBER_MISMATCH_MESSAGE,
} from './sales-binding.constants.ts';

/** data of the 409 answer. currentCustomerId is our customer id; the number is there to find it by C_Number. */
export const customerContextChangedDataSchema = z.object({
  currentCustomerId: z.string(),
  currentCustomerNumber: z.string(),
});
export type CustomerContextChangedData = z.infer<typeof customerContextChangedDataSchema>;

/** The headers of the customer binding, as OpenAPI documents them (other headers pass through). */
export const customerHeadersSchema = z.looseObject({
  [CUSTOMER_ID_HEADER]: z
    .string()
    .max(100)
    .optional()
    .describe('The customer this call acts for (customer id from customerList)'),
  [CUSTOMER_NUMBER_HEADER]: z.string().max(40).optional().describe("That customer's C_Number (cart calls)"),
});

export const customerIdParams = z.object({ customerId: z.string().trim().min(1).max(100) });

export const customerListResponseSchema = z.object({
  data: z.array(retailerRecordSchema),
  total: z.number().int(),
  /** The working customer shared by all of the rep's devices (customer id and C_Number), or null. */
  currentCustomerId: z.string().nullable(),
  currentCustomerNumber: z.string().nullable(),
});
export type CustomerListResponse = z.infer<typeof customerListResponseSchema>;

export const storeDetailsResponseSchema = z.object({
  storeDetail: retailerRecordSchema,
  /** The distributor's warehouses, the customer's own first (spec §3: the first entry is shown). */
  wareHouseDetail: z.array(warehouseDetailSchema),
});
export type StoreDetailsResponse = z.infer<typeof storeDetailsResponseSchema>;

export const salesSessionResponseSchema = z.object({
  currentCustomerId: z.string(),
  currentCustomerNumber: z.string(),
  storeDetail: retailerRecordSchema,
});
export type SalesSessionResponse = z.infer<typeof salesSessionResponseSchema>;

export const salesProfileResponseSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  role: z.literal('sales'),
  salesRep: z.object({
    id: z.string(),
    code: z.string(),
    S_Desc: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
  }),
  distributor: z.object({
    id: z.string(),
    name: z.string(),
    companyName: z.string(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
  }),
  currentCustomerId: z.string().nullable(),
  currentCustomer: retailerRecordSchema.nullable(),
});
export type SalesProfileResponse = z.infer<typeof salesProfileResponseSchema>;

export const changePasswordBody = z.object({ currentPassword: password, newPassword });
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

export const WRONG_CURRENT_PASSWORD_MESSAGE = 'Current password is incorrect';
export const SAME_PASSWORD_MESSAGE = 'New password must be different from the current password';
export const PASSWORD_CHANGED_MESSAGE = 'Password changed successfully';

export const bannerSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  imageUrl: z.string().nullable(),
  /** Where a click on the banner goes (a site path or an http(s) address), or none. */
  link: z.string().nullable(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
});
export const bannerListResponseSchema = z.object({ bannerList: z.array(bannerSchema) });
export type Banner = z.infer<typeof bannerSchema>;

/** {id} of the sales cart-line calls: the product id of the line (finalCartItems[].Product.id). */
export const cartItemParams = z.object({ id: z.string().trim().min(1).max(100) });

/** GET /dashboard/topProductForSales: the best sellers among the rep's customers, priced for the working customer. */
export const TOP_PRODUCTS_DAYS = 90;
export const topProductsQuery = z.object({
  page: z.coerce
    .number({ error: 'page must be a number' })
    .int('page must be a whole number')
    .min(1, 'page must be 1 or more')
    .default(1),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be 1 or more')
    .max(50, 'limit must be 50 or less')
    .default(10),
});
export const topProductsResponseSchema = z.object({
  finalProductList: z.array(
    catalogProductSchema.extend({
      /** Units sold to the rep's customers in the last TOP_PRODUCTS_DAYS days. */
      soldQuantity: z.number().int(),
      orderCount: z.number().int(),
    }),
  ),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type TopProductsResponse = z.infer<typeof topProductsResponseSchema>;

/** GET /sales/orderHistory/{customerId}: the retailer's history query, with the spec's pageSize for the page size. */
export const salesOrderHistoryQuery = orderHistoryQuery.extend({
  pageSize: z.coerce
    .number({ error: 'pageSize must be a number' })
    .int('pageSize must be a whole number')
    .min(1, 'pageSize must be 1 or more')
    .max(100, 'pageSize must be 100 or less')
    .optional(),
});

/** GET /sales/orderHistoryByProductNumber?productNumber&customerId */
export const salesProductHistoryQuery = z.object({
  productNumber: z.string({ error: 'productNumber is required' }).trim().min(1, 'productNumber is required').max(60),
  customerId: z.string().trim().max(100).optional(),
  page: pageField.default(1),
  limit: limitField(10, 100),
});
