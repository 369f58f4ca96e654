// The last-owner rule (issue 16 §1) as a plain function: a distributor always keeps at least one active
// user holding an owner role. permissions.service.ts (assertOwnerRemains) loads the facts and applies it.

/** A change to one office user that may take an owner away. */
export type OwnerChange =
  /** The user is given this role (null: no role). */
  | { kind: 'role'; userId: string; roleId: string | null }
  /** The user is deactivated (or signed out of the office for good). */
  | { kind: 'deactivate'; userId: string }
  /** The user is deleted. */
  | { kind: 'delete'; userId: string };

export interface OwnerFacts {
  /** The distributor's active users holding an owner role, before the change. */
  activeOwnerIds: readonly string[];
  /** For a role change: whether the new role is an owner role. */
  newRoleIsOwner?: boolean;
  /** For a role change: whether the user is active (an inactive user becomes no owner). */
  userIsActive?: boolean;
}

/**
 * Whether the change leaves at least one active owner. A change that adds or keeps owners is always
 * allowed; one that would take the last active owner away is refused. With no owner before the change
 * (not a state the app creates), nothing is refused for that reason.
 */
export function ownerRules(change: OwnerChange, facts: OwnerFacts): { allowed: true } | { allowed: false; reason: 'last-owner' } {
  const after = new Set(facts.activeOwnerIds);
  if (change.kind === 'role' && facts.newRoleIsOwner && facts.userIsActive !== false) after.add(change.userId);
  else after.delete(change.userId);
  if (facts.activeOwnerIds.length > 0 && after.size === 0) return { allowed: false, reason: 'last-owner' };
  return { allowed: true };
}
