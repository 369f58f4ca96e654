// Promotions and banners: the office keeps them (a distributor user sees and edits only its own
// distributor's rows), the catalogue prices through them (loadPromotionRules + the pure rules in
// packages/shared/src/pricing/promotions.ts), and buyers see the banners running for them.
// No hard delete: promotions and banners are deactivated and reactivated.
import { dollarsToCents, centsToDollars } from '@portal/shared/money/money';
import { levelPriceCents } from '@portal/shared/pricing/pricing';
import { DEFAULT_SORTS, resolveSorting } from '@portal/shared/api/sort';
import {
  bestPromotion,
  inAudience,
  promotionStatus,
  type Audience,
  type PromotionBuyer,
  type PromotionRule,
} from '@portal/shared/pricing/promotions';
import {
  BANNER_MESSAGES,
  PREVIEW_MAX_ITEMS,
  PROMOTION_MESSAGES,
  type AudienceInput,
  type BannerInput,
  type BannerRow,
  type PromotionInput,
  type PromotionPreview,
  type PromotionRow,
  type promotionListQuery,
} from '@portal/shared/promotions/promotions.schemas';
import { PROMO_CHOICES_LIMIT, type PromoChoices, type promoChoicesQuery } from '@portal/shared/promotions/promo-choices.schemas';
import type { Banner } from '@portal/shared/sales/sales.schemas';
import type { z } from 'zod';
import type { Db, DbOrTrx } from '../../db/database.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { nowIso } from '../../platform/clock.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import {
  audienceOf,
  brandChoices,
  categoryChoices,
  customerChoices,
  existingBrands,
  existingIds,
  existingRoutes,
  findBuyer,
  findTimedRow,
  insertTimedRow,
  listTimedRows,
  loadRuleRows,
  productChoices,
  replaceTargets,
  routeChoices,
  runningBannerRows,
  setActive,
  targetedProducts,
  targetsOf,
  updateTimedRow,
  vendorChoices,
  type AudienceDbRow,
  type BannerDbRow,
  type BannerFields,
  type PromotionDbRow,
  type PromotionFields,
  type TargetDbRow,
  type Timed,
  type TimedDbRow,
} from './promotions.repository.ts';

type ListQuery = z.output<typeof promotionListQuery>;

// ---- Mapping ----

function audienceFrom(type: PromotionDbRow['audience'], ownerId: string, rows: readonly AudienceDbRow[]): Audience {
  return { type, values: rows.filter((a) => a.owner_id === ownerId).map((a) => a.audience_value) };
}

function ruleFrom(row: PromotionDbRow, targets: readonly TargetDbRow[], audience: readonly AudienceDbRow[]): PromotionRule {
  const own = targets.filter((t) => t.promotion_id === row.id);
  const of = (type: TargetDbRow['target_type']) => own.filter((t) => t.target_type === type).map((t) => t.target_value);
  const value = row.discount_value ?? 0;
  return {
    id: row.id,
    title: row.title,
    discount:
      row.discount_type === 'percent' && value > 0
        ? { type: 'percent', basisPoints: value }
        : row.discount_type === 'amount' && value > 0
          ? { type: 'amount', cents: value }
          : null,
    promoted: Number(row.is_promoted) === 1,
    targets: { productIds: of('product'), categoryIds: of('category'), brands: of('brand'), vendorIds: of('vendor') },
    audience: audienceFrom(row.audience, row.id, audience),
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    isActive: Number(row.is_active) === 1,
  };
}

function toPromotionRow(
  row: PromotionDbRow,
  targets: readonly TargetDbRow[],
  audience: readonly AudienceDbRow[],
  now: string,
): PromotionRow {
  const rule = ruleFrom(row, targets, audience);
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    discountType: row.discount_type ?? 'none',
    discountValue: row.discount_type && row.discount_value !== null ? centsToDollars(row.discount_value) : null,
    promoted: rule.promoted,
    targets: rule.targets as PromotionRow['targets'],
    audience: rule.audience as PromotionRow['audience'],
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    isActive: rule.isActive,
    status: promotionStatus(rule, now),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toBannerRow(row: BannerDbRow, audience: readonly AudienceDbRow[], now: string): BannerRow {
  const isActive = Number(row.is_active) === 1;
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    imageUrl: row.image_url,
    linkUrl: row.link_url,
    audience: audienceFrom(row.audience, row.id, audience) as BannerRow['audience'],
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    isActive,
    status: promotionStatus({ isActive, startsAt: row.starts_at, endsAt: row.ends_at }, now),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

// ---- The rules, for the catalogue ----

/**
 * The distributor's promotions in the shape the pure rules take: every switched-on promotion not yet
 * ended at `now` (scheduled ones included, so a holder of this list only needs `now` to know which run).
 * The list changes only with a write to promotions (each bumps the catalogue version, 0002/0007).
 */
export async function loadPromotionRules(db: DbOrTrx, distributorId: string, now: string = nowIso()): Promise<PromotionRule[]> {
  const { rows, targets, audience } = await loadRuleRows(db, distributorId, now);
  return rows.map((r) => ruleFrom(r, targets, audience));
}

export interface CataloguePromotions {
  rules: PromotionRule[];
  /** What the promoted shelf shows besides the rule, by promotion id. */
  details: Map<string, { description: string | null; imageUrl: string | null }>;
}

/** loadPromotionRules with the promoted shelf's details: what the catalogue snapshot holds. */
export async function loadCataloguePromotions(
  db: DbOrTrx,
  distributorId: string,
  now: string = nowIso(),
): Promise<CataloguePromotions> {
  const { rows, targets, audience } = await loadRuleRows(db, distributorId, now);
  return {
    rules: rows.map((r) => ruleFrom(r, targets, audience)),
    details: new Map(rows.map((r) => [r.id, { description: r.description, imageUrl: r.image_url }])),
  };
}

/** A customer as the rules see a buyer (price level, route), or null when not the distributor's. */
export async function promotionBuyer(db: DbOrTrx, distributorId: string, customerId: string): Promise<PromotionBuyer | null> {
  const row = await findBuyer(db, distributorId, customerId);
  return row ? { customerId: row.id, priceLevel: Number(row.price_level), route: row.route_number?.trim() || null } : null;
}

// ---- Office: promotions and banners, one set of actions over each kind ----

/** What differs between promotions and banners in the office's actions. */
interface OfficeKind<T extends Timed, Input, Row> {
  table: T;
  notFound: string;
  /** Office rows of these database rows (their targets and audience read in one go). */
  rows(db: DbOrTrx, rows: TimedDbRow<T>[], now: string): Promise<Row[]>;
  /** Refuses targets and audience values the distributor does not have. */
  refuse(db: DbOrTrx, distributorId: string, input: Input): Promise<void>;
  /** Writes the row, its audience and any other children, inside the caller's transaction. */
  write(
    trx: DbOrTrx,
    row: { id: string; distributorId: string; createdAt: string | null },
    input: Input,
    at: string,
  ): Promise<void>;
}

export interface OfficeActions<Input, Row> {
  list(db: Db, actor: Actor, query: ListQuery): Promise<{ items: Row[]; total: number; page: number; limit: number }>;
  get(db: DbOrTrx, actor: Actor, id: string): Promise<Row>;
  create(db: Db, actor: Actor, input: Input): Promise<Row>;
  edit(db: Db, actor: Actor, id: string, input: Input): Promise<Row>;
  setActive(db: Db, actor: Actor, id: string, active: boolean): Promise<Row>;
}

function officeActions<T extends Timed, Input, Row>(k: OfficeKind<T, Input, Row>): OfficeActions<Input, Row> {
  const get = async (db: DbOrTrx, actor: Actor, id: string) => {
    const row = await findTimedRow(db, k.table, actor.distributorId, id);
    if (!row) throw notFound(k.notFound);
    return (await k.rows(db, [row], nowIso()))[0]!;
  };
  return {
    async list(db, actor, query) {
      const now = nowIso();
      const { rows, total } = await listTimedRows(
        db,
        k.table,
        { distributorId: actor.distributorId, search: query.search || undefined, status: query.status, now },
        resolveSorting(DEFAULT_SORTS.promotions, query.sort, query.dir),
        { offset: (query.page - 1) * query.limit, limit: query.limit },
      );
      return { items: await k.rows(db, rows, now), total, page: query.page, limit: query.limit };
    },
    get,
    async create(db, actor, input) {
      await k.refuse(db, actor.distributorId, input);
      const id = newId();
      const at = nowIso();
      await db.transaction().execute((trx) => k.write(trx, { id, distributorId: actor.distributorId, createdAt: at }, input, at));
      return get(db, actor, id);
    },
    async edit(db, actor, id, input) {
      await get(db, actor, id);
      await k.refuse(db, actor.distributorId, input);
      await db
        .transaction()
        .execute((trx) => k.write(trx, { id, distributorId: actor.distributorId, createdAt: null }, input, nowIso()));
      return get(db, actor, id);
    },
    async setActive(db, actor, id, active) {
      await get(db, actor, id);
      await setActive(db, k.table, actor.distributorId, id, active, nowIso());
      return get(db, actor, id);
    },
  };
}

/** A new row (createdAt set) is inserted, switched on; an existing one rewritten, its audience replaced. */
function writeTimed<T extends Timed>(
  trx: DbOrTrx,
  table: T,
  row: { id: string; distributorId: string; createdAt: string | null },
  fields: T extends 'promotions' ? PromotionFields : BannerFields,
  audience: readonly string[],
): Promise<void> {
  if (row.createdAt === null) return updateTimedRow(trx, table, row.distributorId, row.id, fields, audience);
  const full = { id: row.id, distributor_id: row.distributorId, created_at: row.createdAt, is_active: 1, ...fields };
  return insertTimedRow(trx, table, full as TimedDbRow<T>, audience);
}

/** Refuses (400, message under the field) a named target or audience value the distributor does not have. */
async function refuseUnknown(
  db: DbOrTrx,
  distributorId: string,
  targets: PromotionInput['targets'] | null,
  audience: AudienceInput,
) {
  const M = PROMOTION_MESSAGES;
  type Found = (values: readonly string[]) => Promise<Set<string>>;
  const ids =
    (table: Parameters<typeof existingIds>[1]): Found =>
    (values) =>
      existingIds(db, table, distributorId, values);
  // In order: the first value missing is refused, its message under its field.
  const checks: [field: string, values: readonly string[], found: Found, message: (v: string) => string][] = [];
  if (targets)
    checks.push(
      ['targets.productIds', targets.productIds, ids('products'), M.unknownProduct],
      ['targets.categoryIds', targets.categoryIds, ids('categories'), M.unknownCategory],
      ['targets.vendorIds', targets.vendorIds, ids('vendors'), M.unknownVendor],
      ['targets.brands', targets.brands, (v) => existingBrands(db, distributorId, v), M.unknownBrand],
    );
  if (audience.type === 'customers') checks.push(['audience.values', audience.values, ids('customers'), M.unknownCustomer]);
  if (audience.type === 'routes')
    checks.push(['audience.values', audience.values, (v) => existingRoutes(db, distributorId, v), M.unknownRoute]);
  for (const [field, values, found, message] of checks) {
    const have = await found(values);
    // Brands are found letter case and surrounding spaces aside.
    const key = field === 'targets.brands' ? (v: string) => v.trim().toLowerCase() : (v: string) => v;
    const missing = values.find((v) => !have.has(key(v)));
    if (missing !== undefined) throw badRequest(message(missing), { [field]: message(missing) });
  }
}

function targetRows(t: PromotionInput['targets']): Omit<TargetDbRow, 'promotion_id'>[] {
  return [
    ...t.productIds.map((v) => ({ target_type: 'product' as const, target_value: v })),
    ...t.categoryIds.map((v) => ({ target_type: 'category' as const, target_value: v })),
    ...t.brands.map((v) => ({ target_type: 'brand' as const, target_value: v.trim() })),
    ...t.vendorIds.map((v) => ({ target_type: 'vendor' as const, target_value: v })),
  ];
}

/**
 * The legacy columns (kind, product_id, discount_bp): the catalogue prices with loadPromotionRules, but
 * the admin products list still marks and filters promoted and discounted products by them
 * (products.repository activePromotion). Filled when the promotion can be said that way (one product,
 * every customer, a percent or promoted only), else kind 'rule'. They go once that list reads the rules.
 */
function legacyColumns(
  input: PromotionInput,
  discountValue: number | null,
): Pick<PromotionFields, 'kind' | 'product_id' | 'discount_bp'> {
  const t = input.targets;
  const oneProductForAll =
    t.productIds.length === 1 &&
    t.categoryIds.length + t.brands.length + t.vendorIds.length === 0 &&
    input.audience.type === 'all';
  if (oneProductForAll && input.discountType === 'percent' && !input.promoted)
    return { kind: 'discount', product_id: t.productIds[0]!, discount_bp: discountValue };
  if (oneProductForAll && input.discountType === 'none' && input.promoted)
    return { kind: 'promoted', product_id: t.productIds[0]!, discount_bp: null };
  return { kind: 'rule', product_id: null, discount_bp: null };
}

function promotionFields(input: PromotionInput, at: string): PromotionFields {
  // Percent in basis points (12.5 % → 1250), an amount in cents ($1.50 → 150): both are value × 100.
  const discountValue =
    input.discountType === 'none' || input.discountValue === null ? null : dollarsToCents(input.discountValue);
  return {
    title: input.title,
    description: input.description,
    image_url: null,
    starts_at: input.startsAt,
    ends_at: input.endsAt,
    discount_type: input.discountType === 'none' ? null : input.discountType,
    discount_value: discountValue,
    is_promoted: input.promoted ? 1 : 0,
    audience: input.audience.type,
    updated_at: at,
    ...legacyColumns(input, discountValue),
  };
}

export const promotionActions = officeActions<'promotions', PromotionInput, PromotionRow>({
  table: 'promotions',
  notFound: PROMOTION_MESSAGES.notFound,
  async rows(db, rows, now) {
    const ids = rows.map((r) => r.id);
    const [targets, audience] = await Promise.all([targetsOf(db, ids), audienceOf(db, 'promotions', ids)]);
    return rows.map((r) => toPromotionRow(r, targets, audience, now));
  },
  refuse: (db, distributorId, input) => refuseUnknown(db, distributorId, input.targets, input.audience),
  async write(trx, row, input, at) {
    await writeTimed(trx, 'promotions', row, promotionFields(input, at), input.audience.values);
    await replaceTargets(trx, row.id, targetRows(input.targets));
  },
});

/**
 * What a chosen customer pays for one unit of each product the promotion targets, without it and with
 * it (as if switched on), under the stacking rule with the distributor's other promotions. Priced now,
 * or at the start of a promotion still scheduled. Quantity tiers are left out (one unit).
 */
export async function previewPromotion(db: Db, actor: Actor, id: string, customerId: string): Promise<PromotionPreview> {
  const row = await findTimedRow(db, 'promotions', actor.distributorId, id);
  if (!row) throw notFound(PROMOTION_MESSAGES.notFound);
  const [targets, audience] = await Promise.all([targetsOf(db, [id]), audienceOf(db, 'promotions', [id])]);
  const customer = await findBuyer(db, actor.distributorId, customerId);
  if (!customer) throw notFound(PROMOTION_MESSAGES.customerNotFound);
  const buyer: PromotionBuyer = {
    customerId: customer.id,
    priceLevel: Number(customer.price_level),
    route: customer.route_number?.trim() || null,
  };
  const now = nowIso();
  const at = Date.parse(row.starts_at) > Date.parse(now) ? row.starts_at : now;
  const self: PromotionRule = { ...ruleFrom(row, targets, audience), isActive: true };
  const others = (await loadPromotionRules(db, actor.distributorId, at)).filter((r) => r.id !== id);
  const { rows, total } = await targetedProducts(db, actor.distributorId, self.targets, PREVIEW_MAX_ITEMS);
  const items = rows.map((p) => {
    const levelCents = levelPriceCents(
      [p.price1_cents, p.price2_cents, p.price3_cents, p.price4_cents, p.price5_cents],
      buyer.priceLevel,
    );
    const product = {
      id: p.id,
      categoryId: p.category_id,
      subcategoryId: p.subcategory_id,
      brand: p.brand,
      vendorId: p.vendor_id,
    };
    const before = bestPromotion(others, product, buyer, at, levelCents);
    const after = bestPromotion([...others, self], product, buyer, at, levelCents);
    return {
      productId: p.id,
      itemNumber: p.item_number,
      description: p.description,
      priceBefore: centsToDollars(levelCents - (before?.discountCents ?? 0)),
      priceAfter: centsToDollars(levelCents - (after?.discountCents ?? 0)),
      discounted: after?.rule.id === id,
    };
  });
  return {
    customer: {
      id: customer.id,
      cNumber: customer.c_number,
      name: customer.company_name,
      priceLevel: buyer.priceLevel,
      route: buyer.route,
    },
    at,
    appliesToCustomer: inAudience(self.audience, buyer),
    items,
    total,
  };
}

export const bannerActions = officeActions<'banners', BannerInput, BannerRow>({
  table: 'banners',
  notFound: BANNER_MESSAGES.notFound,
  async rows(db, rows, now) {
    const audience = await audienceOf(
      db,
      'banners',
      rows.map((r) => r.id),
    );
    return rows.map((r) => toBannerRow(r, audience, now));
  },
  refuse: (db, distributorId, input) => refuseUnknown(db, distributorId, null, input.audience),
  write: (trx, row, input, at) =>
    writeTimed(
      trx,
      'banners',
      row,
      {
        title: input.title,
        description: input.description,
        image_url: input.imageUrl,
        link_url: input.linkUrl,
        audience: input.audience.type,
        starts_at: input.startsAt,
        ends_at: input.endsAt,
        updated_at: at,
      },
      input.audience.values,
    ),
});

// ---- What the forms choose from ----

const CHOICES = {
  customers: customerChoices,
  routes: routeChoices,
  products: productChoices,
  categories: categoryChoices,
  brands: brandChoices,
  vendors: vendorChoices,
} as const;

/** The distributor's choices of one kind: the named values with their labels, else a search's first ones. */
export async function promoChoices(db: Db, actor: Actor, query: z.output<typeof promoChoicesQuery>): Promise<PromoChoices> {
  const filter = query.values.length ? { values: query.values } : { search: query.search ?? '', limit: PROMO_CHOICES_LIMIT };
  return { items: await CHOICES[query.kind](db, actor.distributorId, filter) };
}

// ---- Buyers ----

/**
 * The banners running now for a buyer of the distributor (GET /sales/bannerList, /retailer/bannerList):
 * those for all customers, and those whose audience holds the customer; with no customer, only those
 * for all customers.
 */
export async function runningBanners(db: Db, distributorId: string, customerId: string | null): Promise<Banner[]> {
  const buyer = customerId ? await promotionBuyer(db, distributorId, customerId) : null;
  const { rows, audience } = await runningBannerRows(db, distributorId, nowIso());
  return rows
    .filter((r) => inAudience(audienceFrom(r.audience, r.id, audience), buyer))
    .map((r) => ({
      id: r.id,
      title: r.title,
      description: r.description,
      imageUrl: r.image_url,
      link: r.link_url,
      startsAt: r.starts_at,
      endsAt: r.ends_at,
    }));
}
