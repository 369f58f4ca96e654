// Small pieces shared by the grid and the phone cards: role labels, the device's marks and the
// row's sign-out menu (this session, the user everywhere, the store everywhere).
import LogoutIcon from '@mui/icons-material/Logout';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import type { Role } from '@portal/shared/auth/roles';
import type { LoginDeviceRow } from '@portal/shared/devices/login-devices.schemas';
import { useState } from 'react';
import type { SignOutRequest } from './sign-out-dialog';

export const ROLE_LABELS: Record<Role, string> = { distributor: 'Staff', retailer: 'Retailer', sales: 'Sales rep' };

export function DeviceMarks({ row }: { row: LoginDeviceRow }) {
  if (!row.isCurrent && !row.isNewDevice) return null;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {row.isCurrent ? <Chip size="small" color="primary" label="This device" /> : null}
      {row.isNewDevice ? <Chip size="small" color="warning" variant="outlined" label="New device" /> : null}
    </Stack>
  );
}

export function SignOutActions({ row, onSignOut }: { row: LoginDeviceRow; onSignOut: (request: SignOutRequest) => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const pick = (kind: SignOutRequest['kind']) => {
    setAnchor(null);
    onSignOut({ kind, row });
  };
  const device = row.deviceName || 'device';
  return (
    <Stack direction="row" spacing={0.25} sx={{ alignItems: 'center' }}>
      <Tooltip title="Sign out this device">
        <IconButton
          size="small"
          color="error"
          aria-label={`Sign out ${device} of ${row.user.name}`}
          onClick={() => pick('session')}
        >
          <LogoutIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <IconButton
        size="small"
        aria-label={`More sign-outs for ${row.user.name}`}
        aria-haspopup="menu"
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => pick('session')}>Sign out this device</MenuItem>
        <MenuItem onClick={() => pick('user')}>Sign out {row.user.name} everywhere</MenuItem>
        {row.customer ? (
          <MenuItem onClick={() => pick('retailer')}>Sign out every user of {row.customer.companyName}</MenuItem>
        ) : null}
      </Menu>
    </Stack>
  );
}
