// The profile menu's list (spec §2 Header): Profile, dark/light Mode switch, Logout. Loaded on the
// first open of the menu (profile-menu.tsx), so Menu/Popover/Modal stay out of the first screens.
import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import ViewQuiltOutlined from '@mui/icons-material/ViewQuiltOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonOutline from '@mui/icons-material/PersonOutlineOutlined';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { Role } from '@portal/shared/auth/roles';
import { useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { logout } from '../features/auth/session';
import { setLayout, toggleMode } from '../features/theme/theme.slice';
import { AREA_PREFIX, ROLE_LABEL } from './profile-menu';
import { withOwnMuiTheme } from '../components/mui-theme';

function ProfileMenuListContent({
  role,
  displayName,
  anchor,
  close,
}: {
  role: Role;
  displayName: string;
  anchor: HTMLElement | null;
  close: () => void;
}) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const mode = useAppSelector((s) => s.theme.mode);
  const layout = useAppSelector((s) => s.theme.layout);

  const signOut = async () => {
    close();
    await logout(dispatch);
    await navigate('/login', { replace: true });
  };

  return (
    <Menu
      anchorEl={anchor}
      open={anchor !== null}
      onClose={close}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ paper: { sx: { minWidth: 230, mt: 1 } } }}
    >
      <Box sx={{ px: 2, py: 1 }}>
        <Typography variant="subtitle2" noWrap>
          {displayName}
        </Typography>
        <Typography variant="caption" color="textSecondary">
          {ROLE_LABEL[role]}
        </Typography>
      </Box>
      <Divider />
      <MenuItem
        onClick={() => {
          close();
          void navigate(`${AREA_PREFIX[role]}/profile`);
        }}
      >
        <ListItemIcon>
          <PersonOutline fontSize="small" />
        </ListItemIcon>
        <ListItemText>Profile</ListItemText>
      </MenuItem>
      <MenuItem onClick={() => dispatch(toggleMode())} role="menuitemcheckbox" aria-checked={mode === 'dark'}>
        <ListItemIcon>
          <DarkModeOutlined fontSize="small" />
        </ListItemIcon>
        <ListItemText>Dark Mode</ListItemText>
        <Switch size="small" edge="end" checked={mode === 'dark'} tabIndex={-1} slotProps={{ input: { 'aria-hidden': true } }} />
      </MenuItem>
      {/* The top menu bar needs room: on screens that use the overlay drawer the layout stays vertical. */}
      <MenuItem
        onClick={() => dispatch(setLayout(layout === 'horizontal' ? 'vertical' : 'horizontal'))}
        role="menuitemcheckbox"
        aria-checked={layout === 'horizontal'}
        sx={{ display: { xs: 'none', lg: 'flex' } }}
      >
        <ListItemIcon>
          <ViewQuiltOutlined fontSize="small" />
        </ListItemIcon>
        <ListItemText>Horizontal Menu</ListItemText>
        <Switch
          size="small"
          edge="end"
          checked={layout === 'horizontal'}
          tabIndex={-1}
          slotProps={{ input: { 'aria-hidden': true } }}
        />
      </MenuItem>
      <Divider />
      <MenuItem onClick={() => void signOut()}>
        <ListItemIcon>
          <LogoutIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>Logout</ListItemText>
      </MenuItem>
    </Menu>
  );
}

/** In a MUI theme of its own (components/mui-theme.tsx): it loads into screens built without MUI. */
export const ProfileMenuList = withOwnMuiTheme(ProfileMenuListContent);
