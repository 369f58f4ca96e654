// Module names used by role permissions (the server's rolesPermission list, stored as `module`), taken
// from the one permission table (permissions.ts).
import {
  can,
  SALES_MODULE_TABLE,
  STAFF_MODULE_TABLE,
  type ModulePermission,
  type SalesModule,
  type StaffModule,
} from './permissions.ts';

export const DISTRIBUTOR_MODULES: readonly StaffModule[] = STAFF_MODULE_TABLE.map((m) => m.module);

/** Sales-side modules that gate sidebar items (spec §2 Sidebar menus). */
export const SALES_MODULES: readonly SalesModule[] = SALES_MODULE_TABLE.map((m) => m.module);

export function canView(modules: readonly ModulePermission[] | null | undefined, module: string): boolean {
  return can(modules, module, 'view');
}
