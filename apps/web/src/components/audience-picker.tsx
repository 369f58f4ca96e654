// Who a story or a notification goes to (the office's composers): every store, the stores on chosen
// routes, with chosen order days, or chosen stores. Routes come from GET /admin/retailers/choices and stores
// are searched as the clerk types (GET /admin/retailers?search=…), both from the Retailers module: a user
// whose role cannot view Retailers is never sent there (a 403 would end the session, lib/api.ts): it types
// route numbers, and choosing stores is not offered. The chosen values are route numbers, order days "1"–"7"
// (Monday to Sunday) or customer ids, as the stories and notifications APIs take them.
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { Paged, SuccessEnvelope } from '@portal/shared/api/envelope';
import type { RetailerChoices, RetailerRow } from '@portal/shared/retailers/retailers.schemas';
import { useState } from 'react';
import { api } from '../lib/api';
import { useCan } from '../lib/permissions';
import { useDebounced } from '../lib/use-debounced';

export const AUDIENCE_TYPES = ['all', 'routes', 'orderDays', 'customers'] as const;
export type AudienceType = (typeof AUDIENCE_TYPES)[number];
export const AUDIENCE_TYPE_LABELS: Record<AudienceType, string> = {
  all: 'All stores',
  routes: 'Stores on routes',
  orderDays: 'Stores with order days',
  customers: 'Chosen stores',
};
/** Order days 1 to 7 (spec §4: Monday to Sunday), short. */
export const ORDER_DAY_LABELS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
export const STORE_SEARCH_LIMIT = 20;

export interface StoreChoice {
  id: string;
  label: string;
  detail: string;
}

const storeChoice = (r: RetailerRow): StoreChoice => ({
  id: r.id,
  label: `${r.C_Number} · ${r.companyName}`,
  detail: [r.routeNumber ? `Route ${r.routeNumber}` : null, r.city].filter(Boolean).join(' · '),
});

export const audienceApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAudienceRoutes: build.query<string[], void>({
      query: () => '/admin/retailers/choices',
      transformResponse: (r: SuccessEnvelope<RetailerChoices>) => r.data.routes,
    }),
    searchAudienceStores: build.query<StoreChoice[], string>({
      query: (search) => ({
        url: '/admin/retailers',
        params: { status: 'active', limit: STORE_SEARCH_LIMIT, sort: 'cNumber', ...(search ? { search } : {}) },
      }),
      transformResponse: (r: SuccessEnvelope<Paged<RetailerRow>>) => r.data.items.map(storeChoice),
    }),
  }),
});

/** Audience values as the clerk reads them ("Routes 101, 102", "Order days Mon, Thu", "3 chosen stores"). */
export function audienceSummary(type: AudienceType, values: readonly string[]): string {
  switch (type) {
    case 'all':
      return 'All stores';
    case 'routes':
      return `${values.length === 1 ? 'Route' : 'Routes'} ${values.join(', ')}`;
    case 'orderDays':
      return `Order days ${values.map((d) => ORDER_DAY_LABELS[Number(d) - 1] ?? d).join(', ')}`;
    case 'customers':
      return `${values.length} chosen ${values.length === 1 ? 'store' : 'stores'}`;
  }
}

export interface AudiencePickerProps {
  type: AudienceType;
  values: string[];
  onChange: (type: AudienceType, values: string[]) => void;
  /** The values' error (e.g. Choose at least one value for this audience). */
  error?: string;
  disabled?: boolean;
}

export function AudiencePicker({ type, values, onChange, error, disabled }: AudiencePickerProps) {
  const canSearch = useCan('Retailers', 'view');
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <TextField
        select
        label="Audience"
        value={type}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value as AudienceType, [])}
      >
        {AUDIENCE_TYPES.map((t) => (
          <MenuItem key={t} value={t} disabled={t === 'customers' && !canSearch}>
            {AUDIENCE_TYPE_LABELS[t]}
          </MenuItem>
        ))}
      </TextField>
      {type === 'routes' ? (
        <RoutesField
          values={values}
          onChange={(v) => onChange('routes', v)}
          error={error}
          disabled={disabled}
          canSearch={canSearch}
        />
      ) : null}
      {type === 'orderDays' ? (
        <Box>
          <Typography variant="body2" color="textSecondary" sx={{ mb: 0.5 }} id="audience-order-days">
            Order days
          </Typography>
          <ToggleButtonGroup
            value={values}
            onChange={(_e, v: string[]) => onChange('orderDays', [...v].sort())}
            size="small"
            aria-labelledby="audience-order-days"
            disabled={disabled}
            sx={{ flexWrap: 'wrap' }}
          >
            {ORDER_DAY_LABELS.map((label, i) => (
              <ToggleButton key={label} value={String(i + 1)} sx={{ px: 1.5 }}>
                {label}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          {error ? <FormHelperText error>{error}</FormHelperText> : null}
        </Box>
      ) : null}
      {type === 'customers' ? (
        <StoresField values={values} onChange={(v) => onChange('customers', v)} error={error} disabled={disabled} />
      ) : null}
    </Box>
  );
}

function RoutesField({
  values,
  onChange,
  error,
  disabled,
  canSearch,
}: {
  values: string[];
  onChange: (values: string[]) => void;
  error?: string;
  disabled?: boolean;
  canSearch: boolean;
}) {
  const routes = audienceApi.useGetAudienceRoutesQuery(undefined, { skip: !canSearch });
  return (
    <Autocomplete
      multiple
      // A typed route number is taken too (on Enter or when the field loses focus); the server checks it.
      freeSolo
      autoSelect
      filterSelectedOptions
      options={routes.data ?? []}
      loading={routes.isFetching}
      value={values}
      disabled={disabled}
      onChange={(_e, v) => onChange([...new Set(v.map((r) => r.trim()).filter(Boolean))])}
      getOptionLabel={(r) => `Route ${r}`}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Routes"
          error={Boolean(error)}
          helperText={error ?? (canSearch ? 'Choose or type one or more route numbers' : 'Type a route number and press Enter')}
        />
      )}
    />
  );
}

function StoresField({
  values,
  onChange,
  error,
  disabled,
}: {
  values: string[];
  onChange: (values: string[]) => void;
  error?: string;
  disabled?: boolean;
}) {
  const [typed, setTyped] = useState('');
  const [opened, setOpened] = useState(false);
  const search = useDebounced(typed.trim());
  const found = audienceApi.useSearchAudienceStoresQuery(search, { skip: !opened });
  // The labels of what was picked, kept while the search moves on.
  const [picked, setPicked] = useState<ReadonlyMap<string, StoreChoice>>(new Map());
  const chosen = values.map((id) => picked.get(id) ?? { id, label: id, detail: '' });
  return (
    <Autocomplete
      multiple
      filterSelectedOptions
      options={found.data ?? []}
      filterOptions={(o) => o}
      loading={found.isFetching || search !== typed.trim()}
      value={chosen}
      disabled={disabled}
      onOpen={() => setOpened(true)}
      inputValue={typed}
      onInputChange={(_e, text, reason) => reason !== 'reset' && setTyped(text)}
      onChange={(_e, list) => {
        setPicked((m) => new Map([...m, ...list.map((c) => [c.id, c] as const)]));
        onChange(list.map((c) => c.id));
        setTyped('');
      }}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(c) => c.label}
      getOptionKey={(c) => c.id}
      noOptionsText={typed.trim() ? 'No stores match' : 'Type to search stores'}
      loadingText="Searching…"
      renderOption={({ key, ...props }, c) => (
        <Box component="li" key={key} {...props}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2">{c.label}</Typography>
            {c.detail ? (
              <Typography variant="caption" color="textSecondary" component="div">
                {c.detail}
              </Typography>
            ) : null}
          </Box>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Stores"
          placeholder={values.length ? undefined : 'Search by C_Number or name'}
          error={Boolean(error)}
          helperText={error ?? `${values.length} chosen`}
        />
      )}
    />
  );
}
