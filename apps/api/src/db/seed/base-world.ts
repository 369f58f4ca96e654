// The fixed part of every database the portal ships with and every test starts from:
// one distributor, two warehouses, permission roles, three sales reps, the demo customers
// 10001 and 10002 and the demo accounts (password Demo@12345). Deterministic ids.
import { SALES_MODULES } from '@portal/shared/auth/modules';
import type { Db } from '../database.ts';
import { hashPassword } from '../../platform/auth/passwords.ts';

export const DEMO_PASSWORD = 'Demo@12345';

export const WORLD = {
  distributorId: 'dist-1',
  warehouseIds: ['wh-1', 'wh-2'],
  adminRoleId: 'role-admin',
  salesRoleId: 'role-sales',
  salesRepIds: ['rep-1', 'rep-2', 'rep-3'],
  customers: {
    c10001: 'cust-10001',
    c10002: 'cust-10002',
    /** Belongs to rep-2: the demo rep may not touch it. */
    c10003: 'cust-10003',
  },
  users: {
    admin: { id: 'user-admin', email: 'admin@demo.test', phone: '+1 555 010 0001' },
    retailer: { id: 'user-retailer', email: 'retailer@demo.test', phone: '+1 555 010 0002' },
    retailer2: { id: 'user-retailer2', email: 'retailer2@demo.test', phone: '+1 555 010 0003' },
    sales: { id: 'user-sales', email: 'sales@demo.test', phone: '+1 555 010 0004' },
    sales2: { id: 'user-sales2', email: 'sales2@demo.test', phone: '+1 555 010 0005' },
  },
} as const;

const CREATED = '2026-01-01T08:00:00.000Z';

/** Creates the base world. Call on an empty, migrated database. */
export async function createBaseWorld(db: Db): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const d = WORLD.distributorId;

  await db
    .insertInto('distributors')
    .values({
      id: d,
      name: 'Golden State Wholesale',
      company_name: 'Golden State Wholesale Distributors, Inc.',
      email: 'office@goldenstate.demo.test',
      phone: '(916) 555-0100',
      addr1: '1200 Commerce Way',
      city: 'Sacramento',
      state: 'CA',
      zip: '95811',
      logo_url: null,
      created_at: CREATED,
    })
    .execute();

  await db
    .insertInto('warehouses')
    .values([
      {
        id: 'wh-1',
        distributor_id: d,
        name: 'Sacramento Main Warehouse',
        addr1: '1200 Commerce Way',
        city: 'Sacramento',
        state: 'CA',
        zip: '95811',
        phone: '(916) 555-0100',
        is_default: 1,
      },
      {
        id: 'wh-2',
        distributor_id: d,
        name: 'Stockton Cross-Dock',
        addr1: '88 Port Road',
        city: 'Stockton',
        state: 'CA',
        zip: '95203',
        phone: '(209) 555-0140',
        is_default: 0,
      },
    ])
    .execute();

  await db
    .insertInto('distributor_roles')
    .values([
      {
        id: WORLD.adminRoleId,
        distributor_id: d,
        name: 'Administrator',
        description: 'Full access to every module',
        is_system: 1,
        kind: 'staff',
        // the owner role holds every action on every module; it stores no grants
        is_owner: 1,
        created_at: CREATED,
      },
      {
        id: WORLD.salesRoleId,
        distributor_id: d,
        name: 'Sales Representative',
        description: 'Sales area modules',
        is_system: 1,
        kind: 'sales',
        is_owner: 0,
        created_at: CREATED,
      },
    ])
    .execute();
  await db
    .insertInto('role_permissions')
    .values([
      ...SALES_MODULES.map((module) => ({
        role_id: WORLD.salesRoleId,
        module,
        can_view: 1,
        can_add: 0,
        can_edit: 0,
        can_delete: 0,
      })),
    ])
    .execute();

  await db
    .insertInto('sales_reps')
    .values([
      {
        id: 'rep-1',
        distributor_id: d,
        code: 'SR01',
        name: 'Maria Lopez',
        email: 'sales@demo.test',
        phone: '+1 555 010 0004',
        is_active: 1,
      },
      {
        id: 'rep-2',
        distributor_id: d,
        code: 'SR02',
        name: 'James Carter',
        email: 'sales2@demo.test',
        phone: '+1 555 010 0005',
        is_active: 1,
      },
      { id: 'rep-3', distributor_id: d, code: 'SR03', name: 'Priya Nair', email: null, phone: null, is_active: 1 },
    ])
    .execute();

  const customer = (
    id: string,
    cNumber: string,
    company: string,
    contact: string,
    rep: string,
    extra: Partial<{ order_day: number; route: string; stop: string; balance: number }> = {},
  ) => ({
    id,
    distributor_id: d,
    warehouse_id: 'wh-1',
    c_number: cNumber,
    contact_name: contact,
    company_name: company,
    address: '455 Main Street',
    city: 'Sacramento',
    state: 'CA',
    zip: '95814',
    phone: '(916) 555-0' + cNumber.slice(-3),
    email: null,
    balance_cents: extra.balance ?? 0,
    order_day: extra.order_day ?? 3,
    route_number: extra.route ?? '101',
    stop_number: extra.stop ?? '1',
    sales_rep_id: rep,
    price_level: 1,
    min_order_cents: 5000,
    item_limit_qty: null,
    is_active: 1,
    created_at: CREATED,
  });
  await db
    .insertInto('customers')
    .values([
      customer(WORLD.customers.c10001, '10001', 'Corner Mart #1', 'Sam Patel', 'rep-1', {
        order_day: 3,
        route: '101',
        stop: '1',
        balance: 125_050,
      }),
      customer(WORLD.customers.c10002, '10002', 'Sunrise Liquor & Deli', 'Linda Chen', 'rep-1', {
        order_day: 5,
        route: '101',
        stop: '2',
        balance: 48_000,
      }),
      customer(WORLD.customers.c10003, '10003', 'Harbor Quick Stop', 'Tom Reyes', 'rep-2', {
        order_day: 1,
        route: '202',
        stop: '1',
        balance: 0,
      }),
    ])
    .execute();

  const u = WORLD.users;
  const user = (
    x: { id: string; email: string; phone: string },
    role: 'distributor' | 'retailer' | 'sales',
    name: string,
    links: { customer_id?: string; sales_rep_id?: string; distributor_role_id?: string },
  ) => ({
    id: x.id,
    distributor_id: d,
    role,
    email: x.email,
    phone: x.phone.replace(/[^0-9]/g, ''),
    password_hash: passwordHash,
    name,
    customer_id: links.customer_id ?? null,
    sales_rep_id: links.sales_rep_id ?? null,
    distributor_role_id: links.distributor_role_id ?? null,
    is_active: 1,
    created_at: CREATED,
    updated_at: CREATED,
  });
  await db
    .insertInto('users')
    .values([
      user(u.admin, 'distributor', 'Dana Whitfield', { distributor_role_id: WORLD.adminRoleId }),
      user(u.retailer, 'retailer', 'Sam Patel', { customer_id: WORLD.customers.c10001 }),
      user(u.retailer2, 'retailer', 'Linda Chen', { customer_id: WORLD.customers.c10002 }),
      user(u.sales, 'sales', 'Maria Lopez', { sales_rep_id: 'rep-1', distributor_role_id: WORLD.salesRoleId }),
      user(u.sales2, 'sales', 'James Carter', { sales_rep_id: 'rep-2', distributor_role_id: WORLD.salesRoleId }),
    ])
    .execute();

  await db.insertInto('sequences').values({ name: 'order_number', value: 100000 }).execute();
}
