import { describe, expect, it } from 'vitest';
import { CREDIT_MESSAGES, creditExposure, creditPolicyOf } from './credit.ts';
import { releaseOrderBody } from './credit.schemas.ts';

const base = { balanceCents: 50_000, openOrdersCents: 20_000, cartCents: 30_000, creditLimitCents: 100_000 };

describe('creditExposure', () => {
  it('adds the balance, open orders not yet delivered and this cart', () => {
    expect(creditExposure({ ...base, policy: 'warn' }).exposureCents).toBe(100_000);
  });
  it('exactly at the limit is not over', () => {
    expect(creditExposure({ ...base, policy: 'hold' })).toEqual({ exposureCents: 100_000, over: false, action: 'none' });
  });
  it('one cent over: warn warns, hold holds, none only reports it', () => {
    const over = { ...base, cartCents: 30_001 };
    expect(creditExposure({ ...over, policy: 'warn' })).toEqual({ exposureCents: 100_001, over: true, action: 'warn' });
    expect(creditExposure({ ...over, policy: 'hold' }).action).toBe('hold');
    expect(creditExposure({ ...over, policy: 'none' })).toEqual({ exposureCents: 100_001, over: true, action: 'none' });
  });
  it('no limit is never over', () => {
    expect(creditExposure({ ...base, creditLimitCents: null, cartCents: 10_000_000, policy: 'hold' })).toMatchObject({
      over: false,
      action: 'none',
    });
  });
  it('a credit balance lowers the exposure', () => {
    expect(creditExposure({ ...base, balanceCents: -40_000, policy: 'hold' }).exposureCents).toBe(10_000);
  });
  it('a limit of 0 holds any order unless the store is in credit', () => {
    expect(
      creditExposure({ balanceCents: 0, openOrdersCents: 0, cartCents: 1, creditLimitCents: 0, policy: 'hold' }).action,
    ).toBe('hold');
  });
});

describe('credit policy and messages', () => {
  it('reads an unknown stored policy as none', () => {
    expect(creditPolicyOf('warn')).toBe('warn');
    expect(creditPolicyOf('refuse')).toBe('none');
    expect(creditPolicyOf(null)).toBe('none');
  });
  it('words the cart warnings and the hold answer', () => {
    expect(CREDIT_MESSAGES.warn(123_456, 100_000)).toBe(
      'This order takes your account to $1,234.56, over your credit limit of $1,000.00. You can still place it.',
    );
    expect(CREDIT_MESSAGES.held('100007')).toBe(
      'Order 100007 is on hold: it takes your account over your credit limit. Your distributor will review it before it is processed.',
    );
  });
  it('requires a release reason', () => {
    expect(releaseOrderBody.safeParse({ reason: '   ' }).success).toBe(false);
    expect(releaseOrderBody.parse({ reason: ' paid by phone ' })).toEqual({ reason: 'paid by phone' });
  });
});
