import { describe, expect, it } from 'vitest';
import { chooseTab, closeStrip, headerTabs, initialStrip, mainAreaHeight, stripScrollTarget } from './info-strip.ts';

describe('header tabs', () => {
  it('retailer and sales see Store Details and Distributor Details; distributor only Distributor Details', () => {
    expect(headerTabs('retailer')).toEqual([
      { label: 'Store Details', tab: 0 },
      { label: 'Distributor Details', tab: 1 },
    ]);
    expect(headerTabs('sales')).toEqual(headerTabs('retailer'));
    expect(headerTabs('distributor')).toEqual([{ label: 'Distributor Details', tab: 1 }]);
  });
});

describe('information strip', () => {
  it('is open by default on the store tab (distributor: its only tab)', () => {
    expect(initialStrip('retailer')).toEqual({ open: true, tab: 0 });
    expect(initialStrip('distributor')).toEqual({ open: true, tab: 1 });
  });

  it('closing hides it and clears the selected tab', () => {
    expect(closeStrip()).toEqual({ open: false, tab: null });
  });

  it('choosing a tab opens it on that tab', () => {
    expect(chooseTab({ open: false, tab: null }, 1)).toEqual({ open: true, tab: 1 });
    expect(chooseTab({ open: true, tab: 0 }, 1)).toEqual({ open: true, tab: 1 });
  });

  it('choosing the same tab while open does nothing', () => {
    const state = { open: true, tab: 0 as const };
    expect(chooseTab(state, 0)).toBe(state);
  });

  it('main area height is the viewport minus 65, minus 53 more while the strip is open', () => {
    expect(mainAreaHeight(844, false)).toBe(779);
    expect(mainAreaHeight(844, true)).toBe(726);
    expect(mainAreaHeight(900, true)).toBe(782);
  });

  it('scroll arrows step 200 px within the scrollable range', () => {
    expect(stripScrollTarget(0, 'right', 500)).toBe(200);
    expect(stripScrollTarget(400, 'right', 500)).toBe(500);
    expect(stripScrollTarget(150, 'left', 500)).toBe(0);
    expect(stripScrollTarget(300, 'left', 500)).toBe(100);
  });
});
