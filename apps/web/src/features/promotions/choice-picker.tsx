// Searchable pickers of what a promotion or banner is aimed at (customers, routes, price levels,
// products, categories, brands, vendors): the server searches as the clerk types (GET
// /admin/promotions/choices), chosen values show as chips with their labels (a saved promotion's values
// are labelled once, on opening), and price levels are the fixed 1 to 5.
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { PromoChoice, PromoChoiceKind } from '@portal/shared/promotions/promo-choices.schemas';
import { PRICE_LEVELS } from '@portal/shared/promotions/promotions.schemas';
import { useState, type HTMLAttributes, type Key, type Ref } from 'react';
import { useDebounced } from '../../lib/use-debounced';
import { useGetPromoChoicesQuery } from './promotions.api';

export type ChoiceKind = PromoChoiceKind | 'priceLevels';

const PRICE_LEVEL_CHOICES: PromoChoice[] = PRICE_LEVELS.map((l) => ({ value: l, label: `Price level ${l}`, detail: null }));

/**
 * The options for what is typed (asked once the picker has been opened), and the label of a value: as
 * picked, else as the server labels the values the picker started with.
 */
function useChoices(kind: ChoiceKind, typed: string, opened: boolean, initial: readonly string[]) {
  const fixed = kind === 'priceLevels';
  const search = useDebounced(typed.trim());
  const [firstValues] = useState(() => initial.join(','));
  const [picked, setPicked] = useState<ReadonlyMap<string, PromoChoice>>(new Map());
  const found = useGetPromoChoicesQuery({ kind: kind as PromoChoiceKind, search }, { skip: fixed || !opened });
  const labelled = useGetPromoChoicesQuery(
    { kind: kind as PromoChoiceKind, values: firstValues },
    { skip: fixed || firstValues === '' },
  );
  const choiceOf = (value: string): PromoChoice =>
    picked.get(value) ??
    [...(labelled.data ?? []), ...PRICE_LEVEL_CHOICES].find((c) => c.value === value) ?? { value, label: value, detail: null };
  return {
    options: fixed ? PRICE_LEVEL_CHOICES : (found.data ?? []),
    loading: found.isFetching || search !== typed.trim(),
    choiceOf,
    /** Keeps the labels of what was picked. */
    remember: (list: readonly PromoChoice[]) => setPicked((m) => new Map([...m, ...list.map((c) => [c.value, c] as const)])),
  };
}

function ChoiceOption({ props, choice }: { props: HTMLAttributes<HTMLLIElement> & { key?: Key }; choice: PromoChoice }) {
  const { key, ...rest } = props;
  return (
    <Box component="li" key={key} {...rest}>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2">{choice.label}</Typography>
        {choice.detail ? (
          <Typography variant="caption" color="textSecondary" component="div">
            {choice.detail}
          </Typography>
        ) : null}
      </Box>
    </Box>
  );
}

/** What both pickers show: the server's answer as it is (it has filtered), each choice with its detail. */
const choiceListProps = (typed: string) => ({
  filterOptions: (o: PromoChoice[]) => o,
  isOptionEqualToValue: (a: PromoChoice, b: PromoChoice) => a.value === b.value,
  getOptionLabel: (c: PromoChoice) => c.label,
  getOptionKey: (c: PromoChoice) => c.value,
  renderOption: (props: HTMLAttributes<HTMLLIElement> & { key?: Key }, c: PromoChoice) => (
    <ChoiceOption key={c.value} props={props} choice={c} />
  ),
  noOptionsText: typed.trim() ? 'No matches' : 'Type to search',
  loadingText: 'Searching…',
});

interface PickerProps {
  kind: ChoiceKind;
  /** The input's label (its accessible name). */
  label: string;
  error?: string;
  helperText?: string;
  disabled?: boolean;
}

/** Several values of one kind, as chips. */
export function ChoicePicker({
  kind,
  label,
  value,
  onChange,
  onBlur,
  error,
  helperText,
  inputRef,
}: PickerProps & {
  value: string[];
  onChange: (values: string[]) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const [input, setInput] = useState('');
  const [opened, setOpened] = useState(false);
  const { options, loading, choiceOf, remember } = useChoices(kind, input, opened, value);
  return (
    <Autocomplete
      multiple
      filterSelectedOptions
      options={options}
      value={value.map(choiceOf)}
      onOpen={() => setOpened(true)}
      loading={loading}
      inputValue={input}
      onInputChange={(_e, text, reason) => reason !== 'reset' && setInput(text)}
      onChange={(_e, list) => {
        remember(list);
        onChange(list.map((c) => c.value));
        setInput('');
      }}
      onBlur={onBlur}
      {...choiceListProps(input)}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          inputRef={inputRef}
          error={Boolean(error)}
          helperText={error ?? helperText}
          placeholder={value.length ? undefined : 'Search…'}
        />
      )}
    />
  );
}

/** One value of one kind (the preview's customer). */
export function SingleChoicePicker({
  kind,
  label,
  onChange,
  error,
  sx,
}: PickerProps & { onChange: (value: string | null) => void; sx?: object }) {
  const [input, setInput] = useState('');
  const [typed, setTyped] = useState('');
  const [opened, setOpened] = useState(false);
  const [chosen, setChosen] = useState<PromoChoice | null>(null);
  const { options, loading } = useChoices(kind, typed, opened, []);
  return (
    <Autocomplete
      options={options}
      value={chosen}
      loading={loading}
      inputValue={input}
      onOpen={() => setOpened(true)}
      onInputChange={(_e, text, reason) => {
        setInput(text);
        if (reason === 'input' || reason === 'clear') setTyped(text);
      }}
      onChange={(_e, c) => {
        setChosen(c);
        onChange(c?.value ?? null);
      }}
      {...choiceListProps(typed)}
      sx={sx}
      renderInput={(params) => (
        <TextField {...params} label={label} size="small" error={Boolean(error)} helperText={error} placeholder="Search…" />
      )}
    />
  );
}
