// Credit control at checkout (issue 18 §1, docs/credit-control.md): the buyer's balance, exposure and
// limit for the cart and the account page, and the exposure order placement checks. The office's release
// of a held order: credit-release.service.ts.
// The exposure rule itself is the shared creditExposure; the balance is the customer's LastBalance as
// loadBuyerChargeTerms reads it (the cart's pricing reads the same row).
import { CREDIT_MESSAGES, creditExposure, type Exposure } from '@portal/shared/credit/credit';
import type { CreditStatus } from '@portal/shared/credit/credit.schemas';
import { centsToDollars } from '@portal/shared/money/money';
import type { DbOrTrx } from '../../db/database.ts';
import type { BuyerContext } from '../../platform/buyer-context.ts';
import { priceCart, type PricedCart } from '../cart/cart.service.ts';
import { openOrdersNotInBalanceCents } from './credit.repository.ts';

/** The exposure of a priced cart: what placing it now would do. */
export async function exposureOf(
  db: DbOrTrx,
  buyer: BuyerContext,
  cart: PricedCart,
): Promise<Exposure & { openOrdersCents: number }> {
  const openOrdersCents = await openOrdersNotInBalanceCents(db, buyer.customerId);
  const exposure = creditExposure({
    balanceCents: cart.charges.balanceCents,
    openOrdersCents,
    cartCents: cart.grandTotalCents,
    creditLimitCents: cart.charges.creditLimitCents,
    policy: cart.charges.creditPolicy,
  });
  return { ...exposure, openOrdersCents };
}

/** GET /retailer/creditStatus, GET /sales/creditStatus/:customerId. */
export async function creditStatus(db: DbOrTrx, buyer: BuyerContext): Promise<CreditStatus> {
  const cart = await priceCart(db, buyer);
  const e = await exposureOf(db, buyer, cart);
  const limit = cart.charges.creditLimitCents;
  const message =
    limit == null || e.action === 'none'
      ? null
      : e.action === 'warn'
        ? CREDIT_MESSAGES.warn(e.exposureCents, limit)
        : CREDIT_MESSAGES.willHold(e.exposureCents, limit);
  return {
    balance: centsToDollars(cart.charges.balanceCents),
    openOrders: centsToDollars(e.openOrdersCents),
    cart: centsToDollars(cart.grandTotalCents),
    exposure: centsToDollars(e.exposureCents),
    limit: limit == null ? null : centsToDollars(limit),
    policy: cart.charges.creditPolicy,
    over: e.over,
    action: e.action,
    message,
  };
}
