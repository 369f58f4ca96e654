// A render of one of the hook's own writes that a later write has superseded (the router catching up
// after two quick changes, e.g. the All tab then a saved view's tab) must not become the base of the
// next change: that change would undo the later write.
import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const router = vi.hoisted(() => ({ params: new URLSearchParams(), set: vi.fn() }));
vi.mock('react-router', () => ({ useSearchParams: () => [router.params, router.set] }));

const { useGridUrlState } = await import('./use-grid-url-state');

const config = {
  sorts: ['createdAt', 'total'] as const,
  filters: { status: { default: '' }, route: { default: '' } },
};
const lastWritten = () => String(router.set.mock.calls.at(-1)?.[0]);

describe('useGridUrlState and a router that renders late', () => {
  beforeEach(() => {
    router.params = new URLSearchParams('status=placed&route=101');
    router.set.mockClear();
  });

  it('builds on its latest write when the router renders an earlier one afterwards', () => {
    const { result, rerender } = renderHook(() => useGridUrlState(config));
    act(() => result.current.replaceFilters({}, '')); // All
    act(() => result.current.replaceFilters({ status: 'placed', route: '101' }, '')); // the view's tab
    router.params = new URLSearchParams(''); // the router renders All only now
    rerender();
    act(() => result.current.setSort('total', 'asc'));
    expect(lastWritten()).toBe('status=placed&route=101&sort=total');
  });

  it('starts from a navigation that is not its own (Back, a link)', () => {
    const { result, rerender } = renderHook(() => useGridUrlState(config));
    act(() => result.current.replaceFilters({}, ''));
    router.params = new URLSearchParams('route=202'); // Back, to another view
    rerender();
    act(() => result.current.setSort('total', 'asc'));
    expect(lastWritten()).toBe('route=202&sort=total');
  });
});
