// The staff and sales-rep lists' API queries from their URL views, and the words the screens show.
import { describe, expect, it } from 'vitest';
import type { SalesRep } from '@portal/shared/staff/staff.schemas';
import { signInText } from './sales-reps-page';
import { deactivateRepQuestion } from './staff-bits';
import { repListParams, staffListParams } from './staff-list-view';

describe('staff list queries', () => {
  it('sends paging, sorting, search, role and status; leaves an empty role out', () => {
    const base = { page: 2, limit: 25, sort: 'lastSeen' as const, dir: 'desc' as const, search: 'dana' };
    expect(staffListParams({ ...base, filters: { role: 'role-admin', status: 'inactive' } })).toBe(
      'page=2&limit=25&sort=lastSeen&dir=desc&search=dana&roleId=role-admin&status=inactive',
    );
    expect(staffListParams({ ...base, search: '', filters: { role: '', status: 'active' } })).toBe(
      'page=2&limit=25&sort=lastSeen&dir=desc&status=active',
    );
    expect(repListParams({ page: 1, limit: 10, sort: 'customers', dir: 'desc', search: 'sr0', filters: { status: 'all' } })).toBe(
      'page=1&limit=10&sort=customers&dir=desc&search=sr0&status=all',
    );
  });
});

describe('sales rep words', () => {
  const rep = (user: SalesRep['user']): SalesRep => ({
    id: 'rep-1',
    code: 'SR01',
    name: 'Maria Lopez',
    email: null,
    phone: null,
    isActive: true,
    user,
    customerCount: 2,
    role: null,
    modules: [],
  });
  it('says whether the rep can sign in, is invited, or never signed in', () => {
    expect(signInText(rep(null))).toBe('No sign-in');
    expect(signInText(rep({ id: 'u', isActive: true, hasPassword: false, lastSeenAt: null }))).toBe('Invited');
    expect(signInText(rep({ id: 'u', isActive: true, hasPassword: true, lastSeenAt: null }))).toBe('Never signed in');
    expect(signInText(rep({ id: 'u', isActive: true, hasPassword: true, lastSeenAt: '2026-11-20T15:04:00.000Z' }))).toMatch(
      /^Last seen /,
    );
  });
  it('warns that customers stay with a deactivated rep', () => {
    expect(deactivateRepQuestion('Maria Lopez', 0)).toBe(
      'Deactivate Maria Lopez? They are signed out at once and cannot sign in until reactivated.',
    );
    expect(deactivateRepQuestion('Maria Lopez', 21)).toContain('Their 21 customers stay assigned to them until reassigned.');
    expect(deactivateRepQuestion('Maria Lopez', 1)).toContain('Their customer stays assigned to them until reassigned.');
  });
});
