// Profile menu (spec §2 Header): Profile, dark/light Mode switch, Logout.
import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import ViewQuiltOutlined from '@mui/icons-material/ViewQuiltOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonOutline from '@mui/icons-material/PersonOutlineOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { Role } from '@portal/shared/auth/roles';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { logout } from '../features/auth/session';
import { setLayout, toggleMode } from '../features/theme/theme.slice';

export const AREA_PREFIX: Record<Role, string> = { retailer: '/retailer', distributor: '/admin', sales: '/sales' };
const ROLE_LABEL: Record<Role, string> = { retailer: 'Retailer', distributor: 'Distributor', sales: 'Sales Representative' };

export function ProfileMenu({ role }: { role: Role }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const mode = useAppSelector((s) => s.theme.mode);
  const layout = useAppSelector((s) => s.theme.layout);
  const name = useAppSelector((s) => s.auth.userName ?? s.auth.storeDetail?.C_Name ?? s.auth.wareHouseDetail[0]?.D_Name ?? null);
  const displayName = name ?? ROLE_LABEL[role];
  const close = () => setAnchor(null);

  const signOut = async () => {
    close();
    await logout(dispatch);
    await navigate('/login', { replace: true });
  };

  return (
    <>
      <IconButton aria-label="Profile menu" onClick={(e) => setAnchor(e.currentTarget)} sx={{ p: 0.5 }}>
        <Avatar sx={{ width: 36, height: 36, bgcolor: 'primary.main', fontSize: '1rem' }}>
          {displayName.charAt(0).toUpperCase()}
        </Avatar>
      </IconButton>
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
          <Typography variant="caption" color="text.secondary">
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
          <Switch
            size="small"
            edge="end"
            checked={mode === 'dark'}
            tabIndex={-1}
            slotProps={{ input: { 'aria-hidden': true } }}
          />
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
    </>
  );
}
