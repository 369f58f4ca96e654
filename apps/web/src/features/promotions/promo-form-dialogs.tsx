// "New/Edit promotion" and "New/Edit banner": react-hook-form checked with the API's own schemas
// (promo-form.ts), so the messages are the server's; targets and audience are chosen with searchable
// pickers; the server's field messages (unknown product, route …) land on their fields, anything else on
// a toast. Both forms share the title, audience and dates parts and the submit.
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import type { SuccessEnvelope } from '@portal/shared/api/envelope';
import type { BannerRow, PromotionRow } from '@portal/shared/promotions/promotions.schemas';
import type { ReactNode } from 'react';
import {
  Controller,
  useForm,
  useWatch,
  type Control,
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import type { ZodType } from 'zod';
import { FormModal } from '../../components/form-modal';
import { errorMessage } from '../../lib/api';
import { muiField } from '../../lib/form';
import { notify } from '../../lib/notify';
import { ChoicePicker, type ChoiceKind } from './choice-picker';
import {
  bannerForm,
  bannerValues,
  promotionForm,
  promotionValues,
  type BannerFormValues,
  type CommonFormValues,
  type PromotionFormValues,
} from './promo-form';
import { PROMO_SAVE_FAILED, useSaveBannerMutation, useSavePromotionMutation } from './promotions.api';

type AudienceType = PromotionRow['audience']['type'];

const AUDIENCE_LABELS: Record<AudienceType, string> = {
  all: 'All customers',
  customers: 'Chosen customers',
  priceLevels: 'Price levels',
  routes: 'Routes',
};
/** The picker of each audience; its label names it ("Routes" is the routes picker's). */
const AUDIENCE_PICKERS: Record<Exclude<AudienceType, 'all'>, { kind: ChoiceKind; label: string }> = {
  customers: { kind: 'customers', label: 'Customers' },
  priceLevels: { kind: 'priceLevels', label: 'Price levels' },
  routes: { kind: 'routes', label: 'Routes' },
};

type Save<Out> = (arg: { id: string | null; body: Out }) => { unwrap: () => Promise<SuccessEnvelope<unknown>> };

/**
 * The dialog of either kind: react-hook-form over the schema, the title, the kind's own fields, the
 * audience and the dates; the save, the server's field messages on the fields (keys are the body's
 * paths, the same as the form's), other failures toasted.
 */
function PromoFormModal<V extends CommonFormValues & FieldValues, Out>({
  noun,
  id,
  schema,
  values,
  save,
  busy,
  onClose,
  Fields,
}: {
  noun: string;
  /** The row edited, or null for a new one. */
  id: string | null;
  schema: ZodType<Out, V>;
  values: V;
  save: Save<Out>;
  busy: boolean;
  onClose: () => void;
  Fields: (props: { form: UseFormReturn<V, unknown, unknown> }) => ReactNode;
}) {
  const form = useForm<V, unknown, Out>({
    resolver: zodResolver(schema as never) as unknown as Resolver<V, unknown, Out>,
    defaultValues: values as DefaultValues<V>,
  });
  const onSubmit = form.handleSubmit(async (body) => {
    try {
      const answer = await save({ id, body }).unwrap();
      notify.success(answer.message);
      onClose();
    } catch (err) {
      const fields = (err as { data?: { error?: { fields?: Record<string, string> } } })?.data?.error?.fields ?? {};
      const entries = Object.entries(fields);
      for (const [path, message] of entries) form.setError(path as FieldPath<V>, { message });
      if (entries.length === 0) notify.error(errorMessage(err, PROMO_SAVE_FAILED));
    }
  });
  const f = form as unknown as UseFormReturn<V, unknown, unknown>;
  return (
    <FormModal
      title={id ? `Edit ${noun}` : `New ${noun}`}
      size="md"
      onClose={onClose}
      onSubmit={(ev) => void onSubmit(ev)}
      busy={busy}
      submitLabel={id ? 'Save' : `Create ${noun}`}
    >
      <TitleFields form={f} />
      <Fields form={f} />
      <Section title="Who sees it">
        <AudienceFields form={f} />
      </Section>
      <DateFields form={f} />
    </FormModal>
  );
}

/** The error message at a dotted path ('audience.values'); a group's own message ('targets') is its root's. */
function errorAt<V extends FieldValues>(form: UseFormReturn<V, unknown, unknown>, path: string): string | undefined {
  let node: unknown = form.formState.errors;
  for (const part of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  const error = node as { message?: string; root?: { message?: string } } | undefined;
  return error?.message ?? error?.root?.message;
}

function text<V extends FieldValues>(form: UseFormReturn<V, unknown, unknown>, name: FieldPath<V>, label: string) {
  const error = errorAt(form, name);
  return { label, ...muiField(form.register(name)), error: Boolean(error), helperText: error };
}

function PickerField<V extends FieldValues>({
  form,
  name,
  kind,
  label,
}: {
  form: UseFormReturn<V, unknown, unknown>;
  name: FieldPath<V>;
  kind: ChoiceKind;
  label: string;
}) {
  return (
    <Controller
      control={form.control as Control<V>}
      name={name}
      render={({ field }) => (
        <ChoicePicker
          kind={kind}
          label={label}
          value={field.value as string[]}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={errorAt(form, name)}
        />
      )}
    />
  );
}

/** Title and description. */
function TitleFields<V extends CommonFormValues>({ form }: { form: UseFormReturn<V, unknown, unknown> }) {
  const f = form as unknown as UseFormReturn<CommonFormValues, unknown, unknown>;
  return (
    <>
      <TextField {...text(f, 'title', 'Title')} required autoFocus />
      <TextField {...text(f, 'description', 'Description')} multiline minRows={2} />
    </>
  );
}

/** Who sees it: everyone, or chosen customers, price levels or routes, each with its picker. */
function AudienceFields<V extends CommonFormValues>({ form }: { form: UseFormReturn<V, unknown, unknown> }) {
  const f = form as unknown as UseFormReturn<CommonFormValues, unknown, unknown>;
  const type = useWatch({ control: f.control, name: 'audience.type' });
  return (
    <Stack spacing={2}>
      <Controller
        control={f.control}
        name="audience.type"
        render={({ field }) => (
          <TextField
            select
            label="Audience"
            name={field.name}
            value={field.value}
            inputRef={field.ref}
            onBlur={field.onBlur}
            onChange={(ev) => {
              field.onChange(ev.target.value);
              // Values of one audience mean nothing in another.
              f.setValue('audience.values', []);
            }}
            sx={{ maxWidth: { sm: 280 } }}
          >
            {(Object.keys(AUDIENCE_LABELS) as AudienceType[]).map((t) => (
              <MenuItem key={t} value={t}>
                {AUDIENCE_LABELS[t]}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      {type !== 'all' ? <PickerField key={type} form={f} name="audience.values" {...AUDIENCE_PICKERS[type]} /> : null}
    </Stack>
  );
}

/** Start and end (empty: no end), in the browser's time zone. */
function DateFields<V extends CommonFormValues>({ form }: { form: UseFormReturn<V, unknown, unknown> }) {
  const f = form as unknown as UseFormReturn<CommonFormValues, unknown, unknown>;
  const shrink = { inputLabel: { shrink: true } };
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <TextField {...text(f, 'startsAt', 'Starts')} type="datetime-local" slotProps={shrink} required fullWidth />
      <TextField {...text(f, 'endsAt', 'Ends (empty: no end)')} type="datetime-local" slotProps={shrink} fullWidth />
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack spacing={2} component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" color="textSecondary" sx={{ p: 0, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

/** Discount, promoted shelf and targets. */
function PromotionFields({ form }: { form: UseFormReturn<PromotionFormValues, unknown, unknown> }) {
  const discountType = useWatch({ control: form.control, name: 'discountType' });
  const targetsError = errorAt(form, 'targets');
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Controller
          control={form.control}
          name="discountType"
          render={({ field }) => (
            <TextField
              select
              label="Discount"
              {...field}
              inputRef={field.ref}
              error={Boolean(errorAt(form, 'discountType'))}
              helperText={errorAt(form, 'discountType')}
              sx={{ minWidth: 180 }}
            >
              <MenuItem value="percent">Percent off</MenuItem>
              <MenuItem value="amount">Amount off ($)</MenuItem>
              <MenuItem value="none">No discount</MenuItem>
            </TextField>
          )}
        />
        <TextField
          {...text(form, 'discountValue', discountType === 'amount' ? 'Dollars off each unit' : 'Percent off')}
          type="number"
          disabled={discountType === 'none'}
          slotProps={{ htmlInput: { step: '0.01', min: 0 } }}
        />
      </Stack>
      <Controller
        control={form.control}
        name="promoted"
        render={({ field }) => (
          <FormControlLabel
            control={<Checkbox checked={field.value} onChange={(ev) => field.onChange(ev.target.checked)} />}
            label="Show on the promoted shelf"
          />
        )}
      />
      <Section title="Applies to">
        <PickerField form={form} name="targets.productIds" kind="products" label="Products" />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ '& > *': { flex: 1, minWidth: 0 } }}>
          <PickerField form={form} name="targets.categoryIds" kind="categories" label="Categories" />
          <PickerField form={form} name="targets.brands" kind="brands" label="Brands" />
        </Stack>
        <PickerField form={form} name="targets.vendorIds" kind="vendors" label="Vendors" />
        {targetsError ? <FormHelperText error>{targetsError}</FormHelperText> : null}
      </Section>
    </>
  );
}

/** The artwork and where a click leads. */
function BannerFields({ form }: { form: UseFormReturn<BannerFormValues, unknown, unknown> }) {
  return (
    <>
      <TextField {...text(form, 'imageUrl', 'Image URL')} required placeholder="/product-images/banner.svg" />
      <TextField {...text(form, 'linkUrl', 'Link')} placeholder="/retailer/product-catalog or https://…" />
    </>
  );
}

export function PromotionFormDialog({ promotion, onClose }: { promotion: PromotionRow | null; onClose: () => void }) {
  const [save, saved] = useSavePromotionMutation();
  return (
    <PromoFormModal
      noun="promotion"
      id={promotion?.id ?? null}
      schema={promotionForm}
      values={promotionValues(promotion)}
      save={save}
      busy={saved.isLoading}
      onClose={onClose}
      Fields={PromotionFields}
    />
  );
}

export function BannerFormDialog({ banner, onClose }: { banner: BannerRow | null; onClose: () => void }) {
  const [save, saved] = useSaveBannerMutation();
  return (
    <PromoFormModal
      noun="banner"
      id={banner?.id ?? null}
      schema={bannerForm}
      values={bannerValues(banner)}
      save={save}
      busy={saved.isLoading}
      onClose={onClose}
      Fields={BannerFields}
    />
  );
}
