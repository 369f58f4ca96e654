// The tabs of a sidebar item whose screen has several sections (SECTIONS in the shared menus): each
// tab is a link, shown only when the user may open it, so the tabs obey the grants as the sidebar does.
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { currentSection, visibleSections, type Section } from '@portal/shared/layout/menus';
import { Link as RouterLink, useLocation } from 'react-router';
import { useAppSelector } from '../app/hooks';
import { useGrants } from '../lib/permissions';

/** `current`: the selected tab's `to`; by default the section the URL's path lies under. */
export function SectionTabs({ label, sections, current }: { label: string; sections: readonly Section[]; current?: string }) {
  const role = useAppSelector((s) => s.auth.role) ?? 'distributor';
  const { pathname } = useLocation();
  const visible = visibleSections(role, sections, useGrants());
  if (visible.length < 2) return null;
  const selected = current ?? currentSection(sections, pathname)?.to;
  return (
    <Tabs
      value={visible.some((s) => s.to === selected) ? selected : false}
      aria-label={label}
      variant="scrollable"
      allowScrollButtonsMobile
      sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
    >
      {visible.map((s) => (
        <Tab key={s.to} value={s.to} label={s.label} component={RouterLink} to={s.to} />
      ))}
    </Tabs>
  );
}
