// The office's status rule: forward only (skips allowed), cancel until picking, delivered and cancelled final.
import { describe, expect, it } from 'vitest';
import { buildTimeline, bulkSummary, canMove, moveRefusal, ORDER_STATUSES, type OrderStatus } from './order-status.ts';

describe('canMove', () => {
  it('moves forward one step or several', () => {
    expect(canMove('placed', 'confirmed')).toBe(true);
    expect(canMove('confirmed', 'picking')).toBe(true);
    expect(canMove('picking', 'out_for_delivery')).toBe(true);
    expect(canMove('out_for_delivery', 'delivered')).toBe(true);
    expect(canMove('placed', 'out_for_delivery')).toBe(true);
    expect(canMove('placed', 'delivered')).toBe(true);
    expect(canMove('confirmed', 'delivered')).toBe(true);
  });
  it('never moves back or stays', () => {
    expect(canMove('confirmed', 'placed')).toBe(false);
    expect(canMove('picking', 'confirmed')).toBe(false);
    expect(canMove('out_for_delivery', 'picking')).toBe(false);
    for (const s of ORDER_STATUSES) expect(canMove(s, s), s).toBe(false);
  });
  it('cancels only from placed, confirmed or picking', () => {
    expect(canMove('placed', 'cancelled')).toBe(true);
    expect(canMove('confirmed', 'cancelled')).toBe(true);
    expect(canMove('picking', 'cancelled')).toBe(true);
    expect(canMove('out_for_delivery', 'cancelled')).toBe(false);
    expect(canMove('delivered', 'cancelled')).toBe(false);
  });
  it('delivered and cancelled are final', () => {
    for (const to of ORDER_STATUSES) {
      expect(canMove('delivered', to), `delivered → ${to}`).toBe(false);
      expect(canMove('cancelled', to), `cancelled → ${to}`).toBe(false);
    }
  });
  it('says where the order already is', () => {
    expect(moveRefusal('delivered', 'out_for_delivery')).toBe('already delivered');
    expect(moveRefusal('cancelled', 'confirmed')).toBe('already cancelled');
    expect(moveRefusal('out_for_delivery', 'cancelled')).toBe('already out for delivery');
    expect(moveRefusal('picking', 'confirmed')).toBe('already picking');
    expect(moveRefusal('placed', 'confirmed')).toBeNull();
  });
  it('allows exactly 14 of the 49 pairs: 10 forward, 4 cancels (on hold leaves by its release, not a move)', () => {
    const allowed = ORDER_STATUSES.flatMap((a) =>
      ORDER_STATUSES.filter((b) => canMove(a, b as OrderStatus)).map((b) => `${a}>${b}`),
    );
    expect(allowed).toHaveLength(14);
  });
});

describe('bulkSummary', () => {
  const moved = { outcome: 'moved' as const, reason: null };
  const refused = (reason: string) => ({ outcome: 'refused' as const, reason });
  it('counts moved and refused, with the reason', () => {
    expect(bulkSummary([...Array(23).fill(moved), refused('already delivered'), refused('already delivered')])).toBe(
      '23 moved, 2 refused: already delivered',
    );
    expect(bulkSummary([moved, moved])).toBe('2 moved');
    expect(bulkSummary([moved, refused('already delivered'), refused('not found')])).toBe(
      '1 moved, 2 refused: 1 already delivered, 1 not found',
    );
  });
});

describe('on hold (credit control)', () => {
  it('is left only by its release or a cancel', () => {
    expect(moveRefusal('on_hold', 'confirmed')).toBe('on hold for credit review');
    expect(moveRefusal('on_hold', 'delivered')).toBe('on hold for credit review');
    expect(canMove('on_hold', 'cancelled')).toBe(true);
  });
  it('shows On Hold before the delivery steps, none reached', () => {
    const t = buildTimeline('on_hold', [{ status: 'on_hold', at: '2026-03-01T10:00:00.000Z' }]);
    expect(t[0]).toEqual({ status: 'on_hold', label: 'On Hold', reached: true, current: true, at: '2026-03-01T10:00:00.000Z' });
    expect(t.slice(1).map((s) => [s.status, s.reached])).toEqual([
      ['placed', false],
      ['confirmed', false],
      ['picking', false],
      ['out_for_delivery', false],
      ['delivered', false],
    ]);
  });
});
