// Credit control at checkout (issue 18 §1): a store's exposure against its credit limit, and what its
// policy does when the exposure is over the limit. Plain functions; the API and the web both use them.
import { formatMoney } from '../money/money.ts';

export const CREDIT_POLICIES = ['none', 'warn', 'hold'] as const;
export type CreditPolicy = (typeof CREDIT_POLICIES)[number];

export const CREDIT_POLICY_LABELS: Record<CreditPolicy, string> = {
  none: 'None (limit shown only)',
  warn: 'Warn (the store can still order)',
  hold: 'Hold (orders over the limit wait for review)',
};

/** A stored policy read defensively: anything unknown is none. */
export function creditPolicyOf(value: unknown): CreditPolicy {
  return value === 'warn' || value === 'hold' ? value : 'none';
}

export interface ExposureInput {
  /** The receivables balance (LastBalance): every order already invoiced, less payments and credits. */
  balanceCents: number;
  /** Orders not yet delivered (nor cancelled) whose amount is not in the balance yet. */
  openOrdersCents: number;
  /** This cart's total, delivery included. */
  cartCents: number;
  creditLimitCents: number | null;
  policy: CreditPolicy;
}

export interface Exposure {
  exposureCents: number;
  /** More than the limit (exactly at it is not over). Never over without a limit. */
  over: boolean;
  /** What placing the order does: nothing special, warn, or put it on hold. */
  action: 'none' | 'warn' | 'hold';
}

/**
 * Exposure = open balance + open orders not yet delivered + this cart. Over the limit with policy warn the
 * cart warns and the order is placed; with hold the order waits on hold; with none nothing happens.
 */
export function creditExposure(input: ExposureInput): Exposure {
  const exposureCents = input.balanceCents + input.openOrdersCents + input.cartCents;
  const over = input.creditLimitCents != null && exposureCents > input.creditLimitCents;
  const action = over && input.policy !== 'none' ? input.policy : 'none';
  return { exposureCents, over, action };
}

export const CREDIT_MESSAGES = {
  /** Shown in the cart, policy warn, over the limit. */
  warn: (exposureCents: number, limitCents: number) =>
    `This order takes your account to ${formatMoney(exposureCents)}, over your credit limit of ${formatMoney(limitCents)}. You can still place it.`,
  /** Shown in the cart, policy hold, over the limit. */
  willHold: (exposureCents: number, limitCents: number) =>
    `This order takes your account to ${formatMoney(exposureCents)}, over your credit limit of ${formatMoney(limitCents)}. It will be placed on hold until your distributor reviews it.`,
  /** The answer to placing an order that was put on hold. */
  held: (orderNumber: string) =>
    `Order ${orderNumber} is on hold: it takes your account over your credit limit. Your distributor will review it before it is processed.`,
  /** The office released a held order. */
  released: (orderNumber: string) => `Order ${orderNumber} released`,
  notHeld: (orderNumber: string) => `Order ${orderNumber} is not on hold`,
} as const;
