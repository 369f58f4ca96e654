// The grid of /admin/permissions/roles/:id as plain functions: a cell, a whole row (module) or a whole
// column (action) switched on or off. The rules that keep a grant usable in the web app: any action
// switches view on (every page of a module reads its lists), and view switched off clears the row.
// Only the actions the permission table lists for a module exist in its row.
import {
  moduleEntry,
  PERMISSION_ACTIONS,
  type Grant,
  type PermissionAction,
  type RoleKind,
} from '@portal/shared/auth/permissions';

export function hasAction(kind: RoleKind, module: string, action: PermissionAction): boolean {
  return Boolean(moduleEntry(kind, module)?.actions.includes(action));
}

function setCell(kind: RoleKind, g: Grant, action: PermissionAction, on: boolean): Grant {
  if (!hasAction(kind, g.module, action)) return g;
  if (action === 'view' && !on)
    return { ...g, view: false, add: false, edit: false, delete: false, export: false, approve: false };
  return { ...g, [action]: on, ...(on ? { view: true } : {}) };
}

export function toggleCell(kind: RoleKind, grants: readonly Grant[], module: string, action: PermissionAction): Grant[] {
  return grants.map((g) => (g.module === module ? setCell(kind, g, action, !g[action]) : g));
}

/** A row's state: every action of the module on, some, or none. */
export function rowState(kind: RoleKind, g: Grant): 'all' | 'some' | 'none' {
  const actions = moduleEntry(kind, g.module)?.actions ?? [];
  const on = actions.filter((a) => g[a]).length;
  return on === 0 ? 'none' : on === actions.length ? 'all' : 'some';
}

/** Switches every action of the module on, or all off when they are all on already. */
export function toggleRow(kind: RoleKind, grants: readonly Grant[], module: string): Grant[] {
  return grants.map((g) => {
    if (g.module !== module) return g;
    const on = rowState(kind, g) !== 'all';
    return PERMISSION_ACTIONS.reduce((acc, a) => (hasAction(kind, g.module, a) ? { ...acc, [a]: on } : acc), g);
  });
}

/** A column's state over the modules that have the action. */
export function columnState(kind: RoleKind, grants: readonly Grant[], action: PermissionAction): 'all' | 'some' | 'none' {
  const having = grants.filter((g) => hasAction(kind, g.module, action));
  const on = having.filter((g) => g[action]).length;
  return on === 0 ? 'none' : on === having.length ? 'all' : 'some';
}

/** Switches the action on for every module that has it, or off for all when it is on for all already. */
export function toggleColumn(kind: RoleKind, grants: readonly Grant[], action: PermissionAction): Grant[] {
  const on = columnState(kind, grants, action) !== 'all';
  return grants.map((g) => setCell(kind, g, action, on));
}
