// The sales area's own rules: which customer a rep's call acts for (the customer binding and the
// 409 rule), the working customer shared by all of the rep's devices, the rep's customers,
// profile, password and banners. Catalogue, cart and orders are the retailer module's services,
// called from sales-ordering.routes.ts with the customer bound here.
import {
  CUSTOMER_CONTEXT_CHANGED_MESSAGE,
  CUSTOMER_ID_NOT_FOUND_MESSAGE,
  CUSTOMER_NOT_ASSIGNED_MESSAGE,
  CUSTOMER_NUMBER_MISMATCH_MESSAGE,
  CUSTOMER_PATH_MISMATCH_MESSAGE,
  type Banner,
  type ChangePasswordBody,
  type CustomerContextChangedData,
  type CustomerListResponse,
  type SalesProfileResponse,
  type SalesSessionResponse,
  type StoreDetailsResponse,
  TOP_PRODUCTS_DAYS,
  type TopProductsResponse,
} from '@portal/shared/sales/sales.schemas';
import type { WarehouseDetail } from '@portal/shared/auth/auth.schemas';
import type { Db, DbOrTrx } from '../../db/database.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { now } from '../../platform/clock.ts';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors.ts';
import { loadBuyerTerms, salesBuyer } from '../../platform/buyer-context.ts';
import { distributorAllowsBackorders, loadPricedProducts } from '../catalog/catalog.service.ts';
import { toCatalogProduct } from '../catalog/catalog-product.ts';
import { toRetailerRecord, toWarehouseDetails } from '../customers/customer-record.ts';
import { changeOwnPassword, type PasswordLimits } from '../profile/profile.service.ts';
import { runningBanners } from '../promotions/promotions.service.ts';
import {
  findCustomerById,
  findCustomerByNumber,
  findDistributor,
  listCustomersByRep,
  listWarehouses,
  type CustomerWithRep,
} from '../customers/customers.service.ts';
import {
  clearWorkingCustomers,
  findSalesRep,
  findUserForProfile,
  findWorkingCustomerOfUser,
  setWorkingCustomerForSession,
  setWorkingCustomerForUser,
  topProductIdsForRep,
} from './sales.repository.ts';

/** What a customer-bound sales call names: the headers and, where the path has one, its {customerId}. */
export interface CustomerBindingInput {
  headerCustomerId: string | undefined;
  headerCustomerNumber: string | undefined;
  /** {customerId} of the path (or the customerId query parameter), which must agree with the header. */
  pathCustomerId?: string;
}

const customerIdNotFound = () => new AppError('CUSTOMER_ID_NOT_FOUND', CUSTOMER_ID_NOT_FOUND_MESSAGE, { status: 400 });

/** The web sends the literal text "undefined" or "null" when nothing is selected: that is no customer. */
export function cleanHeader(value: string | string[] | undefined): string | undefined {
  const v = (Array.isArray(value) ? value[0] : value)?.trim();
  return !v || v === 'undefined' || v === 'null' ? undefined : v;
}

function requireRep(actor: Actor): string {
  if (!actor.salesRepId) throw forbidden('This account is not linked to a sales representative');
  return actor.salesRepId;
}

function isOwnCustomer(actor: Actor, customer: CustomerWithRep | undefined): customer is CustomerWithRep {
  return Boolean(
    customer && actor.salesRepId && customer.sales_rep_id === actor.salesRepId && customer.distributor_id === actor.distributorId,
  );
}

/** One of the rep's own, active customers, or 403 (an unknown id is answered the same way). */
async function ownCustomer(db: Db, actor: Actor, customerId: string): Promise<CustomerWithRep> {
  requireRep(actor);
  const customer = await findCustomerById(db, customerId);
  if (!isOwnCustomer(actor, customer)) throw forbidden(CUSTOMER_NOT_ASSIGNED_MESSAGE);
  if (!customer.is_active) throw forbidden('This customer account is inactive');
  return customer;
}

/**
 * The rep's working customer (customer id), shared by all of the rep's devices. A session signed in
 * after the choice was made takes it over from the rep's other live sessions. A customer that is no
 * longer the rep's or no longer active is no working customer (actor loading clears the session's
 * own; another device's is checked here), so the rep chooses again.
 */
export async function workingCustomerId(db: Db, actor: Actor): Promise<string | null> {
  if (actor.currentCustomerId) return actor.currentCustomerId;
  const shared = await findWorkingCustomerOfUser(db, actor.userId);
  if (!shared) return null;
  const customer = await findCustomerById(db, shared);
  if (!isOwnCustomer(actor, customer) || !customer.is_active) return null;
  await setWorkingCustomerForSession(db, actor.sessionId, shared);
  return shared;
}

/**
 * The customer a sales call acts for. In order: no x-customer-id → 400 `Customer ID not found`;
 * a path {customerId} that differs from the header → 400; not the rep's own customer → 403;
 * x-customer-number naming another C_Number → 400; no working customer chosen yet → 400
 * `Customer ID not found`; a working customer other than the header's (changed on another device)
 * → 409 `Customer context changed. Please refresh.` with data.currentCustomerId.
 */
export async function bindCustomer(db: Db, actor: Actor, input: CustomerBindingInput): Promise<CustomerWithRep> {
  const headerId = cleanHeader(input.headerCustomerId);
  if (!headerId) throw customerIdNotFound();
  if (input.pathCustomerId !== undefined && input.pathCustomerId !== headerId) throw badRequest(CUSTOMER_PATH_MISMATCH_MESSAGE);
  const customer = await ownCustomer(db, actor, headerId);
  const number = cleanHeader(input.headerCustomerNumber);
  if (number !== undefined && number !== customer.c_number) throw badRequest(CUSTOMER_NUMBER_MISMATCH_MESSAGE);

  const current = await workingCustomerId(db, actor);
  if (!current) throw customerIdNotFound();
  if (current !== customer.id) {
    const working = await findCustomerById(db, current);
    const data: CustomerContextChangedData = { currentCustomerId: current, currentCustomerNumber: working?.c_number ?? '' };
    throw new AppError('CUSTOMER_CONTEXT_CHANGED', CUSTOMER_CONTEXT_CHANGED_MESSAGE, { data });
  }
  return customer;
}

/** For calls where the customer header is optional: bound when sent, else null. */
export async function bindCustomerIfSent(db: Db, actor: Actor, input: CustomerBindingInput): Promise<CustomerWithRep | null> {
  return cleanHeader(input.headerCustomerId) ? bindCustomer(db, actor, input) : null;
}

export async function listMyCustomers(db: Db, actor: Actor): Promise<CustomerListResponse> {
  const rows = await listCustomersByRep(db, requireRep(actor));
  const current = await workingCustomerId(db, actor);
  const working = rows.find((c) => c.id === current);
  return {
    data: rows.map(toRetailerRecord),
    total: rows.length,
    currentCustomerId: working?.id ?? null,
    currentCustomerNumber: working?.c_number ?? null,
  };
}

async function warehouseDetailsFor(
  db: Db,
  distributorId: string,
  preferredWarehouseId: string | null,
): Promise<WarehouseDetail[]> {
  const distributor = await findDistributor(db, distributorId);
  if (!distributor) throw notFound('Distributor not found');
  return toWarehouseDetails(distributor, await listWarehouses(db, distributorId, preferredWarehouseId));
}

/** Store details of one of the rep's customers by C_Number: 404 when no customer has it, 403 when another rep's. */
export async function storeDetails(db: Db, actor: Actor, cNumber: string): Promise<StoreDetailsResponse> {
  requireRep(actor);
  const customer = await findCustomerByNumber(db, actor.distributorId, cNumber);
  if (!customer) throw notFound('Customer not found');
  if (!isOwnCustomer(actor, customer)) throw forbidden(CUSTOMER_NOT_ASSIGNED_MESSAGE);
  return {
    storeDetail: toRetailerRecord(customer),
    wareHouseDetail: await warehouseDetailsFor(db, actor.distributorId, customer.warehouse_id),
  };
}

export async function setSalesSession(db: Db, actor: Actor, customerId: string): Promise<SalesSessionResponse> {
  const customer = await ownCustomer(db, actor, customerId);
  await setWorkingCustomerForUser(db, actor.userId, customer.id);
  return { currentCustomerId: customer.id, currentCustomerNumber: customer.c_number, storeDetail: toRetailerRecord(customer) };
}

/** The distributor's warehouses (no customer needed): the default one first. */
export function warehouseProfile(db: Db, actor: Actor): Promise<WarehouseDetail[]> {
  return warehouseDetailsFor(db, actor.distributorId, null);
}

export async function salesProfile(db: Db, actor: Actor): Promise<SalesProfileResponse> {
  const repId = requireRep(actor);
  const [user, rep, distributor] = await Promise.all([
    findUserForProfile(db, actor.userId),
    findSalesRep(db, repId),
    findDistributor(db, actor.distributorId),
  ]);
  if (!user || !rep || !distributor) throw notFound('Profile not found');
  const current = await workingCustomerId(db, actor);
  const customer = current ? await findCustomerById(db, current) : undefined;
  const working = isOwnCustomer(actor, customer) ? customer : null;
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    role: 'sales',
    salesRep: { id: rep.id, code: rep.code, S_Desc: rep.name, email: rep.email, phone: rep.phone },
    distributor: {
      id: distributor.id,
      name: distributor.name,
      companyName: distributor.company_name,
      phone: distributor.phone,
      email: distributor.email,
    },
    currentCustomerId: working?.id ?? null,
    currentCustomer: working ? toRetailerRecord(working) : null,
  };
}

/** The rep's password: the one implementation every role shares (profile module), under the account limit. */
export function changePassword(db: Db, actor: Actor, body: ChangePasswordBody, limits: PasswordLimits): Promise<void> {
  return changeOwnPassword(db, actor, body, limits);
}

/**
 * Promotion banners running now for the rep's customer: the x-customer-id customer when sent (bound as
 * usual), else the working customer; with neither, the banners meant for every customer.
 */
export async function bannerList(db: Db, actor: Actor, input: CustomerBindingInput): Promise<Banner[]> {
  const bound = await bindCustomerIfSent(db, actor, input);
  const customerId = bound?.id ?? (await workingCustomerId(db, actor));
  return runningBanners(db, actor.distributorId, customerId);
}

const DAY_MS = 86_400_000;

/**
 * GET /dashboard/topProductForSales: what the rep's customers bought most in the last
 * TOP_PRODUCTS_DAYS days, priced (and flagged) for the customer of the call: the x-customer-id
 * customer when sent (bound as usual), else the working customer; none → 400 `Customer ID not found`.
 */
export async function topProductsForSales(
  db: Db,
  actor: Actor,
  input: CustomerBindingInput,
  page: number,
  limit: number,
): Promise<TopProductsResponse> {
  const salesRepId = requireRep(actor);
  let customer: CustomerWithRep;
  if (cleanHeader(input.headerCustomerId)) customer = await bindCustomer(db, actor, input);
  else {
    const current = await workingCustomerId(db, actor);
    if (!current) throw customerIdNotFound();
    customer = await ownCustomer(db, actor, current);
  }
  const buyer = salesBuyer(actor, customer.id);
  const terms = await loadBuyerTerms(db, buyer);
  const distributorBackorders = await distributorAllowsBackorders(db, actor.distributorId);
  const since = new Date(now().getTime() - TOP_PRODUCTS_DAYS * DAY_MS).toISOString();
  const top = await topProductIdsForRep(db, {
    distributorId: actor.distributorId,
    salesRepId,
    since,
    offset: (page - 1) * limit,
    limit,
  });
  const ids = top.rows.map((r) => r.productId);
  const { rows: byId, extras } = await loadPricedProducts(db, buyer, terms, ids, { withCart: true });
  const finalProductList = top.rows.flatMap((t) => {
    const row = byId.get(t.productId);
    return row
      ? [
          {
            ...toCatalogProduct(row, extras, buyer, terms, { distributorBackorders }),
            soldQuantity: t.quantity,
            orderCount: t.orderCount,
          },
        ]
      : [];
  });
  return { finalProductList, total: top.total, page, limit };
}

/**
 * A rep lost these customers (reassigned, or a store's rep changed): its working session on them ends
 * now. Actor loading already treats such a working customer as none; this also clears it from the
 * rep's session rows, so no device of the rep takes it over again. The rep's next call for the
 * customer is 403 `This customer is not assigned to you`, and it is no longer in /sales/customerList.
 */
export async function endWorkingSessionsOn(db: DbOrTrx, salesRepId: string, customerIds: readonly string[]): Promise<number> {
  return clearWorkingCustomers(db, salesRepId, customerIds);
}
