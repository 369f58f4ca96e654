// The collapsed sidebar's item names as MUI tooltips (placement right, outside the sidebar's scroll
// box); a chunk loaded the first time the sidebar is collapsed (sidebar-nav.tsx).
import Tooltip from '@mui/material/Tooltip';
import type { ReactElement } from 'react';
import { withOwnMuiTheme } from '../components/mui-theme';

function NavTooltipContent({ title, children }: { title: string; children: ReactElement }) {
  return (
    <Tooltip title={title} placement="right">
      {children}
    </Tooltip>
  );
}

/** In a MUI theme of its own (components/mui-theme.tsx): it loads into screens built without MUI. */
export const NavTooltip = withOwnMuiTheme(NavTooltipContent);
