// The History section: who changed which field from what to what, newest first, paged by the server.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/providers';
import { createAppStore } from '../../app/store';
import { mockApi, ok } from '../../test/render-app';
import { AuditTrail, auditFieldLabel, auditValue } from './audit-trail';

const entry = (i: number) => ({
  id: `a-${i}`,
  action: i === 1 ? 'status:out_for_delivery' : 'updated',
  actor: { id: 'u1', name: 'Office Clerk' },
  changes: [{ field: 'priceClass', before: i, after: i + 1 }],
  createdAt: '2026-11-26T10:15:00.000Z',
});

function renderTrail() {
  const { store } = createAppStore({ persist: false });
  render(
    <AppProviders store={store} persistor={null}>
      <AuditTrail path="/admin/retailers/r1/audit" labels={{ priceClass: 'Price class (1–5)' }} />
    </AppProviders>,
  );
}

describe('AuditTrail', () => {
  it('shows who did what and each change as before → after, and asks the server for the next page', async () => {
    const { calls } = mockApi({
      'GET /admin/retailers/r1/audit': (_b, url) =>
        ok({ items: [entry(Number(url.searchParams.get('page')))], total: 12, page: 1, limit: 10 }),
    });
    renderTrail();
    expect(await screen.findByText('Price class (1–5): 1 → 2')).toBeInTheDocument();
    expect(screen.getByText('Office Clerk')).toBeInTheDocument();
    expect(screen.getByText(/moved to out for delivery/)).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Go to page 2' }));
    expect(await screen.findByText('Price class (1–5): 2 → 3')).toBeInTheDocument();
    expect(calls.map((c) => c.url.search)).toEqual(['?page=1&limit=10', '?page=2&limit=10']);
  });

  it('says so when nothing is recorded', async () => {
    mockApi({ 'GET /admin/retailers/r1/audit': ok({ items: [], total: 0, page: 1, limit: 10 }) });
    renderTrail();
    expect(await screen.findByText('No changes recorded yet.')).toBeInTheDocument();
  });

  it('reads values and field names as a clerk would', () => {
    expect([auditValue(null), auditValue(true), auditValue(false), auditValue(3), auditValue({ a: 1 })]).toEqual([
      '—',
      'Yes',
      'No',
      '3',
      '{"a":1}',
    ]);
    expect([auditValue(125050, 'creditLimitCents'), auditValue(-500, 'total_cents'), auditValue(3, 'priceClass')]).toEqual([
      '$1,250.50',
      '-$5.00',
      '3',
    ]);
    expect(auditFieldLabel('creditLimitCents')).toBe('Credit limit');
    expect(auditFieldLabel('is_active')).toBe('Is active');
  });
});
