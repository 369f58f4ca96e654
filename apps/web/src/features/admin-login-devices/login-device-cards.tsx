// The login-devices list on a phone: the same server page as the grid, one card per session (who, which
// store, which device and browser, when), a sort picker and paging below, and the sign-out actions.
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  LOGIN_DEVICE_SORT_KEYS,
  type LoginDeviceRow,
  type LoginDeviceSortKey,
} from '@portal/shared/devices/login-devices.schemas';
import type { ReactNode } from 'react';
import { PAGE_SIZES, type SortDir } from '../../components/data-grid/use-grid-url-state';
import { EmptyState, ErrorState } from '../../components/list-states';
import { deviceLabel } from '../../components/signed-in-devices';
import { dateTime } from '../../lib/format';
import { DeviceMarks, ROLE_LABELS, SignOutActions } from './login-device-bits';
import type { SignOutRequest } from './sign-out-dialog';

export const SORT_LABELS: Record<LoginDeviceSortKey, string> = {
  lastSeenAt: 'Last seen',
  signedInAt: 'Signed in',
  user: 'User',
  role: 'Role',
  customer: 'Store',
  device: 'Device',
  ip: 'IP address',
};

export function LoginDeviceCards(props: {
  rows: readonly LoginDeviceRow[];
  total: number;
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  page: number;
  limit: number;
  sort: LoginDeviceSortKey;
  dir: SortDir;
  onPageChange(page: number, limit: number): void;
  onSortChange(sort: LoginDeviceSortKey, dir: SortDir): void;
  count: ReactNode;
  empty: { title: string; hint?: string };
  /** Absent without the delete grant: no sign-out actions. */
  onSignOut?: (request: SignOutRequest) => void;
}) {
  if (props.error) return <ErrorState message={props.error} onRetry={props.onRetry} />;
  const first = props.loading && !props.rows.length;
  return (
    <Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5 }}>
        <Box sx={{ flex: 1 }}>{props.count}</Box>
        <TextField
          select
          size="small"
          label="Sort by"
          value={`${props.sort}:${props.dir}`}
          onChange={(e) => {
            const [sort, dir] = e.target.value.split(':') as [LoginDeviceSortKey, SortDir];
            props.onSortChange(sort, dir);
          }}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          sx={{ minWidth: 160 }}
        >
          {LOGIN_DEVICE_SORT_KEYS.flatMap((key) =>
            (['asc', 'desc'] as const).map((dir) => (
              <option key={`${key}:${dir}`} value={`${key}:${dir}`}>
                {`${SORT_LABELS[key]} ${dir === 'asc' ? '↑' : '↓'}`}
              </option>
            )),
          )}
        </TextField>
      </Stack>
      {first ? (
        <Stack spacing={1.5} role="status" aria-label="Loading login devices" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={128} />
          ))}
        </Stack>
      ) : !props.rows.length ? (
        <EmptyState title={props.empty.title} hint={props.empty.hint} />
      ) : (
        <Stack
          component="ul"
          spacing={1.5}
          aria-label="Login devices"
          sx={{ listStyle: 'none', p: 0, m: 0, opacity: props.loading ? 0.6 : 1 }}
        >
          {props.rows.map((r) => (
            <Box component="li" key={r.id}>
              <LoginDeviceCard row={r} onSignOut={props.onSignOut} />
            </Box>
          ))}
        </Stack>
      )}
      <TablePagination
        component="div"
        count={props.total}
        page={props.page - 1}
        rowsPerPage={props.limit}
        rowsPerPageOptions={[...PAGE_SIZES]}
        onPageChange={(_e, page) => props.onPageChange(page + 1, props.limit)}
        onRowsPerPageChange={(e) => props.onPageChange(1, Number(e.target.value))}
        labelRowsPerPage="Per page"
        sx={{ '& .MuiTablePagination-toolbar': { px: 0 } }}
      />
    </Box>
  );
}

function LoginDeviceCard({ row, onSignOut }: { row: LoginDeviceRow; onSignOut?: (request: SignOutRequest) => void }) {
  return (
    <Card variant="outlined" sx={{ p: 1.5 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="caption" color="textSecondary" component="div">
            {ROLE_LABELS[row.role]}
            {row.customer ? ` · ${row.customer.cNumber} ${row.customer.companyName}` : ''}
          </Typography>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
            {row.user.name}
          </Typography>
        </Box>
        {onSignOut ? <SignOutActions row={row} onSignOut={onSignOut} /> : null}
      </Stack>
      <Typography variant="body2" sx={{ mt: 0.5 }}>
        {deviceLabel(row)}
        {row.browser ? ` · ${row.browser}` : ''}
      </Typography>
      <DeviceMarks row={row} />
      <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5 }}>
        Last seen {dateTime(row.lastSeenAt)}
      </Typography>
      <Typography variant="caption" color="textSecondary" component="div" sx={{ overflowWrap: 'anywhere' }}>
        Signed in {dateTime(row.signedInAt)}
        {row.ip ? ` · ${row.ip}` : ''}
        {row.deviceId ? ` · ID ${row.deviceId}` : ''}
      </Typography>
    </Card>
  );
}
