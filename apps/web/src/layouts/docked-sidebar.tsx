// The permanent sidebar of wide screens, drawn as MUI's <Drawer variant="permanent" anchor="left"> was
// (its docked markup and paper), without MUI: plain elements styled by frame.css. The overlay drawer
// of small screens is overlay-nav.tsx, loaded when first opened.
import type { ReactNode } from 'react';
import './frame.css';

export function DockedSidebar({ width, children }: { width: number; children: ReactNode }) {
  return (
    <div className="fr-docked" style={{ width }}>
      <div className="fr-docked__paper" style={{ width }}>
        {children}
      </div>
    </div>
  );
}
