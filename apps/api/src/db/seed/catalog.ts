// Builds the catalogue: categories, vendors and any number of products from catalog-data.ts.
// Product i is always the same product whatever the count asked for (the generator is seeded
// and sequential), so a demo catalogue is the first slice of a benchmark catalogue.
import type { CategoryTable, ProductQtyDiscountTable, ProductTable, VendorTable } from '../schema.ts';
import { CATALOG, VENDORS, type BrandSpec, type SizeSpec, type SubcategorySpec } from './catalog-data.ts';
import { createRng } from './prng.ts';
import { makeUpcA } from './upc.ts';

export interface CatalogProduct extends Omit<ProductTable, 'version' | 'stock_changed_at'> {
  upcs: string[];
  qtyDiscounts: { minQty: number; discountCents: number }[];
}

export interface Catalog {
  categories: CategoryTable[];
  vendors: VendorTable[];
  products: CatalogProduct[];
  qtyDiscounts: ProductQtyDiscountTable[];
}

interface Combo {
  categoryIndex: number;
  sub: SubcategorySpec;
  subId: string;
  brand: BrandSpec;
  item: string;
  size: SizeSpec;
}

/** Price factors of the five levels: level 1 is the list price, lower levels are cheaper. */
export const PRICE_LEVEL_FACTORS = [1, 0.97, 0.94, 0.91, 0.88] as const;

/** California CRV per container: 5 cents under 24 oz, 10 cents at 24 oz or more. */
export function crvPerContainer(ounces: number): number {
  return ounces < 24 ? 5 : 10;
}

// Variants beyond the base catalogue (large benchmark catalogues): pre-priced and other packs.
const VARIANTS = ['PP', 'Club Pack', 'Limited Edition', 'Display Ready', 'Value Pack', 'Seasonal', 'Mega Pack', 'Bonus Pack'];

const CATALOG_CREATED = '2025-01-06T16:00:00.000Z';

export const slugify = (s: string): string =>
  s
    .toLowerCase()
    .replace(/&/g, ' ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export const categoryId = (slug: string): string => `cat-${slug}`;
const vendorId = (index: number): string => `vendor-${String(index + 1).padStart(2, '0')}`;
export const productId = (index: number): string => `prod-${String(index + 1).padStart(6, '0')}`;
export const FIRST_ITEM_NUMBER = 500001;
/** The first products (one or two per subcategory, "Coca-Cola Classic 12oz Can 24pk" first) are plain: active, priced, orderable, in stock. */
export const SHOWCASE_PRODUCTS = 64;

/** Every brand × item × size, interleaved across subcategories so that any prefix spans the catalogue. */
function baseCombos(): Combo[] {
  const perSub: Combo[][] = [];
  CATALOG.forEach((category, categoryIndex) => {
    for (const sub of category.subcategories) {
      const subId = categoryId(`${category.slug}-${slugify(sub.name)}`);
      const list: Combo[] = [];
      const maxItems = Math.max(...sub.brands.map((b) => b.items.length));
      for (let i = 0; i < maxItems; i++) {
        for (const brand of sub.brands) {
          const item = brand.items[i];
          if (item === undefined) continue;
          for (const size of brand.sizes ?? sub.sizes) list.push({ categoryIndex, sub, subId, brand, item, size });
        }
      }
      perSub.push(list);
    }
  });
  const out: Combo[] = [];
  const longest = Math.max(...perSub.map((l) => l.length));
  for (let i = 0; i < longest; i++) for (const list of perSub) if (list[i]) out.push(list[i]!);
  return out;
}

export const BASE_PRODUCT_COUNT = baseCombos().length;

function categoriesAndVendors(distributorId: string): { categories: CategoryTable[]; vendors: VendorTable[] } {
  const categories: CategoryTable[] = [];
  CATALOG.forEach((category, i) => {
    categories.push({
      id: categoryId(category.slug),
      distributor_id: distributorId,
      name: category.name,
      parent_id: null,
      sort_order: i + 1,
    });
    category.subcategories.forEach((sub, j) => {
      categories.push({
        id: categoryId(`${category.slug}-${slugify(sub.name)}`),
        distributor_id: distributorId,
        name: sub.name,
        parent_id: categoryId(category.slug),
        sort_order: j + 1,
      });
    });
  });
  const vendors: VendorTable[] = VENDORS.map((vendor, i) => ({
    id: vendorId(i),
    distributor_id: distributorId,
    name: vendor.name,
    contact_name: vendor.contact,
    email: `orders@${slugify(vendor.name).split('-').slice(0, 2).join('')}.demo.test`,
    phone: vendor.phone,
    is_active: 1,
    created_at: CATALOG_CREATED,
  }));
  return { categories, vendors };
}

/** Rounds a price to a shelf-looking .x9 ending. */
const shelfPrice = (cents: number): number => Math.max(99, Math.round(cents / 10) * 10 - 1);

export function generateCatalog(distributorId: string, count: number, now: Date): Catalog {
  const rng = createRng('catalog');
  const combos = baseCombos();
  const { categories, vendors } = categoriesAndVendors(distributorId);
  const vendorIds = new Map(VENDORS.map((v, i) => [v.name, vendorId(i)]));
  const upcCounters = new Map<number, number>();
  const nextUpc = (prefix: number): string => {
    const n = (upcCounters.get(prefix) ?? 0) + 1;
    upcCounters.set(prefix, n);
    const code = 100 + n * 3;
    if (code > 99_999) throw new Error(`Too many products for UPC prefix ${prefix}`);
    return makeUpcA(prefix, code);
  };

  const products: CatalogProduct[] = [];
  const qtyDiscounts: ProductQtyDiscountTable[] = [];
  for (let i = 0; i < count; i++) {
    const combo = combos[i % combos.length]!;
    const round = Math.floor(i / combos.length);
    const category = CATALOG[combo.categoryIndex]!;
    const { brand, item, size, sub } = combo;

    let variant = '';
    let factor = (brand.premium ?? 1) * (0.95 + rng.next() * 0.11);
    if (round > 0) {
      variant = VARIANTS[(round - 1) % VARIANTS.length]!;
      if (round > VARIANTS.length) variant += ` ${Math.ceil(round / VARIANTS.length)}`;
      factor *= 0.9 + rng.next() * 0.25;
    }
    const price1 = shelfPrice(size.price * factor);
    const prices = PRICE_LEVEL_FACTORS.map((f) => Math.round(price1 * f));
    if (variant.startsWith('PP')) {
      // Pre-priced packs carry the shelf price the store must charge per unit.
      const retail = shelfPrice((price1 / size.pack) * 1.45) / 100;
      variant = `${variant} $${retail.toFixed(2)}`;
    }
    const description = [brand.brand, item, variant, size.label].filter(Boolean).join(' ');
    const itemNumber = String(FIRST_ITEM_NUMBER + i);

    const upcs = [nextUpc(brand.upcPrefix)];
    if (rng.chance(0.3)) upcs.push(nextUpc(brand.upcPrefix));

    const stockRoll = rng.next();
    const showcase = i < SHOWCASE_PRODUCTS;
    const drawnStock = stockRoll < 0.06 ? 0 : stockRoll < 0.14 ? rng.int(1, 9) : rng.int(12, 480);
    const stock = showcase ? Math.max(drawnStock, 120) : drawnStock;
    const showInventory = rng.chance(0.85) ? 1 : 0;
    const showLow = rng.chance(0.3) ? 1 : 0;
    const showWithoutPrice = rng.chance(0.03) && !showcase ? 1 : 0;
    const allowToOrder = rng.chance(0.985) || showcase ? 1 : 0;
    // Sales reps see the same flags on most products; on about one in ten each flag differs.
    const differ = (flag: number, p = 0.1): number => (rng.chance(p) ? 1 - flag : flag);
    const isNew = rng.chance(0.04) ? 1 : 0;
    const createdAt = isNew ? new Date(now.getTime() - rng.int(1, 21) * 86_400_000).toISOString() : CATALOG_CREATED;
    const productLimit = rng.chance(0.06) ? rng.pick([2, 3, 4, 5, 6, 10, 12]) : null;
    const id = productId(i);

    const discounts: CatalogProduct['qtyDiscounts'] = [];
    if (rng.chance(0.08)) {
      const tiers = rng.pick([[3, 6], [5, 10, 20], [2], [4, 8, 12]]);
      tiers.forEach((minQty, k) =>
        discounts.push({ minQty, discountCents: Math.max(5, Math.round(price1 * (0.03 + 0.025 * k))) }),
      );
      discounts.forEach((d, k) =>
        qtyDiscounts.push({ id: `pqd-${id}-${k + 1}`, product_id: id, min_qty: d.minQty, discount_cents: d.discountCents }),
      );
    }

    products.push({
      id,
      distributor_id: distributorId,
      item_number: itemNumber,
      description,
      brand: brand.brand,
      category_id: categoryId(category.slug),
      subcategory_id: combo.subId,
      vendor_id: vendorIds.get(brand.vendor) ?? null,
      sales_category: sub.name,
      pack: size.pack,
      case_count: size.caseCount,
      uom: size.uom,
      unit_ounces: size.oz,
      size: /^\d/.test(size.label) ? size.label.split(' ')[0]! : size.oz > 0 ? `${size.oz}oz` : null,
      price1_cents: prices[0]!,
      price2_cents: prices[1]!,
      price3_cents: prices[2]!,
      price4_cents: prices[3]!,
      price5_cents: prices[4]!,
      tax_rate_bp: sub.taxBp,
      crv_cents: sub.crv ? crvPerContainer(size.oz) * size.pack : 0,
      stock_on_hand: stock,
      // Aisle per category, bay by position: a warehouse layout for the pick list (docs/pick-lists.md).
      location: `${String.fromCharCode(65 + (combo.categoryIndex % 26))}-${String(1 + (i % 24)).padStart(2, '0')}`,
      allow_backorder: rng.chance(0.12) ? 1 : 0,
      low_stock_threshold: rng.pick([5, 10, 10, 12, 24]),
      show_inventory_stock: showInventory,
      show_low_stock: showLow,
      show_without_price: showWithoutPrice,
      allow_to_order: allowToOrder,
      show_inventory_stock_to_sales: differ(showInventory),
      show_low_stock_to_sales: differ(showLow),
      show_without_price_to_sales: showcase ? differ(0, 0) : differ(showWithoutPrice),
      allow_to_order_sales: showcase ? differ(1, 0) : differ(allowToOrder, 0.03),
      product_limit: productLimit,
      is_new_item: isNew,
      show_distributor_image: 0,
      distributor_image_url: null,
      master_image_url: `/product-images/${category.slug}.svg`,
      is_active: rng.chance(0.995) || showcase ? 1 : 0,
      search_text: [description, brand.brand, itemNumber, ...upcs].join(' ').toLowerCase(),
      created_at: createdAt,
      updated_at: createdAt,
      upcs,
      qtyDiscounts: discounts,
    });
  }
  return { categories, vendors, products, qtyDiscounts };
}
