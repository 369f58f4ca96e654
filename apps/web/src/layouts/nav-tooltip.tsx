// The collapsed sidebar's item names as MUI tooltips (placement right, outside the sidebar's scroll
// box); a chunk loaded the first time the sidebar is collapsed (sidebar-nav.tsx).
import Tooltip from '@mui/material/Tooltip';
import type { ReactElement } from 'react';

export function NavTooltip({ title, children }: { title: string; children: ReactElement }) {
  return (
    <Tooltip title={title} placement="right">
      {children}
    </Tooltip>
  );
}
