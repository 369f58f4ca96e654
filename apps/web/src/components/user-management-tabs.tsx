// The tabs of User Management: Roles (admin-permissions), Staff users and Sales reps (admin-staff), the
// same on each of the three lists (SECTIONS.userManagement in the shared menus).
import { SECTIONS } from '@portal/shared/layout/menus';
import { SectionTabs } from './section-tabs';

export function UserManagementTabs() {
  return <SectionTabs label="User Management" sections={SECTIONS.userManagement} />;
}
