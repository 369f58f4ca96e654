// Bulk edit of the selected products: choose one change (flags, product limit, category, or prices by a
// percentage on chosen price levels), checked with the API's own schema, see the API's preview of exactly
// what would change per product, then apply. Nothing is written until Apply: the preview is the
// confirmation, and Apply names how many products change.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { bulkChangeSchema, PRICE_LEVELS, type BulkFlag, type PriceLevel } from '@portal/shared/products/products.schemas';
import { Fragment, useId, useState, type FormEvent, type ReactNode } from 'react';
import { AppModal } from '../../components/app-modal';
import { errorMessage } from '../../lib/api';
import { money } from '../../lib/format';
import { notify } from '../../lib/notify';
import type { Category } from '../categories/categories.types';
import {
  BULK_APPLY_FAILED,
  BULK_PREVIEW_FAILED,
  useApplyBulkEditMutation,
  usePreviewBulkEditMutation,
} from './admin-products.api';
import type { BulkChange, BulkFieldChange, BulkPreview } from './admin-products.types';
import { fieldLabel, FLAG_GROUPS } from './product-form';

type Kind = BulkChange['kind'];
const KINDS: { kind: Kind; label: string }[] = [
  { kind: 'pricePercent', label: 'Prices' },
  { kind: 'flags', label: 'Flags' },
  { kind: 'productLimit', label: 'Limit' },
  { kind: 'category', label: 'Category' },
];

interface Props {
  productIds: readonly string[];
  categories: readonly Category[];
  onClose: () => void;
  onApplied: () => void;
}

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** A changed value as the office reads it: money, On/Off, "No limit", "None". */
export function shownValue(field: string, value: BulkFieldChange['before']): string {
  if (/^price\dCents$/.test(field)) return typeof value === 'number' ? money(value / 100) : '';
  if (typeof value === 'boolean') return value ? 'On' : 'Off';
  if (value === null) return field === 'productLimit' ? 'No limit' : 'None';
  return String(value);
}

export function BulkEditDialog({ productIds, categories, onClose, onApplied }: Props) {
  const formId = useId();
  const [preview, previewState] = usePreviewBulkEditMutation();
  const [apply, applyState] = useApplyBulkEditMutation();
  const [kind, setKind] = useState<Kind>('pricePercent');
  const [flags, setFlags] = useState<Partial<Record<BulkFlag, boolean>>>({});
  const [limit, setLimit] = useState<{ none: boolean; value: string }>({ none: false, value: '' });
  const [category, setCategory] = useState({ categoryId: '', subcategoryId: '' });
  const [percent, setPercent] = useState('');
  const [levels, setLevels] = useState<PriceLevel[]>([...PRICE_LEVELS]);
  const [invalid, setInvalid] = useState<string | null>(null);
  const [shown, setShown] = useState<{ change: BulkChange; preview: BulkPreview } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const chosenCategory = categories.find((c) => c.id === category.categoryId);

  const change = (): BulkChange => {
    switch (kind) {
      case 'flags':
        return { kind, flags };
      case 'productLimit':
        return { kind, productLimit: limit.none ? null : limit.value === '' ? Number.NaN : Number(limit.value) };
      case 'category':
        return { kind, categoryId: category.categoryId || null, subcategoryId: category.subcategoryId || null };
      case 'pricePercent':
        return { kind, percent: percent.trim() === '' ? Number.NaN : Number(percent), levels };
    }
  };

  const onPreview = async (ev: FormEvent) => {
    ev.preventDefault();
    setProblem(null);
    const checked = bulkChangeSchema.safeParse(change());
    if (!checked.success) {
      setInvalid(checked.error.issues[0]?.message ?? BULK_PREVIEW_FAILED);
      return;
    }
    setInvalid(null);
    const body = { ids: [...productIds], change: change() };
    try {
      setShown({ change: body.change, preview: await preview(body).unwrap() });
    } catch (err) {
      setProblem(errorMessage(err, BULK_PREVIEW_FAILED));
    }
  };

  const onApply = async () => {
    if (!shown) return;
    setProblem(null);
    try {
      const answer = await apply({ ids: [...productIds], change: shown.change }).unwrap();
      notify.success(answer.message);
      onApplied();
    } catch (err) {
      setProblem(errorMessage(err, BULK_APPLY_FAILED));
    }
  };

  const title = `Bulk edit ${count(productIds.length, 'product', 'products')}`;
  const busy = previewState.isLoading || applyState.isLoading;
  const changed = shown?.preview.counts.changed ?? 0;

  const actions = shown ? (
    <>
      <Button onClick={() => setShown(null)} disabled={busy}>
        Back
      </Button>
      <Button variant="contained" loading={applyState.isLoading} disabled={!changed} onClick={() => void onApply()}>
        {`Apply to ${count(changed, 'product', 'products')}`}
      </Button>
    </>
  ) : (
    <>
      <Button onClick={onClose} disabled={busy}>
        Cancel
      </Button>
      <Button type="submit" form={formId} variant="contained" loading={previewState.isLoading}>
        Preview changes
      </Button>
    </>
  );

  return (
    <AppModal open onClose={onClose} title={title} size="xl" actions={actions}>
      {problem ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {problem}
        </Alert>
      ) : null}
      {shown ? (
        <PreviewList preview={shown.preview} />
      ) : (
        <Box
          component="form"
          id={formId}
          noValidate
          aria-label={title}
          onSubmit={(ev: FormEvent) => void onPreview(ev)}
          sx={{ display: 'grid', gap: 2.5, pt: 1 }}
        >
          <ToggleButtonGroup
            exclusive
            value={kind}
            aria-label="What to change"
            onChange={(_e, value: Kind | null) => {
              if (!value) return;
              setKind(value);
              setInvalid(null);
            }}
            sx={{ flexWrap: 'wrap' }}
          >
            {KINDS.map((k) => (
              <ToggleButton key={k.kind} value={k.kind} sx={{ px: 2 }}>
                {k.label}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>

          {invalid ? (
            <Alert severity="warning" role="alert">
              {invalid}
            </Alert>
          ) : null}

          {kind === 'pricePercent' ? (
            <Part title="Change prices by a percentage">
              <TextField
                label="Change by (%)"
                size="small"
                value={percent}
                onChange={(ev) => setPercent(ev.target.value)}
                helperText="5 raises prices by 5%, -10 lowers them by 10%."
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
              <Box role="group" aria-label="Price levels" sx={{ gridColumn: { sm: 'span 3' } }}>
                {PRICE_LEVELS.map((level) => (
                  <FormControlLabel
                    key={level}
                    label={`Price ${level}`}
                    control={
                      <Checkbox
                        checked={levels.includes(level)}
                        onChange={(ev) =>
                          setLevels((now) => (ev.target.checked ? [...now, level].sort() : now.filter((l) => l !== level)))
                        }
                      />
                    }
                  />
                ))}
              </Box>
            </Part>
          ) : null}

          {kind === 'flags'
            ? FLAG_GROUPS.map((group) => (
                <Part key={group.title} title={group.title}>
                  {group.flags.map((flag) => (
                    <Choice
                      key={flag.name}
                      label={flag.label}
                      value={flags[flag.name] === undefined ? '' : flags[flag.name] ? 'on' : 'off'}
                      onChange={(v) =>
                        setFlags((now) => {
                          const next = { ...now };
                          if (v === '') delete next[flag.name];
                          else next[flag.name] = v === 'on';
                          return next;
                        })
                      }
                    >
                      <option value="">Leave as is</option>
                      <option value="on">Turn on</option>
                      <option value="off">Turn off</option>
                    </Choice>
                  ))}
                </Part>
              ))
            : null}

          {kind === 'productLimit' ? (
            <Part title="Product limit per order">
              <TextField
                label="Limit"
                size="small"
                type="number"
                value={limit.value}
                disabled={limit.none}
                onChange={(ev) => setLimit({ none: false, value: ev.target.value })}
                slotProps={{ htmlInput: { min: 1, step: 1 } }}
              />
              <FormControlLabel
                label="No limit"
                control={<Checkbox checked={limit.none} onChange={(ev) => setLimit({ none: ev.target.checked, value: '' })} />}
              />
            </Part>
          ) : null}

          {kind === 'category' ? (
            <Part title="Move to a category">
              <Choice
                label="Category"
                value={category.categoryId}
                onChange={(categoryId) => setCategory({ categoryId, subcategoryId: '' })}
              >
                <option value="">No category</option>
                {categories.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </Choice>
              <Choice
                label="Subcategory"
                value={category.subcategoryId}
                disabled={!chosenCategory?.subcategories.length}
                onChange={(subcategoryId) => setCategory((now) => ({ ...now, subcategoryId }))}
              >
                <option value="">No subcategory</option>
                {(chosenCategory?.subcategories ?? []).map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </Choice>
            </Part>
          ) : null}
        </Box>
      )}
    </AppModal>
  );
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          alignItems: 'start',
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
        }}
      >
        {children}
      </Box>
    </Box>
  );
}

function Choice({
  label,
  value,
  onChange,
  children,
  disabled,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  children: ReactNode;
  disabled?: boolean;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      disabled={disabled}
      onChange={(ev) => onChange(ev.target.value)}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      {children}
    </TextField>
  );
}

function PreviewList({ preview }: { preview: BulkPreview }) {
  const { changed, unchanged } = preview.counts;
  const items = preview.items.filter((i) => i.changes.length);
  return (
    <Box>
      <Typography sx={{ mb: 1.5 }} role="status">
        {changed
          ? `${count(changed, 'product changes', 'products change')}${unchanged ? `; ${count(unchanged, 'stays', 'stay')} as it is` : ''}.`
          : 'Nothing would change: the selected products already look like this.'}
      </Typography>
      {items.length ? (
        <Box
          role="list"
          aria-label="Changes"
          sx={{ maxHeight: '55vh', overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}
        >
          {items.map((item) => (
            <Box
              key={item.id}
              role="listitem"
              aria-label={item.itemNumber}
              sx={{ px: 2, py: 1.25, '&:not(:last-of-type)': { borderBottom: 1, borderColor: 'divider' } }}
            >
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {`#${item.itemNumber} · ${item.description}`}
              </Typography>
              <Box
                component="dl"
                sx={{
                  m: 0,
                  mt: 0.5,
                  display: 'grid',
                  gridTemplateColumns: 'minmax(0, max-content) 1fr',
                  columnGap: 2,
                  rowGap: 0.25,
                }}
              >
                {item.changes.map((c) => (
                  <Fragment key={c.field}>
                    <Typography component="dt" variant="body2" color="textSecondary">
                      {fieldLabel(c.field)}
                    </Typography>
                    <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                      {shownValue(c.field, c.before)} → <strong>{shownValue(c.field, c.after)}</strong>
                    </Typography>
                  </Fragment>
                ))}
              </Box>
            </Box>
          ))}
        </Box>
      ) : null}
    </Box>
  );
}
