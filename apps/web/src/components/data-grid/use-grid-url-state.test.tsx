import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useGridUrlState } from './use-grid-url-state';

const config = {
  sorts: ['createdAt', 'total'] as const,
  defaultDir: 'desc' as const,
  filters: { status: { default: '' }, route: { default: '' } },
};

function setup(initial: string) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[`/admin/order${initial}`]}>{children}</MemoryRouter>
  );
  return renderHook(() => ({ grid: useGridUrlState(config), location: useLocation() }), { wrapper });
}

describe('useGridUrlState', () => {
  it('replaces every filter and the search at once, keeping the sort and page size', () => {
    const { result } = setup('?sort=total&dir=asc&limit=50&page=3&status=placed&route=101&search=milk');
    act(() => result.current.grid.replaceFilters({ route: '202' }, ' tea '));
    expect(result.current.location.search).toBe('?sort=total&dir=asc&limit=50&route=202&search=tea');
    act(() => result.current.grid.replaceFilters({}, ''));
    expect(result.current.location.search).toBe('?sort=total&dir=asc&limit=50');
  });

  it('builds a second change on the first when both come before the router renders', () => {
    const { result } = setup('');
    act(() => {
      result.current.grid.setFilter('status', 'placed');
      result.current.grid.replaceFilters({ status: 'placed', route: '101' }, '');
      result.current.grid.setSort('total', 'asc');
    });
    expect(result.current.location.search).toBe('?status=placed&route=101&sort=total&dir=asc');
  });
});
