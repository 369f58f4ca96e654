// The buyer's cart: add (to what is there), update, remove, clear, and the priced summary of spec §3/§4.
// Limits of spec §5 and stock on hand are enforced here at add/update; every answer checks each line
// again against stock, limits and ordering permission (its problems). Prices come from the catalogue's
// rules, so cart and order always agree. Reused by orders (inside its transaction) and by the sales module.
import { cartLineProblems, checkProductLimit, checkStock } from '@portal/shared/cart/cart-rules';
import type { CartItem, CartProblem, CartSummary } from '@portal/shared/cart/cart.schemas';
import { stockLabelWithStock } from '@portal/shared/catalog/stock-label';
import { centsToDecimalString, centsToDollars } from '@portal/shared/money/money';
import {
  DELIVERY_CHARGE_SETTING_KEY,
  deliveryChargeSettingSchema,
  storeDeliveryChargeCents,
  type DeliveryChargeSetting,
} from '@portal/shared/pricing/delivery-charge';
import {
  basisPointsToPercent,
  priceLine,
  sumLines,
  unitPriceWithTaxCents,
  type PricedLine,
  type Totals,
} from '@portal/shared/pricing/pricing';
import { discountedUnitPriceCents } from '@portal/shared/pricing/promotions';
import type { DbOrTrx } from '../../db/database.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { loadBuyerChargeTerms, type BuyerChargeTerms, type BuyerContext, type BuyerTerms } from '../../platform/buyer-context.ts';
import { exactStockOf, loadPricedProducts, searchContextOf, type ProductRow } from '../catalog/catalog.service.ts';
import {
  backOrderable,
  displayStockLabel,
  imageOf,
  levelPriceCents,
  pricingOf,
  productLimitOf,
  visibilityFor,
  type Visibility,
} from '../catalog/catalog-product.ts';
import {
  clearCartLines,
  deleteCartLine,
  findCartQuantity,
  findSettingValue,
  listCartLines,
  upsertCartLine,
} from './cart.repository.ts';

export const NOT_ORDERABLE_MESSAGE = 'This product is not available to order.';
export const NOT_PRICED_MESSAGE = 'This product has no price yet. Please ask your distributor.';
export const NOT_IN_CART_MESSAGE = 'This product is not in your cart.';
export const PRODUCT_NOT_FOUND_MESSAGE = 'Product not found';

export interface PricedCartLine {
  product: ProductRow;
  upc: string | null;
  visibility: Visibility;
  /** Active and orderable by this audience now. */
  orderable: boolean;
  limit: number | null;
  priced: PricedLine;
  /** While a promotion lowers the price: the level price before it and the promotion's percent. */
  promotion: { listPriceCents: number; percent: number | null } | null;
  taxRateBp: number;
  /** Stock on hand now, read exactly (the catalogue's row may be up to a few seconds behind). */
  onHand: number;
  /** Back-orders allowed for it (its own flag or the distributor's setting). */
  backOrderable: boolean;
  /** What stops this line from being ordered as it is (empty when nothing). */
  problems: CartProblem[];
}

export interface PricedCart {
  terms: BuyerTerms;
  /** The store's delivery rule, tax exemption, credit limit and balance. */
  charges: BuyerChargeTerms;
  lines: PricedCartLine[];
  /** Of the orderable lines only. */
  totals: Totals;
  deliveryChargeCents: number;
  grandTotalCents: number;
  /** The distributor's allow_backorders setting. */
  backOrders: boolean;
}

const owner = (buyer: BuyerContext) => ({ customerId: buyer.customerId, userId: buyer.userId });

export async function loadDeliveryChargeSetting(db: DbOrTrx, distributorId: string): Promise<DeliveryChargeSetting | null> {
  const raw = await findSettingValue(db, distributorId, DELIVERY_CHARGE_SETTING_KEY);
  if (!raw) return null;
  try {
    const parsed = deliveryChargeSettingSchema.safeParse(JSON.parse(raw));
    // A malformed setting charges nothing rather than breaking every cart; the settings screen validates it.
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Prices the buyer's cart with today's prices (the order snapshots exactly this): products from the
 * catalogue (fresh by its rule), stock read exactly.
 */
export async function priceCart(db: DbOrTrx, buyer: BuyerContext): Promise<PricedCart> {
  const [{ terms: t, backOrders }, charges, cartRows] = await Promise.all([
    searchContextOf(db, buyer),
    loadBuyerChargeTerms(db, buyer),
    listCartLines(db, owner(buyer)),
  ]);
  const { rows, extras } = await loadPricedProducts(
    db,
    buyer,
    t,
    cartRows.map((r) => r.product_id),
  );
  const lines: PricedCartLine[] = [];
  for (const c of cartRows) {
    const product = rows.get(c.product_id);
    if (!product) continue; // another distributor's product cannot be in this cart; skip defensively
    lines.push(
      pricedLineOf(
        buyer,
        t,
        extras,
        backOrders,
        product,
        c.quantity,
        c.stock_on_hand ?? product.stock_on_hand,
        charges.taxExempt,
      ),
    );
  }
  // A line that can no longer be ordered (deactivated, or not allowed to order) stays listed with its
  // problem but counts in no total: the totals are what placing the order would cost once it is removed.
  const totals = sumLines(lines.filter((l) => l.orderable).map((l) => l.priced));
  const setting = await loadDeliveryChargeSetting(db, buyer.distributorId);
  const delivery = storeDeliveryChargeCents(charges.delivery, setting, totals.subtotalCents);
  return {
    terms: t,
    charges,
    lines,
    totals,
    deliveryChargeCents: delivery,
    grandTotalCents: totals.totalCents + delivery,
    backOrders,
  };
}

/** One product at a quantity, priced for the buyer by today's rules, with its problems (the one pricing of cart and orders). */
function pricedLineOf(
  buyer: BuyerContext,
  t: BuyerTerms,
  extras: Awaited<ReturnType<typeof loadPricedProducts>>['extras'],
  backOrders: boolean,
  product: ProductRow,
  quantity: number,
  onHand: number,
  taxExempt: boolean,
): PricedCartLine {
  const pricing = pricingOf(product, t.priceLevel, extras);
  // A tax-exempt store pays no tax on any line (the catalogue still shows the product's rate).
  const taxRateBp = taxExempt ? 0 : pricing.taxRateBp;
  const unit = discountedUnitPriceCents({ ...pricing, quantity });
  const visibility = visibilityFor(product, buyer.audience);
  // A product without a price (Price 1 and the store's level both 0) is never sold at $0.00.
  const orderable = product.is_active === 1 && visibility.allowToOrder && pricing.levelPriceCents > 0;
  const limit = productLimitOf(product, t);
  const canBackOrder = backOrderable(product, backOrders);
  return {
    product,
    upc: extras.upcs.get(product.id)?.[0] ?? null,
    visibility,
    orderable,
    limit,
    priced: priceLine({ unitPriceCents: unit, quantity, taxRateBp, crvCents: pricing.crvCents }),
    promotion:
      pricing.promotionDiscountCents > 0
        ? { listPriceCents: pricing.levelPriceCents, percent: extras.discounts.get(product.id)?.percent ?? null }
        : null,
    taxRateBp,
    onHand,
    backOrderable: canBackOrder,
    problems: cartLineProblems({ quantity, onHand, backOrderAllowed: canBackOrder, limit, allowToOrder: orderable }),
  };
}

/**
 * Products at given quantities priced for the buyer exactly as its cart would be (an office edit of an
 * order re-prices through this): the distributor's products only (others are left out), stock read exactly.
 */
export async function priceProducts(
  db: DbOrTrx,
  buyer: BuyerContext,
  items: readonly { productId: string; quantity: number }[],
): Promise<{ lines: Map<string, PricedCartLine>; backOrders: boolean }> {
  const [{ terms: t, backOrders }, charges] = await Promise.all([searchContextOf(db, buyer), loadBuyerChargeTerms(db, buyer)]);
  const ids = items.map((i) => i.productId);
  const [{ rows, extras }, stock] = await Promise.all([loadPricedProducts(db, buyer, t, ids), exactStockOf(db, ids)]);
  const lines = new Map<string, PricedCartLine>();
  for (const item of items) {
    const product = rows.get(item.productId);
    if (!product) continue;
    const onHand = stock.get(product.id) ?? product.stock_on_hand;
    lines.set(product.id, pricedLineOf(buyer, t, extras, backOrders, product, item.quantity, onHand, charges.taxExempt));
  }
  return { lines, backOrders };
}

/** The store's delivery charge on a goods subtotal: its own rule, else the distributor's (cart, order and order edit alike). */
export async function deliveryChargeFor(db: DbOrTrx, buyer: BuyerContext, subtotalCents: number): Promise<number> {
  const [charges, setting] = await Promise.all([
    loadBuyerChargeTerms(db, buyer),
    loadDeliveryChargeSetting(db, buyer.distributorId),
  ]);
  return storeDeliveryChargeCents(charges.delivery, setting, subtotalCents);
}

function toCartItem(l: PricedCartLine, audience: BuyerContext['audience']): CartItem {
  const p = l.priced;
  return {
    Description: l.product.description,
    Product: { id: l.product.id, Qty: p.quantity, TotalPrice: centsToDecimalString(p.subtotalCents) },
    price: centsToDollars(p.unitPriceCents),
    ...(l.promotion && {
      listPrice: centsToDollars(l.promotion.listPriceCents),
      discountPercent: l.promotion.percent,
    }),
    priceWithTax: centsToDollars(unitPriceWithTaxCents(p.unitPriceCents, l.taxRateBp)),
    hasProductLimit: l.limit != null,
    productLimit: l.limit,
    productId: l.product.id,
    itemNumber: l.product.item_number,
    upc: l.upc,
    image: imageOf(l.product),
    pack: l.product.pack,
    uom: l.product.uom,
    crv: centsToDollars(l.product.crv_cents),
    crvTotal: centsToDollars(p.crvCents),
    taxRate: basisPointsToPercent(l.taxRateBp),
    tax: centsToDollars(p.taxCents),
    lineTotal: centsToDollars(p.totalCents),
    // The line already knows its stock and back-orderability: no second look at the setting.
    stockLabel: stockLabelWithStock({
      onHand: l.onHand,
      backOrderAllowed: l.backOrderable,
      displayLabel: displayStockLabel(l.visibility, audience),
    }),
    allowToOrder: l.orderable,
    problems: l.problems,
  };
}

export function toCartSummary(cart: PricedCart, audience: BuyerContext['audience']): CartSummary {
  const t = cart.totals;
  return {
    finalCartItems: cart.lines.map((l) => toCartItem(l, audience)),
    count: cart.lines.length,
    totalItems: t.quantity,
    totalAmount: centsToDollars(t.subtotalCents),
    totalAmountWithTax: centsToDollars(t.subtotalWithTaxCents),
    totalTax: centsToDollars(t.taxCents),
    totalCrv: centsToDollars(t.crvCents),
    deliveryCharge: centsToDollars(cart.deliveryChargeCents),
    grandTotal: centsToDollars(cart.grandTotalCents),
    userItemLimitQty: cart.terms.itemLimitQty,
    userLimitMinOrderAmount: cart.terms.minOrderCents == null ? null : centsToDollars(cart.terms.minOrderCents),
    problemCount: cart.lines.filter((l) => l.problems.length > 0).length,
  };
}

export async function getCart(db: DbOrTrx, buyer: BuyerContext): Promise<CartSummary> {
  return toCartSummary(await priceCart(db, buyer), buyer.audience);
}

/**
 * The product a buyer may put in the cart: the distributor's, active, and orderable by the audience, as
 * the catalogue shows it, with its stock on hand read exactly.
 */
async function orderableProduct(db: DbOrTrx, buyer: BuyerContext, terms: BuyerTerms, productId: string): Promise<ProductRow> {
  const [{ rows }, stock] = await Promise.all([loadPricedProducts(db, buyer, terms, [productId]), exactStockOf(db, [productId])]);
  const product = rows.get(productId);
  if (!product || product.is_active !== 1) throw notFound(PRODUCT_NOT_FOUND_MESSAGE);
  if (!visibilityFor(product, buyer.audience).allowToOrder)
    throw new AppError('NOT_ORDERABLE', NOT_ORDERABLE_MESSAGE, { status: 400 });
  if (levelPriceCents(product, terms.priceLevel) <= 0) throw new AppError('NOT_ORDERABLE', NOT_PRICED_MESSAGE, { status: 400 });
  return { ...product, stock_on_hand: stock.get(productId) ?? product.stock_on_hand };
}

function enforceLimit(product: ProductRow, terms: BuyerTerms, quantity: number): void {
  const message = checkProductLimit({ label: product.item_number, limit: productLimitOf(product, terms), quantity });
  if (message) throw new AppError('PRODUCT_LIMIT', message, { status: 400 });
}

/** The quantity asked for against the stock on hand (the row was just read), unless back-orderable. */
function enforceStock(product: ProductRow, backOrders: boolean, quantity: number): void {
  const refusal = checkStock({
    description: product.description,
    itemNumber: product.item_number,
    onHand: product.stock_on_hand,
    backOrderAllowed: backOrderable(product, backOrders),
    quantity,
  });
  if (refusal)
    throw new AppError(refusal.code, refusal.message, {
      status: 409,
      data: { productId: product.id, available: refusal.available },
    });
}

/** Adds to what is already in the cart; limit and stock are tested on existing plus added (spec §5). */
export async function addToCart(
  db: DbOrTrx,
  buyer: BuyerContext,
  input: { productId: string; quantity: number },
): Promise<CartSummary> {
  const { terms, backOrders } = await searchContextOf(db, buyer);
  const product = await orderableProduct(db, buyer, terms, input.productId);
  const existing = (await findCartQuantity(db, owner(buyer), product.id)) ?? 0;
  const quantity = existing + input.quantity;
  enforceLimit(product, terms, quantity);
  enforceStock(product, backOrders, quantity);
  await upsertCartLine(db, owner(buyer), product.id, quantity);
  return toCartSummary(await priceCart(db, buyer), buyer.audience);
}

export async function updateCartItem(
  db: DbOrTrx,
  buyer: BuyerContext,
  productId: string,
  quantity: number,
): Promise<CartSummary> {
  const { terms, backOrders } = await searchContextOf(db, buyer);
  if ((await findCartQuantity(db, owner(buyer), productId)) == null) throw notFound(NOT_IN_CART_MESSAGE);
  const product = await orderableProduct(db, buyer, terms, productId);
  enforceLimit(product, terms, quantity);
  enforceStock(product, backOrders, quantity);
  await upsertCartLine(db, owner(buyer), product.id, quantity);
  return toCartSummary(await priceCart(db, buyer), buyer.audience);
}

export async function removeCartItem(db: DbOrTrx, buyer: BuyerContext, productId: string): Promise<CartSummary> {
  if (!(await deleteCartLine(db, owner(buyer), productId))) throw notFound(NOT_IN_CART_MESSAGE);
  return getCart(db, buyer);
}

export async function clearCart(db: DbOrTrx, buyer: BuyerContext): Promise<CartSummary> {
  await emptyCart(db, buyer);
  return getCart(db, buyer);
}

/** Empties the buyer's cart without pricing it again (placeOrder, inside its transaction). */
export async function emptyCart(db: DbOrTrx, buyer: BuyerContext): Promise<void> {
  await clearCartLines(db, owner(buyer));
}

/**
 * GET /retailer/deliveryCharge: the rule that applies to the store and the charge for the current cart:
 * the distributor's setting (standard), none (waived: mode `none`), or the store's own flat amount.
 */
export async function getDeliveryCharge(db: DbOrTrx, buyer: BuyerContext) {
  const [setting, cart] = await Promise.all([loadDeliveryChargeSetting(db, buyer.distributorId), priceCart(db, buyer)]);
  const own = cart.charges.delivery;
  if (own.rule !== 'standard') {
    return {
      mode: own.rule === 'flat' ? ('flat' as const) : ('none' as const),
      flat: own.rule === 'flat' ? centsToDollars(own.flatCents ?? 0) : null,
      tiers: [],
      freeOver: null,
      deliveryCharge: centsToDollars(cart.deliveryChargeCents),
      cartSubtotal: centsToDollars(cart.totals.subtotalCents),
    };
  }
  return {
    mode: setting?.mode ?? ('none' as const),
    flat: setting?.mode === 'flat' && setting.flatCents != null ? centsToDollars(setting.flatCents) : null,
    tiers:
      setting?.mode === 'by_order_value'
        ? (setting.tiers ?? []).map((t) => ({
            minSubtotal: centsToDollars(t.minSubtotalCents),
            charge: centsToDollars(t.chargeCents),
          }))
        : [],
    freeOver: setting?.freeOverCents ? centsToDollars(setting.freeOverCents) : null,
    deliveryCharge: centsToDollars(cart.deliveryChargeCents),
    cartSubtotal: centsToDollars(cart.totals.subtotalCents),
  };
}
