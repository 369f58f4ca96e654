// The grants the web app obeys: the signed-in user's rolesPermission, or the previewed role's while an
// owner views the app as a role (role-preview.slice.ts). The sidebar, the route guards and every
// page's add/edit/delete/export/approve buttons read them here, through the shared permission table.
import { can, type ModulePermission, type PermissionAction } from '@portal/shared/auth/permissions';
import { useAppSelector } from '../app/hooks';

const NONE: ModulePermission[] = [];

export function useGrants(): ModulePermission[] {
  const preview = useAppSelector((s) => s.rolePreview.role);
  const own = useAppSelector((s) => s.auth.module);
  return preview ? preview.grants : (own ?? NONE);
}

export function useCan(module: string, action: PermissionAction): boolean {
  return can(useGrants(), module, action);
}

/** Every action of one module, as flags. */
export function useModuleGrant(module: string): Record<PermissionAction, boolean> {
  const grants = useGrants();
  return {
    view: can(grants, module, 'view'),
    add: can(grants, module, 'add'),
    edit: can(grants, module, 'edit'),
    delete: can(grants, module, 'delete'),
    export: can(grants, module, 'export'),
    approve: can(grants, module, 'approve'),
  };
}
