// The header's detail tabs as a menu on small screens (spec §2). Loaded when first opened
// (header.tsx), so MUI's Menu, Popover and Modal are not in the first screens' JavaScript.
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { StripTab } from '@portal/shared/layout/info-strip';
import { withOwnMuiTheme } from '../components/mui-theme';

function DetailsMenuContent({
  tabs,
  tab,
  anchor,
  onClose,
  onChooseTab,
}: {
  tabs: readonly { tab: StripTab; label: string }[];
  tab: StripTab | null;
  anchor: HTMLElement | null;
  onClose: () => void;
  onChooseTab: (tab: StripTab) => void;
}) {
  return (
    <Menu anchorEl={anchor} open={anchor !== null} onClose={onClose}>
      {tabs.map((t) => (
        <MenuItem
          key={t.tab}
          selected={t.tab === tab}
          onClick={() => {
            onClose();
            onChooseTab(t.tab);
          }}
        >
          {t.label}
        </MenuItem>
      ))}
    </Menu>
  );
}

/** In a MUI theme of its own (components/mui-theme.tsx): it loads into screens built without MUI. */
export const DetailsMenu = withOwnMuiTheme(DetailsMenuContent);
