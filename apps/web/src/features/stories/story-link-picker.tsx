// What a story links to (docs/stories.md: one link at most): nothing, an active product ("Add to cart"
// in the viewer; searched through GET /admin/promotions/choices?kind=products) or a promotion (its
// title in the viewer; searched through GET /admin/promotions?status=active). Both lists belong to the
// Promo & Marketing module: a role that cannot view it is not sent there (a 403 would end the session).
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useCan } from '../../lib/permissions';
import { useDebounced } from '../../lib/use-debounced';
import { useGetPromoChoicesQuery, useGetPromotionsQuery } from '../promotions/promotions.api';

export type StoryLinkKind = 'none' | 'product' | 'promotion';
export interface StoryLink {
  kind: StoryLinkKind;
  /** The product's or promotion's id; null until one is chosen. */
  id: string | null;
}

interface Choice {
  value: string;
  label: string;
  detail: string | null;
}

export function StoryLinkPicker({
  value,
  onChange,
  disabled,
}: {
  value: StoryLink;
  onChange: (link: StoryLink) => void;
  disabled?: boolean;
}) {
  const canSearch = useCan('Promo & Marketing', 'view');
  if (!canSearch) return null;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <TextField
        select
        label="Link"
        value={value.kind}
        disabled={disabled}
        onChange={(e) => onChange({ kind: e.target.value as StoryLinkKind, id: null })}
        helperText="A product adds Add to cart to the story; a promotion shows its title"
      >
        <MenuItem value="none">No link</MenuItem>
        <MenuItem value="product">A product</MenuItem>
        <MenuItem value="promotion">A promotion</MenuItem>
      </TextField>
      {value.kind !== 'none' ? (
        <LinkSearch
          key={value.kind}
          kind={value.kind}
          onChange={(id) => onChange({ kind: value.kind, id })}
          disabled={disabled}
        />
      ) : null}
    </Box>
  );
}

function LinkSearch({
  kind,
  onChange,
  disabled,
}: {
  kind: 'product' | 'promotion';
  onChange: (id: string | null) => void;
  disabled?: boolean;
}) {
  const [input, setInput] = useState('');
  const [typed, setTyped] = useState('');
  const [opened, setOpened] = useState(false);
  const [chosen, setChosen] = useState<Choice | null>(null);
  const search = useDebounced(typed.trim());
  const products = useGetPromoChoicesQuery({ kind: 'products', search }, { skip: kind !== 'product' || !opened });
  const promotions = useGetPromotionsQuery(
    { page: 1, limit: 20, sort: 'title', dir: 'asc', search, status: 'active' },
    { skip: kind !== 'promotion' || !opened },
  );
  const options: Choice[] =
    kind === 'product'
      ? (products.data ?? [])
      : (promotions.data?.items ?? []).map((p) => ({ value: p.id, label: p.title, detail: p.description }));
  const fetching = kind === 'product' ? products.isFetching : promotions.isFetching;
  return (
    <Autocomplete
      options={options}
      value={chosen}
      disabled={disabled}
      loading={fetching || search !== typed.trim()}
      filterOptions={(o) => o}
      onOpen={() => setOpened(true)}
      inputValue={input}
      onInputChange={(_e, text, reason) => {
        setInput(text);
        if (reason === 'input' || reason === 'clear') setTyped(text);
      }}
      onChange={(_e, c) => {
        setChosen(c);
        onChange(c?.value ?? null);
      }}
      isOptionEqualToValue={(a, b) => a.value === b.value}
      getOptionLabel={(c) => c.label}
      getOptionKey={(c) => c.value}
      noOptionsText={typed.trim() ? 'No matches' : 'Type to search'}
      loadingText="Searching…"
      renderOption={({ key, ...props }, c) => (
        <Box component="li" key={key} {...props}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2">{c.label}</Typography>
            {c.detail ? (
              <Typography variant="caption" color="textSecondary" component="div" noWrap>
                {c.detail}
              </Typography>
            ) : null}
          </Box>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={kind === 'product' ? 'Product' : 'Promotion'}
          placeholder={kind === 'product' ? 'Item number or description' : 'Title'}
          helperText={chosen ? ' ' : kind === 'product' ? 'Active products only' : 'Running promotions'}
        />
      )}
    />
  );
}
