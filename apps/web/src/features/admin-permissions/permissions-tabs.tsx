// The tabs of /admin/permissions: Roles, Staff users, Sales reps (the shared User Management tabs).
export { UserManagementTabs as PermissionsTabs } from '../../components/user-management-tabs';
