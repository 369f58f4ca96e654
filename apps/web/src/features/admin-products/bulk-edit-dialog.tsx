// Bulk edit of the selected products: choose what to change (flags, product limit, category, prices by a
// percentage), see the API's preview of exactly what would change per product, then apply. Nothing is
// written until Apply; the preview is the confirmation.
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Fragment, useId, useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { AppModal } from '../../components/app-modal';
import { errorMessage } from '../../lib/api';
import { notify } from '../../lib/notify';
import type { Category } from '../categories/categories.types';
import {
  BULK_APPLY_FAILED,
  BULK_PREVIEW_FAILED,
  useApplyBulkEditMutation,
  usePreviewBulkEditMutation,
} from './admin-products.api';
import type { BulkEditPreview } from './admin-products.types';
import { bulkBodyOf, bulkForm, emptyBulkValues, FLAG_GROUPS, type BulkFormValues } from './product-form';

interface Props {
  productIds: readonly string[];
  categories: readonly Category[];
  onClose: () => void;
  onApplied: () => void;
}

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

export function BulkEditDialog({ productIds, categories, onClose, onApplied }: Props) {
  const formId = useId();
  const [preview, previewState] = usePreviewBulkEditMutation();
  const [apply, applyState] = useApplyBulkEditMutation();
  const [shown, setShown] = useState<BulkEditPreview | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { control, handleSubmit, formState, register, getValues } = useForm<BulkFormValues>({
    resolver: zodResolver(bulkForm),
    defaultValues: emptyBulkValues(),
  });
  const e = formState.errors;
  const categoryId = useWatch({ control, name: 'categoryId' });
  const category = categories.find((c) => c.id === categoryId);
  const limitMode = useWatch({ control, name: 'limitMode' });

  const onPreview = handleSubmit(async (values) => {
    setProblem(null);
    try {
      setShown(await preview(bulkBodyOf(productIds, values)).unwrap());
    } catch (err) {
      setProblem(errorMessage(err, BULK_PREVIEW_FAILED));
    }
  });

  const onApply = async () => {
    setProblem(null);
    try {
      const answer = await apply(bulkBodyOf(productIds, getValues())).unwrap();
      notify.success(answer.message);
      onApplied();
    } catch (err) {
      setProblem(errorMessage(err, BULK_APPLY_FAILED));
    }
  };

  const title = `Bulk edit ${count(productIds.length, 'product', 'products')}`;
  const busy = previewState.isLoading || applyState.isLoading;
  const changed = shown ? shown.items.filter((i) => i.changes.length) : [];

  const actions = shown ? (
    <>
      <Button onClick={() => setShown(null)} disabled={busy}>
        Back
      </Button>
      <Button variant="contained" loading={applyState.isLoading} disabled={!changed.length} onClick={() => void onApply()}>
        {`Apply to ${count(changed.length, 'product', 'products')}`}
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
        <PreviewTable preview={shown} changed={changed.length} />
      ) : (
        <Box
          component="form"
          id={formId}
          noValidate
          aria-label={title}
          onSubmit={(ev) => void onPreview(ev)}
          sx={{ display: 'grid', gap: 3, pt: 1 }}
        >
          {e.root?.message ? (
            <Alert severity="warning" role="alert">
              {e.root.message}
            </Alert>
          ) : null}
          {FLAG_GROUPS.map((group) => (
            <Part key={group.title} title={group.title}>
              {group.flags.map((flag) => (
                <Controller
                  key={flag.name}
                  control={control}
                  name={`flags.${flag.name}`}
                  render={({ field }) => (
                    <Choice label={flag.label} value={field.value} onChange={field.onChange}>
                      <option value="">Leave as is</option>
                      <option value="on">Turn on</option>
                      <option value="off">Turn off</option>
                    </Choice>
                  )}
                />
              ))}
            </Part>
          ))}
          <Part title="Product limit">
            <Controller
              control={control}
              name="limitMode"
              render={({ field }) => (
                <Choice label="Limit" value={field.value} onChange={field.onChange}>
                  <option value="">Leave as is</option>
                  <option value="set">Set a limit</option>
                  <option value="clear">Remove the limit</option>
                </Choice>
              )}
            />
            {limitMode === 'set' ? (
              <TextField
                label="Limit per order"
                type="number"
                {...register('productLimit', { setValueAs: (v: string) => (v === '' ? null : Number(v)) })}
                error={Boolean(e.productLimit)}
                helperText={e.productLimit?.message}
                size="small"
              />
            ) : null}
          </Part>
          <Part title="Category">
            <Controller
              control={control}
              name="categoryId"
              render={({ field }) => (
                <Choice label="Move to category" value={field.value} onChange={field.onChange}>
                  <option value="">Leave as is</option>
                  {categories.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name}
                    </option>
                  ))}
                </Choice>
              )}
            />
            <Controller
              control={control}
              name="subcategoryId"
              render={({ field }) => (
                <Choice label="Subcategory" value={field.value} onChange={field.onChange} disabled={!category}>
                  <option value="">None</option>
                  {(category?.subcategories ?? []).map((s) => (
                    <option key={s.id} value={s.id}>
                      {s.name}
                    </option>
                  ))}
                </Choice>
              )}
            />
          </Part>
          <Part title="Prices">
            <TextField
              label="Change prices by (%)"
              type="number"
              size="small"
              {...register('pricePercent', { setValueAs: (v: string) => (v === '' ? null : Number(v)) })}
              error={Boolean(e.pricePercent)}
              helperText={e.pricePercent?.message ?? 'For example 5 to raise by 5%, -10 to lower by 10%. Empty: unchanged.'}
              slotProps={{ htmlInput: { step: 'any' } }}
            />
          </Part>
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
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' } }}>
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

function PreviewTable({ preview, changed }: { preview: BulkEditPreview; changed: number }) {
  const unchanged = preview.items.length - changed;
  return (
    <Box>
      <Typography sx={{ mb: 1.5 }} role="status">
        {changed
          ? `${count(changed, 'product changes', 'products change')}${unchanged ? `, ${count(unchanged, 'stays', 'stay')} as they are` : ''}.`
          : 'Nothing would change: the selected products already look like this.'}
      </Typography>
      {changed ? (
        <Box
          role="list"
          aria-label="Changes"
          sx={{ maxHeight: '55vh', overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}
        >
          {preview.items
            .filter((item) => item.changes.length)
            .map((item) => (
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
                      <Typography component="dt" variant="body2" color="text.secondary">
                        {c.label}
                      </Typography>
                      <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                        {c.before} → <strong>{c.after}</strong>
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
