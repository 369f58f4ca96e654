// Test fixtures of the sales screens: the rep's customers and the answers of the calls the sales
// layout makes, for mockApi (test/render-app.tsx).
import { ok, WAREHOUSE, type Handlers } from '../../test/render-app';

const record = (id: string, C_Number: string, C_CoName: string, extra: Record<string, unknown> = {}) => ({
  id,
  C_Number,
  C_Name: `${C_CoName} Owner`,
  C_CoName,
  C_Address: '1 Main St',
  C_City: 'Sacramento',
  C_State: 'CA',
  C_Phone: '(916) 555-0000',
  LastBalance: 0,
  C_OrderDay: 3,
  Routes: [{ Route_Number: '101', Stop_Number: '1' }],
  salesRep: { S_Desc: 'Maria Lopez' },
  ...extra,
});

/** In list order; searching "1000" ranks 1000 (exact), 10002 and 10001 (prefixes, list order), then 30003 (contains). */
export const CUSTOMERS = [
  record('cust-30003', '30003', 'Store 1000 Outlet'),
  record('cust-10002', '10002', 'Sunrise Liquor & Deli', { LastBalance: 88.1 }),
  record('cust-1000', '1000', 'Exact Foods'),
  record('cust-10001', '10001', 'Corner Mart #1', { LastBalance: 1250.5, C_OrderDay: 5 }),
  record('cust-55555', '55555', 'Harbor Quick Stop'),
];

export const byNumber = (n: string) => CUSTOMERS.find((c) => c.C_Number === n)!;

export const EMPTY_CART = {
  finalCartItems: [],
  count: 0,
  totalItems: 0,
  totalAmount: 0,
  totalAmountWithTax: 0,
  totalTax: 0,
  totalCrv: 0,
  deliveryCharge: 0,
  grandTotal: 0,
  userItemLimitQty: null,
  userLimitMinOrderAmount: null,
  problemCount: 0,
};

const shelf = ok({ finalProductList: [], total: 0, page: 1, limit: 20 });

/** The calls of the sales layout and dashboard; `current` is the server's working customer (a C_Number). */
export function salesHandlers(state: { current: string | null }): Handlers {
  const handlers: Handlers = {
    'GET /auth/profile': () =>
      ok({
        token: 'token-sales',
        role: 'sales',
        logo: null,
        rolesPermission: [],
        profile: { name: 'Maria Lopez', isSessionActive: { currentCustomerId: state.current } },
        storeDetail: state.current ? byNumber(state.current) : null,
        wholeStoreDetail: [WAREHOUSE],
      }),
    'GET /sales/customerList': () =>
      ok({
        data: CUSTOMERS,
        total: CUSTOMERS.length,
        currentCustomerId: state.current ? byNumber(state.current).id : null,
        currentCustomerNumber: state.current,
      }),
    'GET /sales/bannerList': ok({ bannerList: [] }),
    'GET /dashboard/topProductForSales': ok({ finalProductList: [], total: 0, page: 1, limit: 20 }),
    'GET /dashboard/newItem': shelf,
    'GET /dashboard/discountedItems': shelf,
    'GET /dashboard/popularItems': shelf,
    'GET /dashboard/promotedItems': ok({ promotedItemsList: [], total: 0, page: 1, limit: 20 }),
  };
  for (const c of CUSTOMERS) {
    handlers[`POST /sales/setSalesSession/${c.id}`] = () => {
      state.current = c.C_Number;
      return ok({ currentCustomerId: c.id, currentCustomerNumber: c.C_Number, storeDetail: c }, 'Customer selected');
    };
    handlers[`GET /sales/storeDetails/${c.C_Number}`] = ok({ storeDetail: c, wareHouseDetail: [WAREHOUSE] });
    handlers[`GET /sales/cartItem/${c.id}`] = ok(EMPTY_CART);
  }
  return handlers;
}
