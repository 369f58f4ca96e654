// The sales header's retailer selector (spec §2 Header): searchable, placeholder Select Retailer,
// No results found, matches on label or value ranked exact, prefix, contains (the shared ranking),
// list at most 300 px high. Picking a retailer makes it the working customer; on load the rep's
// list is fetched and the saved current customer is selected.
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import {
  rankOptions,
  retailerOption,
  SELECTOR_MAX_HEIGHT,
  SELECTOR_NO_RESULTS,
  SELECTOR_PLACEHOLDER,
  type SelectorOption,
} from '@portal/shared/sales/retailer-selector';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from 'react-redux';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { RootState } from '../../app/store';
import { autoSelectCustomer, chooseCustomer, type SalesCustomer } from './customer-session';
import { useGetCustomerListQuery } from './sales.api';
import { withOwnMuiTheme } from '../../components/mui-theme';

interface RetailerOption extends SelectorOption {
  customer: SalesCustomer;
}

export function RetailerSelector() {
  const role = useAppSelector((s) => s.auth.role);
  return role === 'sales' ? <ThemedRetailerSelector /> : null;
}

function SalesRetailerSelector() {
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  const selectedId = useAppSelector((s) => s.auth.selectedCustomer?.id ?? null);
  const list = useGetCustomerListQuery();
  const [switching, setSwitching] = useState(false);
  const phone = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));

  const options = useMemo<RetailerOption[]>(
    () => (list.data?.data ?? []).map((c) => ({ ...retailerOption(c), customer: c })),
    [list.data],
  );
  const value = options.find((o) => o.customer.id === selectedId) ?? null;

  // Once per load: the saved current customer is selected as soon as the list is in.
  const autoSelected = useRef(false);
  useEffect(() => {
    if (!list.data || autoSelected.current) return;
    autoSelected.current = true;
    void autoSelectCustomer(dispatch, store.getState, list.data);
  }, [list.data, dispatch, store]);

  const pick = async (option: RetailerOption | null) => {
    if (!option || option.customer.id === selectedId) return;
    setSwitching(true);
    try {
      await chooseCustomer(dispatch, store.getState, option.customer);
    } finally {
      setSwitching(false);
    }
  };

  return (
    <Autocomplete<RetailerOption, false, true>
      options={options}
      value={value as RetailerOption}
      onChange={(_e, option) => void pick(option)}
      filterOptions={(all, state) => rankOptions(all, state.inputValue)}
      getOptionLabel={(o) => o.label}
      isOptionEqualToValue={(a, b) => a.value === b.value}
      noOptionsText={SELECTOR_NO_RESULTS}
      loading={list.isLoading}
      loadingText="Loading retailers…"
      disableClearable
      disabled={switching}
      autoHighlight
      size="small"
      // On a phone the header is narrow: no arrow, so the placeholder and the number fit.
      forcePopupIcon={!phone}
      sx={{ width: { xs: 148, sm: 240, lg: 300 } }}
      slotProps={{
        listbox: { sx: { maxHeight: SELECTOR_MAX_HEIGHT } },
        popper: { placement: 'bottom-end', sx: { minWidth: { xs: 'calc(100vw - 16px)', sm: 340 } } },
      }}
      renderOption={(props, option) => {
        const { key, ...rest } = props as typeof props & { key: string };
        const c = option.customer;
        return (
          <Box component="li" key={key} {...rest} sx={{ display: 'block !important' }}>
            <Typography variant="body2" sx={{ fontWeight: 500 }}>
              {option.label}
            </Typography>
            <Typography variant="caption" color="textSecondary" component="div">
              {[c.C_Name !== c.C_CoName ? c.C_Name : null, c.C_City].filter(Boolean).join(' · ')}
            </Typography>
          </Box>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          placeholder={SELECTOR_PLACEHOLDER}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'aria-label': SELECTOR_PLACEHOLDER },
            input: {
              ...params.slotProps.input,
              startAdornment: (
                <InputAdornment position="start" sx={{ mr: 0, display: { xs: 'none', sm: 'flex' } }}>
                  <StorefrontOutlined fontSize="small" color="action" />
                </InputAdornment>
              ),
              endAdornment: (
                <>
                  {switching || list.isLoading ? <CircularProgress size={16} aria-label="Loading" /> : null}
                  {params.slotProps.input.endAdornment}
                </>
              ),
              sx: { bgcolor: 'background.default', fontSize: { xs: '0.875rem', sm: '1rem' } },
            },
          }}
        />
      )}
    />
  );
}

/** In a MUI theme of its own (components/mui-theme.tsx): the header around it is plain. */
const ThemedRetailerSelector = withOwnMuiTheme(SalesRetailerSelector);
