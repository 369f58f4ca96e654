import { describe, expect, it } from 'vitest';
import { ownerRules } from './owner-rules.ts';

const refused = { allowed: false, reason: 'last-owner' };
const allowed = { allowed: true };

describe('ownerRules: the last active owner stays', () => {
  it('refuses demoting, deactivating or deleting the only owner', () => {
    const facts = { activeOwnerIds: ['ann'] };
    expect(ownerRules({ kind: 'role', userId: 'ann', roleId: 'clerk' }, { ...facts, newRoleIsOwner: false })).toEqual(refused);
    expect(ownerRules({ kind: 'role', userId: 'ann', roleId: null }, facts)).toEqual(refused);
    expect(ownerRules({ kind: 'deactivate', userId: 'ann' }, facts)).toEqual(refused);
    expect(ownerRules({ kind: 'delete', userId: 'ann' }, facts)).toEqual(refused);
  });

  it('allows the same changes while another active owner remains', () => {
    const facts = { activeOwnerIds: ['ann', 'bob'] };
    expect(ownerRules({ kind: 'role', userId: 'ann', roleId: 'clerk' }, { ...facts, newRoleIsOwner: false })).toEqual(allowed);
    expect(ownerRules({ kind: 'deactivate', userId: 'ann' }, facts)).toEqual(allowed);
    expect(ownerRules({ kind: 'delete', userId: 'bob' }, facts)).toEqual(allowed);
  });

  it('allows any change to a user who is not an owner', () => {
    const facts = { activeOwnerIds: ['ann'] };
    expect(ownerRules({ kind: 'deactivate', userId: 'carl' }, facts)).toEqual(allowed);
    expect(ownerRules({ kind: 'role', userId: 'carl', roleId: 'clerk' }, { ...facts, newRoleIsOwner: false })).toEqual(allowed);
  });

  it('keeps the owner who is given an owner role again, and counts a new active owner', () => {
    expect(
      ownerRules({ kind: 'role', userId: 'ann', roleId: 'owner' }, { activeOwnerIds: ['ann'], newRoleIsOwner: true }),
    ).toEqual(allowed);
    expect(ownerRules({ kind: 'role', userId: 'carl', roleId: 'owner' }, { activeOwnerIds: [], newRoleIsOwner: true })).toEqual(
      allowed,
    );
  });

  it('does not count an inactive user given the owner role as the remaining owner', () => {
    // ann is the only active owner; making inactive dan an owner does not let ann be demoted next
    expect(
      ownerRules(
        { kind: 'role', userId: 'dan', roleId: 'owner' },
        { activeOwnerIds: ['ann'], newRoleIsOwner: true, userIsActive: false },
      ),
    ).toEqual(allowed);
    expect(
      ownerRules(
        { kind: 'role', userId: 'ann', roleId: 'owner' },
        { activeOwnerIds: ['ann'], newRoleIsOwner: true, userIsActive: false },
      ),
    ).toEqual(refused);
  });
});
