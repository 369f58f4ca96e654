import { describe, expect, it } from 'vitest';
import { bannerBody, isSafeUrl, promotionBody, promotionListQuery } from './promotions.schemas.ts';

const messages = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  (r.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

const valid = {
  title: ' Cola week ',
  discountType: 'percent',
  discountValue: 12.5,
  targets: { productIds: ['p-cola', 'p-cola'] },
  startsAt: '2026-03-01T08:00:00-08:00',
  endsAt: '2026-03-08T08:00:00Z',
};

describe('promotion form rules', () => {
  it('trims, removes repeated targets, defaults the audience to all and stores times in UTC', () => {
    expect(promotionBody.parse(valid)).toEqual({
      title: 'Cola week',
      description: null,
      discountType: 'percent',
      discountValue: 12.5,
      promoted: false,
      targets: { productIds: ['p-cola'], categoryIds: [], brands: [], vendorIds: [] },
      audience: { type: 'all', values: [] },
      startsAt: '2026-03-01T16:00:00.000Z',
      endsAt: '2026-03-08T08:00:00.000Z',
    });
  });

  it('names each failing rule under its field', () => {
    expect(messages(promotionBody.safeParse({ ...valid, title: ' ' }))).toEqual(['title: Title is required']);
    expect(messages(promotionBody.safeParse({ ...valid, discountValue: 0 }))).toEqual([
      'discountValue: Percent must be more than 0 and at most 100',
    ]);
    expect(messages(promotionBody.safeParse({ ...valid, discountValue: 100.5 }))).toEqual([
      'discountValue: Percent must be more than 0 and at most 100',
    ]);
    expect(messages(promotionBody.safeParse({ ...valid, discountType: 'amount', discountValue: -1 }))).toEqual([
      'discountValue: Amount must be more than 0',
    ]);
    expect(messages(promotionBody.safeParse({ ...valid, discountType: 'amount', discountValue: 1.234 }))).toEqual([
      'discountValue: Use at most 2 decimals',
    ]);
    expect(messages(promotionBody.safeParse({ ...valid, targets: {} }))).toEqual([
      'targets: Choose at least one product, category, brand or vendor',
    ]);
    expect(messages(promotionBody.safeParse({ ...valid, endsAt: '2026-03-01T16:00:00Z' }))).toEqual([
      'endsAt: End must be after start',
    ]);
    expect(messages(promotionBody.safeParse({ ...valid, discountType: 'none' }))).toEqual([
      'discountType: Choose a discount or mark the items promoted',
    ]);
    expect(messages(promotionBody.safeParse({ ...valid, audience: { type: 'routes' } }))).toEqual([
      'audience.values: Choose at least one route',
    ]);
    expect(messages(promotionBody.safeParse({ ...valid, audience: { type: 'priceLevels', values: ['6'] } }))).toEqual([
      'audience.values: Price levels are 1 to 5',
    ]);
    expect(messages(promotionBody.safeParse({ ...valid, startsAt: 'tomorrow' }))).toEqual([
      'startsAt: Enter a valid start date and time',
    ]);
  });

  it('keeps a promoted-only promotion without a discount value', () => {
    const parsed = promotionBody.parse({ ...valid, discountType: 'none', discountValue: 5, promoted: true, endsAt: '' });
    expect(parsed).toMatchObject({ discountType: 'none', discountValue: null, promoted: true, endsAt: null });
  });

  it('lists by status all by default', () => {
    expect(promotionListQuery.parse({})).toEqual({ page: 1, limit: 25, status: 'all' });
  });
});

describe('banner form rules', () => {
  it('accepts site paths and http(s) addresses only', () => {
    expect(['/product-images/a.png', 'https://cdn.test/a.png', 'http://x.test'].every(isSafeUrl)).toBe(true);
    expect(['javascript:alert(1)', 'data:image/png;base64,AA', '//evil.test/a', 'ftp://x', 'https:// x'].some(isSafeUrl)).toBe(
      false,
    );
  });
  it('requires a title and an image, checks the link and the dates', () => {
    expect(
      messages(bannerBody.safeParse({ title: '', imageUrl: '', linkUrl: 'javascript:x', startsAt: '2026-03-01T00:00:00Z' })),
    ).toEqual(['title: Title is required', 'imageUrl: Image URL is required', 'linkUrl: Enter a valid link (https://… or /…)']);
    expect(bannerBody.parse({ title: 'Sale', imageUrl: '/b.png', linkUrl: '', startsAt: '2026-03-01T00:00:00Z' })).toMatchObject({
      linkUrl: null,
      endsAt: null,
      audience: { type: 'all', values: [] },
    });
  });
});
