// The office's User Management screens (/admin/permissions, add, edit/:id, view/:id, roles/:id): one
// lazily loaded chunk for the five, so they add one entry, not five, to the preload table (docs/web.md).
export { RolesPage } from '../features/admin-permissions/roles-page';
export { RoleAddPage, RoleEditPage } from '../features/admin-permissions/role-form-page';
export { RoleViewPage } from '../features/admin-permissions/role-view-page';
export { RoleGridPage } from '../features/admin-permissions/role-grid-page';
