// The rest of a seeded distributor: settings, policy texts, e-pick settings, banners, promotions
// (discounts, promoted items), calendar entries, and a few notifications for the
// demo retailer. Times are relative to now so that promotions are running and entries upcoming.
import type { Trx } from '../database.ts';
import type {
  BannerTable,
  CalendarEntryTable,
  NotificationRecipientTable,
  NotificationTable,
  PromotionTable,
  PromotionTargetTable,
} from '../schema.ts';
import { insertRows } from './bulk-insert.ts';
import type { CatalogProduct } from './catalog.ts';
import { POLICY_TEXTS } from './policy-texts.ts';
import { createRng } from './prng.ts';
import { DEMO_DELIVERY_CHARGE, DEMO_EPICK_CONFIG, DEMO_TIME_ZONE } from './settings-data.ts';

const DAY = 86_400_000;

export interface ExtrasInput {
  trx: Trx;
  distributorId: string;
  products: readonly CatalogProduct[];
  now: Date;
  /** The demo retailer's login and store, who gets notifications. */
  retailerUserId: string | null;
  retailerCustomerId: string | null;
  /** The demo rep and one of its stores, for calendar entries. */
  repId: string | null;
  adminUserId: string | null;
}

export interface ExtrasResult {
  promotions: number;
  calendarEntries: number;
  notifications: number;
}

export const BANNERS = [
  {
    title: 'Summer Beverage Sale',
    description: 'Save up to 15% on soft drinks, energy drinks and water. Stock up for the heat.',
    image: '/product-images/banner-beverages.svg',
  },
  {
    title: 'New Arrivals Are Here',
    description: 'Fresh snacks and candy just landed in the warehouse. Be the first to stock them.',
    image: '/product-images/banner-new-items.svg',
  },
  {
    title: 'Free Delivery Over $500',
    description: 'Orders of $500.00 or more ship free on your next route day.',
    image: '/product-images/banner-free-delivery.svg',
  },
];

export async function seedExtras(input: ExtrasInput): Promise<ExtrasResult> {
  const { trx, distributorId: d, now } = input;
  const at = (days: number, hourUtc = 16): string => {
    const t = new Date(now.getTime() + days * DAY);
    t.setUTCHours(hourUtc, 0, 0, 0);
    return t.toISOString();
  };
  const nowIso = now.toISOString();

  await insertRows(trx, 'settings', [
    { distributor_id: d, key: 'delivery_charge', value: JSON.stringify(DEMO_DELIVERY_CHARGE), updated_at: nowIso },
    { distributor_id: d, key: 'time_zone', value: JSON.stringify(DEMO_TIME_ZONE), updated_at: nowIso },
  ]);
  await insertRows(
    trx,
    'policies',
    POLICY_TEXTS.map((p) => ({
      id: `policy-${p.kind}`,
      distributor_id: d,
      kind: p.kind,
      title: p.title,
      body: p.body,
      updated_at: nowIso,
    })),
  );
  // Version 1 of each text, with no author: the history starts from the seeded text (docs/policies.md).
  await insertRows(
    trx,
    'policy_versions',
    POLICY_TEXTS.map((p) => ({
      id: `policy-${p.kind}-v1`,
      distributor_id: d,
      kind: p.kind,
      version: 1,
      title: p.title,
      body: p.body,
      created_by_user_id: null,
      created_by_name: null,
      created_at: nowIso,
    })),
  );
  await insertRows(trx, 'epick_settings', [{ distributor_id: d, config: JSON.stringify(DEMO_EPICK_CONFIG), updated_at: nowIso }]);

  // Promotions on products anyone may see and order.
  const rng = createRng('promotions');
  const eligible = rng.shuffle(
    input.products.filter(
      (p) => p.is_active === 1 && p.allow_to_order === 1 && p.allow_to_order_sales === 1 && p.show_without_price === 0,
    ),
  );
  const banners: BannerTable[] = BANNERS.map((b, i) => ({
    id: `promo-banner-${i + 1}`,
    distributor_id: d,
    title: b.title,
    description: b.description,
    image_url: b.image,
    link_url: null, // each dashboard's own Shop now destination
    audience: 'all',
    starts_at: at(-10 - i * 3, 8),
    ends_at: at(20 + i * 5, 7),
    is_active: 1,
    created_at: at(-12 - i * 3, 8),
    updated_at: null,
  }));
  await insertRows(trx, 'banners', banners);
  // Discounts and promoted items on one product each, for every customer: the rules' columns (which the
  // catalogue prices with) and the legacy ones (kind, product_id, discount_bp: the admin products list's
  // marks) say the same, as the promotions service writes them.
  const promotions: PromotionTable[] = [];
  const targets: PromotionTargetTable[] = [];
  const rules = { audience: 'all' as const, updated_at: null };
  const discounted = eligible.slice(0, Math.min(30, Math.floor(eligible.length / 3)));
  const promoted = eligible.slice(discounted.length, discounted.length + Math.min(20, Math.floor(eligible.length / 3)));
  discounted.forEach((p, i) => {
    // The last two are outside their window: one ended, one not started yet.
    const window =
      i === discounted.length - 1
        ? [-40, -10]
        : i === discounted.length - 2 && i > 0
          ? [5, 30]
          : [-rng.int(1, 14), rng.int(7, 45)];
    const percent = rng.pick([5, 10, 10, 15, 20]);
    promotions.push({
      id: `promo-discount-${i + 1}`,
      distributor_id: d,
      title: `${percent}% off ${p.brand ?? p.description}`,
      description: `${p.description}: ${percent}% off your price while the promotion runs.`,
      kind: 'discount',
      product_id: p.id,
      discount_bp: percent * 100,
      discount_type: 'percent',
      discount_value: percent * 100,
      is_promoted: 0,
      ...rules,
      image_url: null,
      starts_at: at(window[0]!, 8),
      ends_at: at(window[1]!, 7),
      is_active: 1,
      created_at: at(window[0]! - 2, 8),
    });
  });
  promoted.forEach((p, i) => {
    promotions.push({
      id: `promo-promoted-${i + 1}`,
      distributor_id: d,
      title: `Featured: ${p.description}`,
      description: 'Recommended by your sales representative this month.',
      kind: 'promoted',
      product_id: p.id,
      discount_bp: null,
      discount_type: null,
      discount_value: null,
      is_promoted: 1,
      ...rules,
      image_url: null,
      starts_at: at(-rng.int(1, 20), 8),
      ends_at: at(rng.int(10, 40), 7),
      is_active: 1,
      created_at: at(-21, 8),
    });
  });
  await insertRows(trx, 'promotions', promotions);
  for (const p of promotions) targets.push({ promotion_id: p.id, target_type: 'product', target_value: p.product_id! });
  await insertRows(trx, 'promotion_targets', targets);

  const calendar: CalendarEntryTable[] = [
    {
      id: 'cal-1',
      distributor_id: d,
      title: 'Warehouse inventory count',
      description: 'No will-call pickups at the Sacramento warehouse. Deliveries run as usual.',
      starts_at: at(5, 8),
      ends_at: at(6, 7),
      all_day: 1,
      customer_id: null,
      sales_rep_id: null,
      created_at: nowIso,
    },
    {
      id: 'cal-2',
      distributor_id: d,
      title: 'Monthly sales meeting',
      description: 'Conference room B: new items, promotions for next month, route changes.',
      starts_at: at(2, 16),
      ends_at: at(2, 17),
      all_day: 0,
      customer_id: null,
      sales_rep_id: input.repId,
      created_at: nowIso,
    },
    {
      id: 'cal-3',
      distributor_id: d,
      title: 'New product showcase',
      description: 'Vendors present this season’s beverages and snacks. Retailers welcome, samples provided.',
      starts_at: at(12, 17),
      ends_at: at(12, 21),
      all_day: 0,
      customer_id: null,
      sales_rep_id: null,
      created_at: nowIso,
    },
    {
      id: 'cal-4',
      distributor_id: d,
      title: 'Candy aisle reset',
      description: 'Visit the store to reset the candy and gum planogram.',
      starts_at: at(1, 18),
      ends_at: at(1, 19),
      all_day: 0,
      customer_id: input.retailerCustomerId,
      sales_rep_id: input.repId,
      created_at: nowIso,
    },
    {
      id: 'cal-5',
      distributor_id: d,
      title: 'Beverage price increase takes effect',
      description: 'Manufacturer price increase on soft drinks. Encourage stores to stock up before this date.',
      starts_at: at(14, 8),
      ends_at: null,
      all_day: 1,
      customer_id: null,
      sales_rep_id: null,
      created_at: nowIso,
    },
    {
      id: 'cal-6',
      distributor_id: d,
      title: 'Holiday schedule: no deliveries',
      description: 'The warehouse is closed. Routes of that day run the day after.',
      starts_at: at(24, 8),
      ends_at: at(25, 7),
      all_day: 1,
      customer_id: null,
      sales_rep_id: null,
      created_at: nowIso,
    },
    // Today and a few days back, so the current week of the demo calendar is never empty.
    {
      id: 'cal-7',
      distributor_id: d,
      title: 'Route review with the sales manager',
      description: "This week's stops, open balances and stores behind on their order day.",
      starts_at: at(0, 17),
      ends_at: at(0, 18),
      all_day: 0,
      customer_id: null,
      sales_rep_id: input.repId,
      created_at: nowIso,
    },
    {
      id: 'cal-8',
      distributor_id: d,
      title: 'Truck maintenance: routes start an hour late',
      description: 'Two delivery trucks in for service. Drivers call stores on the affected routes.',
      starts_at: at(-3, 8),
      ends_at: at(-2, 7),
      all_day: 1,
      customer_id: null,
      sales_rep_id: null,
      created_at: nowIso,
    },
  ];
  await insertRows(trx, 'calendar_entries', calendar);

  // One sent notification per item, addressed to the demo store, with the retailer's inbox row (0024).
  const notifications: NotificationTable[] = [];
  const recipients: NotificationRecipientTable[] = [];
  if (input.retailerUserId && input.retailerCustomerId) {
    const recent = await trx
      .selectFrom('orders')
      .select(['order_number', 'status', 'updated_at'])
      .where('customer_id', '=', input.retailerCustomerId)
      .orderBy('created_at', 'desc')
      .limit(4)
      .execute();
    const statusText: Record<string, string> = {
      placed: 'has been received',
      confirmed: 'has been confirmed',
      picking: 'is being picked at the warehouse',
      out_for_delivery: 'is out for delivery',
      delivered: 'has been delivered',
      cancelled: 'has been cancelled',
    };
    const add = (n: Pick<NotificationTable, 'id' | 'kind' | 'title' | 'body' | 'url' | 'created_at'>, isRead: boolean): void => {
      notifications.push({
        ...n,
        distributor_id: input.distributorId,
        audience_type: 'customers',
        status: 'sent',
        send_at: n.created_at,
        sent_at: n.created_at,
        created_by_user_id: null,
        dedupe_key: null,
      });
      recipients.push({
        notification_id: n.id,
        user_id: input.retailerUserId!,
        is_read: isRead ? 1 : 0,
        read_at: isRead ? n.created_at : null,
        deleted_at: null,
        created_at: n.created_at,
      });
    };
    recent.forEach((o, i) =>
      add(
        {
          id: `notif-demo-order-${i + 1}`,
          kind: 'orderStatus',
          title: `Order #${o.order_number}`,
          body: `Your order #${o.order_number} ${statusText[o.status] ?? 'was updated'}.`,
          url: `/retailer/order/details/${o.order_number}`,
          created_at: o.updated_at,
        },
        i >= 2,
      ),
    );
    const general = [
      {
        title: 'Summer Beverage Sale',
        body: 'Save up to 15% on soft drinks, energy drinks and water this month.',
        url: '/retailer/promo',
        days: -2,
        read: false,
      },
      {
        title: 'New items this week',
        body: 'New snacks and candy have arrived. Look for the New badge in the catalogue.',
        url: '/retailer/order',
        days: -4,
        read: false,
      },
      {
        title: 'Payment received',
        body: 'Thank you! Your latest payment has been applied to your account.',
        url: '/retailer/account',
        days: -6,
        read: true,
      },
    ];
    general.forEach((n, i) =>
      add(
        {
          id: `notif-demo-${i + 1}`,
          kind: 'message',
          title: n.title,
          body: n.body,
          url: n.url,
          created_at: new Date(now.getTime() + n.days * DAY).toISOString(),
        },
        n.read,
      ),
    );
    await insertRows(trx, 'notifications', notifications);
    await insertRows(
      trx,
      'notification_audience',
      notifications.map((n) => ({ notification_id: n.id, audience_value: input.retailerCustomerId! })),
    );
    await insertRows(trx, 'notification_recipients', recipients);
  }

  return {
    promotions: promotions.length + banners.length,
    calendarEntries: calendar.length,
    notifications: notifications.length,
  };
}
