// The permanent sidebar of wide screens: the same elements, classes and styles as MUI's
// <Drawer variant="permanent" anchor="left">, without the Drawer module, which imports Modal and Slide
// for its temporary variant (page-weight budgets, docs/web.md). The overlay drawer of small screens
// is overlay-nav.tsx, loaded when first opened.
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

const asArray = (sx: SxProps<Theme> | undefined) => (Array.isArray(sx) ? sx : sx ? [sx] : []) as never[];

export function DockedSidebar({ sx, paperSx, children }: { sx?: SxProps<Theme>; paperSx?: SxProps<Theme>; children: ReactNode }) {
  return (
    <Box className="MuiDrawer-root MuiDrawer-anchorLeft MuiDrawer-docked" sx={[{ flex: '0 0 auto' }, ...asArray(sx)]}>
      <Paper
        elevation={0}
        square
        className="MuiDrawer-paper"
        sx={[
          (t) => ({
            overflowY: 'auto',
            display: 'flex',
            flexDirection: 'column',
            height: '100%',
            flex: '1 0 auto',
            zIndex: t.zIndex.drawer,
            WebkitOverflowScrolling: 'touch',
            position: 'fixed',
            top: 0,
            outline: 0,
            left: 0,
            borderRight: `1px solid ${t.palette.divider}`,
          }),
          ...asArray(paperSx),
        ]}
      >
        {children}
      </Paper>
    </Box>
  );
}
