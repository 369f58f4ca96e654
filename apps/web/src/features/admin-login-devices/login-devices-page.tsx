// /admin/track-login-devices (issue 16 §2): every signed-in session of the distributor's users in the
// server-side data grid (paging, sorting, search and the filters kept in the URL); a phone shows the
// same page as cards. With the Track Login Devices delete grant, each row signs out its session, its
// user everywhere or its store's users everywhere, after a confirmation (sign-out-dialog.tsx).
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { GridColDef, GridColumnVisibilityModel } from '@mui/x-data-grid';
import {
  loginDeviceFirstDirection,
  type LoginDeviceRow,
  type LoginDeviceSortKey,
} from '@portal/shared/devices/login-devices.schemas';
import { useMemo, useState } from 'react';
import { useAppSelector } from '../../app/hooks';
import { ServerDataGrid } from '../../components/data-grid/server-data-grid';
import { SearchField } from '../../components/list-controls';
import { PageTitle } from '../../components/page-title';
import { deviceLabel } from '../../components/signed-in-devices';
import { errorMessage } from '../../lib/api';
import { dateTime } from '../../lib/format';
import { useDebouncedSearch } from '../../components/data-grid/use-debounced-search';
import { LOGIN_DEVICES_FAILED, useGetLoginDeviceChoicesQuery, useGetLoginDevicesQuery } from './admin-login-devices.api';
import { DeviceMarks, ROLE_LABELS, SignOutActions } from './login-device-bits';
import { LoginDeviceCards } from './login-device-cards';
import { LoginDeviceFiltersBar } from './login-device-filters';
import { activeFilterCount, useLoginDeviceListView } from './login-devices-view';
import { SignOutDialog, type SignOutRequest } from './sign-out-dialog';

const MODULE = 'Track Login Devices';

/** Shown unless the user hides them (Columns): the device id is long and rarely needed. */
const DEFAULT_HIDDEN: GridColumnVisibilityModel = { deviceId: false };

export function LoginDevicesPage() {
  const { view, params } = useLoginDeviceListView();
  const canSignOut = useAppSelector((s) => Boolean(s.auth.module.find((m) => m.module === MODULE)?.delete));
  const q = useGetLoginDevicesQuery(params);
  const choices = useGetLoginDeviceChoicesQuery();
  const [hidden, setHidden] = useState<GridColumnVisibilityModel>(DEFAULT_HIDDEN);
  const [request, setRequest] = useState<SignOutRequest | null>(null);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { searchText, setSearchText } = useDebouncedSearch(view);

  const columns = useMemo<GridColDef<LoginDeviceRow>[]>(() => {
    const cols: GridColDef<LoginDeviceRow>[] = [
      {
        field: 'user',
        headerName: 'User',
        flex: 1,
        minWidth: 150,
        valueGetter: (_v, row) => row.user.name,
        renderCell: ({ row }) => <TwoLines first={row.user.name} second={row.user.email ?? row.user.phone ?? ''} />,
      },
      {
        field: 'role',
        headerName: 'Role',
        width: 92,
        valueGetter: (_v, row) => ROLE_LABELS[row.role],
      },
      {
        field: 'customer',
        headerName: 'Store',
        flex: 1,
        minWidth: 140,
        valueGetter: (_v, row) => row.customer?.companyName ?? '',
        renderCell: ({ row }) =>
          row.customer ? <TwoLines first={row.customer.companyName} second={row.customer.cNumber} /> : <TwoLines first="-" />,
      },
      {
        field: 'device',
        headerName: 'Device',
        flex: 1,
        minWidth: 160,
        valueGetter: (_v, row) => deviceLabel(row),
        renderCell: ({ row }) => (
          <Box sx={{ minWidth: 0, whiteSpace: 'normal', lineHeight: 1.35 }}>
            <TwoLines first={deviceLabel(row)} second={row.deviceType ?? ''} />
            <DeviceMarks row={row} />
          </Box>
        ),
      },
      {
        field: 'deviceId',
        headerName: 'Device ID',
        width: 150,
        sortable: false,
        valueGetter: (_v, row) => row.deviceId ?? '',
        renderCell: ({ row }) => <TwoLines first={row.deviceId ?? '-'} />,
      },
      {
        field: 'ip',
        headerName: 'Browser / IP',
        width: 170,
        valueGetter: (_v, row) => row.ip,
        renderCell: ({ row }) => <TwoLines first={row.browser ?? 'Unknown browser'} second={row.ip ?? ''} />,
      },
      {
        field: 'signedInAt',
        headerName: 'Signed in',
        width: 150,
        renderCell: ({ row }) => <TwoLines first={dateTime(row.signedInAt)} />,
      },
      {
        field: 'lastSeenAt',
        headerName: 'Last seen',
        width: 150,
        renderCell: ({ row }) => <TwoLines first={dateTime(row.lastSeenAt)} />,
      },
    ];
    if (canSignOut)
      cols.push({
        field: 'actions',
        headerName: 'Sign out',
        width: 96,
        sortable: false,
        renderCell: ({ row }) => <SignOutActions row={row} onSignOut={setRequest} />,
      });
    return cols;
  }, [canSignOut]);

  const filtered = view.search !== '' || activeFilterCount(view.filters) > 0;
  const empty = filtered
    ? { title: 'No sessions match', hint: 'Try another search or clear the filters.' }
    : { title: 'No one is signed in' };
  const count =
    q.data && !q.isError ? (
      <Typography variant="body2" color="textSecondary" aria-live="polite" sx={{ whiteSpace: 'nowrap' }}>
        {q.data.total.toLocaleString('en-US')} signed-in {q.data.total === 1 ? 'session' : 'sessions'}
      </Typography>
    ) : null;
  const onSortChange = (sort: LoginDeviceSortKey, dir: 'asc' | 'desc') =>
    // Another column starts in its own first direction (dates newest first).
    view.setSort(sort, sort === view.sort ? dir : loginDeviceFirstDirection(sort));
  const error = q.isError ? errorMessage(q.error, LOGIN_DEVICES_FAILED) : null;

  return (
    <>
      <PageTitle title="Track Login Devices" subtitle="Who is signed in, on which device, and since when" />
      <Stack direction="row" spacing={1.5} sx={{ mb: 1.5, alignItems: 'center' }}>
        <SearchField
          label="Search sessions"
          placeholder="User, store, device or IP address"
          value={searchText}
          onChange={setSearchText}
          sx={{ width: { xs: '100%', sm: 360 } }}
        />
      </Stack>
      <Box sx={{ mb: 2 }}>
        <LoginDeviceFiltersBar filters={view.filters} onChange={view.setFilters} choices={choices.data} />
      </Box>
      {phone ? (
        <LoginDeviceCards
          rows={q.data?.items ?? []}
          total={q.data?.total ?? 0}
          loading={q.isFetching}
          error={error}
          onRetry={() => void q.refetch()}
          page={view.page}
          limit={view.limit}
          sort={view.sort}
          dir={view.dir}
          onPageChange={view.setPage}
          onSortChange={view.setSort}
          count={count}
          empty={empty}
          onSignOut={canSignOut ? setRequest : undefined}
        />
      ) : (
        <ServerDataGrid<LoginDeviceRow, LoginDeviceSortKey>
          label="Login devices"
          columns={columns}
          rows={q.data?.items ?? []}
          rowCount={q.data?.total ?? 0}
          loading={q.isFetching}
          error={error}
          onRetry={() => void q.refetch()}
          page={view.page}
          limit={view.limit}
          sort={view.sort}
          dir={view.dir}
          onPageChange={view.setPage}
          onSortChange={onSortChange}
          columnVisibility={{ model: hidden, onChange: setHidden }}
          toolbarStart={count}
          autoRowHeight
          empty={empty}
        />
      )}
      <SignOutDialog request={request} onClose={() => setRequest(null)} />
    </>
  );
}

/** A cell's text on one or two lines (the second smaller and quieter). */
function TwoLines({ first, second }: { first: string; second?: string }) {
  return (
    <Box sx={{ lineHeight: 1.35, whiteSpace: 'normal', minWidth: 0, overflowWrap: 'anywhere' }}>
      <Typography variant="body2" component="div">
        {first}
      </Typography>
      {second ? (
        <Typography variant="caption" color="textSecondary" component="div">
          {second}
        </Typography>
      ) : null}
    </Box>
  );
}
