// The User Management screens for staff users and sales reps (/admin/permissions/staff…,
// /admin/permissions/sales-reps…): one lazily loaded chunk for all of them.
export { StaffPage } from '../features/admin-staff/staff-page';
export { StaffUserPage } from '../features/admin-staff/staff-user-page';
export { SalesRepsPage } from '../features/admin-staff/sales-reps-page';
export { SalesRepPage } from '../features/admin-staff/sales-rep-page';
