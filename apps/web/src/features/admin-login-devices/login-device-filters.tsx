// The login-devices filters above the list: role, store, user, last seen and new devices only. Native
// selects (small, and a phone's own picker); every change goes to the URL and so to the server's query.
// The store and user choices are those with signed-in sessions; one named by an old link is still shown.
// On a phone the filters fold behind a Filters button.
import FilterListIcon from '@mui/icons-material/FilterList';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { LAST_SEEN_FILTERS, LAST_SEEN_LABELS, type LoginDeviceChoices } from '@portal/shared/devices/login-devices.schemas';
import { useState } from 'react';
import { FilterSelect, type FilterOption } from '../../components/data-grid/filter-select';
import { ROLE_LABELS } from './login-device-bits';
import { activeFilterCount, FILTER_DEFAULTS, type LoginDeviceFilters } from './login-devices-view';

/** The options of a choice list, keeping a value the list no longer has (an old link) selectable. */
function withCurrent(options: FilterOption[], value: string): FilterOption[] {
  return value && !options.some((o) => o.value === value) ? [...options, { value, label: 'Not signed in' }] : options;
}

export function LoginDeviceFiltersBar({
  filters,
  onChange,
  choices,
}: {
  filters: LoginDeviceFilters;
  onChange: (changes: Partial<LoginDeviceFilters>) => void;
  choices: LoginDeviceChoices | undefined;
}) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const [open, setOpen] = useState(false);
  const active = activeFilterCount(filters);
  const users = (choices?.users ?? []).filter((u) => !filters.role || u.role === filters.role);
  const fields = (
    <Box
      role="group"
      aria-label="Filters"
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(5, minmax(0, 1fr)) auto' },
        alignItems: 'start',
        pt: 1,
      }}
    >
      <FilterSelect
        label="Role"
        value={filters.role}
        onChange={(role) => onChange({ role })}
        options={[
          { value: '', label: 'All roles' },
          ...(['distributor', 'retailer', 'sales'] as const).map((r) => ({ value: r, label: ROLE_LABELS[r] })),
        ]}
      />
      <FilterSelect
        label="Store"
        value={filters.customer}
        onChange={(customer) => onChange({ customer })}
        options={withCurrent(
          [
            { value: '', label: 'All stores' },
            ...(choices?.customers ?? []).map((c) => ({ value: c.id, label: `${c.cNumber} · ${c.companyName}` })),
          ],
          filters.customer,
        )}
      />
      <FilterSelect
        label="User"
        value={filters.user}
        onChange={(user) => onChange({ user })}
        options={withCurrent(
          [
            { value: '', label: 'All users' },
            ...users.map((u) => ({ value: u.id, label: `${u.name} (${ROLE_LABELS[u.role]})` })),
          ],
          filters.user,
        )}
      />
      <FilterSelect
        label="Last seen"
        value={filters.lastSeen}
        onChange={(lastSeen) => onChange({ lastSeen })}
        options={[{ value: '', label: 'Any time' }, ...LAST_SEEN_FILTERS.map((v) => ({ value: v, label: LAST_SEEN_LABELS[v] }))]}
      />
      <FilterSelect
        label="Devices"
        value={filters.newDevice}
        onChange={(newDevice) => onChange({ newDevice })}
        options={[
          { value: '', label: 'All devices' },
          { value: 'true', label: 'New devices only' },
        ]}
      />
      <Button onClick={() => onChange({ ...FILTER_DEFAULTS })} disabled={!active} sx={{ justifySelf: 'start', mt: 0.25 }}>
        Clear filters
      </Button>
    </Box>
  );
  if (!phone) return fields;
  return (
    <Box>
      <Button
        variant="outlined"
        startIcon={
          <Badge color="primary" badgeContent={active} invisible={!active}>
            <FilterListIcon />
          </Badge>
        }
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        Filters
      </Button>
      <Collapse in={open}>
        <Box sx={{ pt: 1.5 }}>{fields}</Box>
      </Collapse>
    </Box>
  );
}
