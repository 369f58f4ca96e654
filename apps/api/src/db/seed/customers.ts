// Retailers (convenience stores) beyond the base world's three: names, addresses, phones,
// routes and stops per sales rep, order days, price levels, limits, and a store login each.
// Also the ordering and paying habits the order-history generator uses (never stored).
import type { CustomerTable, UserTable } from '../schema.ts';
import { createRng, type Rng } from './prng.ts';

/** A generated store: the terms added later (delivery charge rule, credit limit, tax-exempt, notes) keep their defaults. */
type CustomerRow = Omit<
  CustomerTable,
  | 'delivery_charge_rule'
  | 'delivery_charge_cents'
  | 'credit_limit_cents'
  | 'credit_policy'
  | 'is_tax_exempt'
  | 'notes'
  | 'payment_terms_days'
  | 'ledger_debits_cents'
>;

export interface SeedCustomer {
  id: string;
  cNumber: string;
  repId: string | null;
  priceLevel: number;
  minOrderCents: number | null;
  itemLimitQty: number | null;
  orderDay: number;
  /** The store's own login, used as the placer of its web orders. */
  userId: string;
  /** Relative share of the order history. */
  weight: number;
  /** Lines per order. */
  lines: [number, number];
  payDelayDays: number;
  payMethod: 'check' | 'ach' | 'cod';
  /** Share of invoices left unpaid. */
  skipRate: number;
}

const STORE_PREFIXES = [
  'Sunrise',
  'Sunset',
  'Golden',
  'Valley',
  'Delta',
  'River City',
  'Capitol',
  'Midtown',
  'Oak Park',
  'Land Park',
  'Natomas',
  'Arden',
  'Rancho',
  'Rosemont',
  'Florin',
  'Del Paso',
  'Tower',
  'Broadway',
  'Franklin',
  'Fruitridge',
  'Northgate',
  'Lincoln',
  'Pioneer',
  'Gold Rush',
  'Sierra',
  'American River',
  'Westside',
  'Eastside',
  'Park Avenue',
  'Main Street',
  'Village',
  'Plaza',
  'Hilltop',
  'Lakeside',
  'Pine Tree',
  'Redwood',
  'Liberty',
  'Lucky',
  'Royal',
  'A-1',
  '7 Star',
  'J&R',
  'K&S',
  "Sam's",
  "Tony's",
  "Lee's",
  "Rosa's",
  "Kim's",
  "Raj's",
  'El Rancho',
  'La Esperanza',
  'Mi Pueblo',
  'Super Star',
  'Quik',
  'Friendly',
  'Neighborhood',
  'Crossroads',
  'Highway 99',
  'Bridge Street',
  'Harbor',
];
const STORE_TYPES = [
  'Market',
  'Mini Mart',
  'Food Mart',
  'Liquor',
  'Liquor & Deli',
  'Market & Liquor',
  'Quick Stop',
  'Express',
  'Convenience',
  'Food & Gas',
  'Smoke Shop',
  'Grocery',
  'Corner Store',
  'Food Center',
  'Discount Market',
  'Mercado',
  'Deli & Market',
  'Gas & Go',
  'Food & Liquor',
  'Superette',
];
const FIRST_NAMES = [
  'Aaron',
  'Adriana',
  'Ahmed',
  'Alan',
  'Amrit',
  'Ana',
  'Andre',
  'Angela',
  'Arturo',
  'Bao',
  'Carlos',
  'Chen',
  'Daniel',
  'Deepak',
  'Diana',
  'Elena',
  'Farid',
  'Gurpreet',
  'Hector',
  'Hoang',
  'Imran',
  'Jasmine',
  'Jin',
  'Jorge',
  'Karen',
  'Khalid',
  'Lakhvir',
  'Luis',
  'Mai',
  'Manuel',
  'Mei',
  'Mohammed',
  'Nadia',
  'Omar',
  'Paul',
  'Rafael',
  'Ramon',
  'Rita',
  'Samir',
  'Sandeep',
  'Sofia',
  'Sunil',
  'Tariq',
  'Teresa',
  'Thanh',
  'Victor',
  'Walid',
  'Yolanda',
  'Yusuf',
  'Zainab',
];
const LAST_NAMES = [
  'Ahmed',
  'Alvarez',
  'Bains',
  'Castillo',
  'Chavez',
  'Dhillon',
  'Do',
  'Estrada',
  'Flores',
  'Garcia',
  'Gill',
  'Gonzalez',
  'Haddad',
  'Hernandez',
  'Huang',
  'Jaber',
  'Kaur',
  'Khan',
  'Le',
  'Lopez',
  'Mendoza',
  'Nguyen',
  'Ortiz',
  'Park',
  'Patel',
  'Ramirez',
  'Rivera',
  'Saleh',
  'Sandhu',
  'Shah',
  'Singh',
  'Soto',
  'Tran',
  'Vargas',
  'Wong',
  'Yang',
  'Zamora',
];
const STREETS = [
  'Stockton Blvd',
  'Franklin Blvd',
  'Broadway',
  'Folsom Blvd',
  'Fair Oaks Blvd',
  'Florin Rd',
  'Freeport Blvd',
  'Del Paso Blvd',
  'Marconi Ave',
  'Auburn Blvd',
  'El Camino Ave',
  'Watt Ave',
  'Howe Ave',
  'Madison Ave',
  'J St',
  'Main St',
  'Pacific Ave',
  'March Ln',
  'Hammer Ln',
  'Charter Way',
  'Douglas Blvd',
  'Sunrise Blvd',
  'Greenback Ln',
  'Elk Grove Blvd',
  'Bond Rd',
  'Harbor Blvd',
  'West Capitol Ave',
  'Colusa Ave',
  'Plumas St',
  'Lincoln Way',
];
// City, ZIP, area code: rep-1 works Sacramento, rep-2 the Stockton side, rep-3 the north.
const AREAS: Record<string, readonly [string, string, string][]> = {
  'rep-1': [
    ['Sacramento', '95814', '916'],
    ['Sacramento', '95817', '916'],
    ['Sacramento', '95820', '916'],
    ['Sacramento', '95823', '916'],
    ['Elk Grove', '95624', '916'],
    ['Elk Grove', '95758', '916'],
    ['West Sacramento', '95691', '916'],
    ['Rancho Cordova', '95670', '916'],
  ],
  'rep-2': [
    ['Stockton', '95202', '209'],
    ['Stockton', '95205', '209'],
    ['Stockton', '95207', '209'],
    ['Lodi', '95240', '209'],
    ['Manteca', '95336', '209'],
    ['Tracy', '95376', '209'],
    ['Galt', '95632', '209'],
  ],
  'rep-3': [
    ['Roseville', '95678', '916'],
    ['Citrus Heights', '95610', '916'],
    ['Folsom', '95630', '916'],
    ['Auburn', '95603', '530'],
    ['Yuba City', '95991', '530'],
    ['Woodland', '95695', '530'],
    ['Davis', '95616', '530'],
  ],
};
const REP_IDS = ['rep-1', 'rep-2', 'rep-3'] as const;

/** Order day codes 0..8 (0 none, 1..7 Monday..Sunday, 8 other) and how often stores have each. */
const ORDER_DAY_WEIGHTS = [5, 14, 14, 14, 14, 14, 12, 4, 5];

function weighted(rng: Rng, weights: readonly number[]): number {
  const total = weights.reduce((a, b) => a + b, 0);
  let r = rng.next() * total;
  for (let i = 0; i < weights.length; i++) {
    r -= weights[i]!;
    if (r < 0) return i;
  }
  return weights.length - 1;
}

export const customerUserId = (cNumber: string): string => `user-c${cNumber}`;
export const customerUserEmail = (cNumber: string): string => `store${cNumber}@demo.test`;

export interface GeneratedCustomers {
  /** New customer rows (the base world's are already stored). */
  rows: CustomerRow[];
  /** Logins for stores that have none (new customers and base customers without one). */
  users: Omit<UserTable, 'password_hash'>[];
  /** Every customer, base world included, with its habits. */
  all: SeedCustomer[];
}

type BaseCustomer = Pick<
  CustomerTable,
  | 'id'
  | 'c_number'
  | 'company_name'
  | 'contact_name'
  | 'sales_rep_id'
  | 'price_level'
  | 'min_order_cents'
  | 'item_limit_qty'
  | 'order_day'
  | 'route_number'
  | 'stop_number'
>;

/**
 * @param base the customers already stored (the base world's), with their user ids
 * @param total customers wanted in all, base included
 */
export function generateCustomers(
  distributorId: string,
  base: readonly (BaseCustomer & { userId: string | null })[],
  total: number,
  demoCustomerIds: readonly string[],
  now: Date,
): GeneratedCustomers {
  const rng = createRng('customers');
  const habits = createRng('customer-habits');
  const rows: CustomerRow[] = [];
  const users: Omit<UserTable, 'password_hash'>[] = [];
  const all: SeedCustomer[] = [];
  const usedNames = new Set<string>();
  const newCount = Math.max(0, total - base.length);
  const repCount = new Map<string, number>();
  const nextStop = new Map<string, number>();
  for (const c of base) {
    if (c.route_number) nextStop.set(c.route_number, Math.max(nextStop.get(c.route_number) ?? 1, Number(c.stop_number ?? 0) + 1));
    if (c.sales_rep_id) repCount.set(c.sales_rep_id, (repCount.get(c.sales_rep_id) ?? 0) + 1);
  }
  const perRep = Math.ceil((newCount + base.length) / REP_IDS.length);
  const stopsPerRoute = Math.max(20, Math.ceil(perRep / 99));

  const withHabits = (c: BaseCustomer, userId: string): SeedCustomer => {
    const demo = demoCustomerIds.includes(c.id);
    const repOne = c.sales_rep_id === 'rep-1';
    const slowPayer = !demo && habits.chance(0.12);
    return {
      id: c.id,
      cNumber: c.c_number,
      repId: c.sales_rep_id,
      priceLevel: c.price_level,
      minOrderCents: c.min_order_cents,
      itemLimitQty: c.item_limit_qty,
      orderDay: c.order_day,
      userId,
      weight: demo ? 5 : repOne ? 1.6 : 0.6 + habits.next() * 0.8,
      lines: demo ? [6, 22] : [3, 14],
      payDelayDays: demo ? 10 : slowPayer ? habits.int(25, 45) : habits.int(2, 21),
      payMethod: demo ? 'check' : (['check', 'check', 'ach', 'cod'] as const)[habits.int(0, 3)]!,
      skipRate: slowPayer ? 0.2 : 0.02,
    };
  };

  const pushUser = (customerId: string, cNumber: string, name: string, createdAt: string): string => {
    const id = customerUserId(cNumber);
    users.push({
      id,
      distributor_id: distributorId,
      role: 'retailer',
      email: customerUserEmail(cNumber),
      phone: `15552${cNumber.padStart(6, '0')}`,
      name,
      customer_id: customerId,
      sales_rep_id: null,
      distributor_role_id: null,
      is_active: 1,
      created_at: createdAt,
      updated_at: createdAt,
    });
    return id;
  };

  for (const c of base) {
    usedNames.add(c.company_name);
    all.push(withHabits(c, c.userId ?? pushUser(c.id, c.c_number, c.contact_name, now.toISOString())));
  }

  const highest = Math.max(10000, ...base.map((c) => Number(c.c_number) || 0));
  for (let k = 0; k < newCount; k++) {
    const cNumber = String(highest + 1 + k);
    const id = `cust-${cNumber}`;
    const repId = REP_IDS[k % REP_IDS.length]!;
    const repIndex = REP_IDS.indexOf(repId) + 1;
    const j = repCount.get(repId) ?? 0;
    repCount.set(repId, j + 1);
    const route = String(repIndex * 100 + 1 + Math.floor(j / stopsPerRoute));
    const stop = nextStop.get(route) ?? 1;
    nextStop.set(route, stop + 1);

    let name = `${rng.pick(STORE_PREFIXES)} ${rng.pick(STORE_TYPES)}`;
    if (usedNames.has(name)) {
      let n = 2;
      while (usedNames.has(`${name} #${n}`)) n++;
      name = `${name} #${n}`;
    }
    usedNames.add(name);
    const contact = `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`;
    const [city, zip, area] = rng.pick(AREAS[repId]!);
    const createdAt = new Date(now.getTime() - rng.int(200, 1500) * 86_400_000).toISOString();
    const row: CustomerRow = {
      id,
      distributor_id: distributorId,
      warehouse_id: repId === 'rep-2' ? 'wh-2' : 'wh-1',
      c_number: cNumber,
      contact_name: contact,
      company_name: name,
      address: `${rng.int(100, 9899)} ${rng.pick(STREETS)}`,
      city,
      state: 'CA',
      zip,
      phone: `(${area}) 555-${String(rng.int(100, 9999)).padStart(4, '0')}`,
      email: customerUserEmail(cNumber),
      balance_cents: 0,
      order_day: weighted(rng, ORDER_DAY_WEIGHTS),
      route_number: route,
      stop_number: String(stop),
      sales_rep_id: repId,
      price_level: 1 + weighted(rng, [30, 25, 20, 15, 10]),
      min_order_cents: rng.chance(0.35) ? rng.pick([5000, 7500, 10000, 15000, 25000]) : null,
      item_limit_qty: rng.chance(0.1) ? rng.pick([50, 100, 150, 200]) : null,
      is_active: 1,
      created_at: createdAt,
    };
    rows.push(row);
    all.push(withHabits(row, pushUser(id, cNumber, contact, createdAt)));
  }
  return { rows, users, all };
}
