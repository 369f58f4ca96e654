// "New/Edit promotion" and "New/Edit banner": the form's fields are turned into the API body and checked
// with the API's own schema (shared), so the messages are the server's; the server's field messages
// (unknown product, route …) land on the fields too, anything else on a toast.
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  bannerBody,
  promotionBody,
  type BannerBody,
  type BannerRow,
  type PromotionBody,
  type PromotionRow,
} from '@portal/shared/promotions/promotions.schemas';
import dayjs from 'dayjs';
import { useState, type ReactNode } from 'react';
import { AppModal } from '../../components/app-modal';
import { errorMessage } from '../../lib/api';
import { notify } from '../../lib/notify';
import { PROMO_SAVE_FAILED, useSaveBannerMutation, useSavePromotionMutation } from './promotions.api';

type Errors = Record<string, string>;
type Audience = PromotionRow['audience'];

const AUDIENCE_LABELS: Record<Audience['type'], string> = {
  all: 'All customers',
  customers: 'Chosen customers (ids)',
  priceLevels: 'Price levels (1 to 5)',
  routes: 'Routes',
};

/** "a, b ,c" → ['a', 'b', 'c'] */
const list = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
/** datetime-local (the browser's time zone) ↔ ISO-8601 UTC */
const toLocal = (iso: string | null | undefined) => (iso ? dayjs(iso).format('YYYY-MM-DDTHH:mm') : '');
const toIso = (local: string) => (local ? new Date(local).toISOString() : '');

/** Where an issue of the body shows in the form: targets.brands → brands, audience.values → audienceValues. */
function fieldOf(path: readonly PropertyKey[]): string {
  const [head, next] = path.map(String);
  if (head === 'targets') return next ?? 'productIds';
  if (head === 'audience') return 'audienceValues';
  return head ?? 'title';
}

function issuesOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }): Errors {
  const errors: Errors = {};
  for (const issue of result.error?.issues ?? []) errors[fieldOf(issue.path)] ??= issue.message;
  return errors;
}

/** The server's field messages (error.fields), keyed like the form; empty when the failure is not about fields. */
function serverErrors(err: unknown): Errors {
  const fields = (err as { data?: { error?: { fields?: Record<string, string> } } })?.data?.error?.fields ?? {};
  const errors: Errors = {};
  for (const [path, message] of Object.entries(fields)) errors[fieldOf(path.split('.'))] ??= message;
  return errors;
}

function FormDialog({
  title,
  formId,
  busy,
  submitText,
  onClose,
  onSubmit,
  children,
}: {
  title: string;
  formId: string;
  busy: boolean;
  submitText: string;
  onClose: () => void;
  onSubmit: () => void;
  children: ReactNode;
}) {
  return (
    <AppModal
      open
      onClose={onClose}
      title={title}
      size="md"
      actions={
        <>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant="contained" loading={busy}>
            {submitText}
          </Button>
        </>
      }
    >
      <Stack
        id={formId}
        component="form"
        noValidate
        spacing={2}
        aria-label={title}
        sx={{ pt: 1 }}
        onSubmit={(ev) => {
          ev.preventDefault();
          onSubmit();
        }}
      >
        {children}
      </Stack>
    </AppModal>
  );
}

function useFields<T extends Record<string, string | boolean>>(initial: T) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors>({});
  const text = (name: keyof T & string, label: string, extra: object = {}) => ({
    label,
    name,
    value: values[name] as string,
    onChange: (ev: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: ev.target.value })),
    error: Boolean(errors[name]),
    helperText: errors[name],
    ...extra,
  });
  return { values, setValues, errors, setErrors, text };
}

function AudienceFields({
  field,
}: {
  field: ReturnType<typeof useFields<{ audienceType: string; audienceValues: string }>>['text'];
}) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <TextField select {...field('audienceType', 'Audience')} sx={{ minWidth: 220 }}>
        {(Object.keys(AUDIENCE_LABELS) as Audience['type'][]).map((t) => (
          <MenuItem key={t} value={t}>
            {AUDIENCE_LABELS[t]}
          </MenuItem>
        ))}
      </TextField>
      <TextField {...field('audienceValues', 'Who (comma-separated)')} placeholder="101, 102" />
    </Stack>
  );
}

export function PromotionFormDialog({ promotion, onClose }: { promotion: PromotionRow | null; onClose: () => void }) {
  const [save, saved] = useSavePromotionMutation();
  const p = promotion;
  const { values, setValues, setErrors, text } = useFields({
    title: p?.title ?? '',
    description: p?.description ?? '',
    discountType: p?.discountType ?? 'percent',
    discountValue: p?.discountValue != null ? String(p.discountValue) : '',
    promoted: p?.promoted ?? false,
    productIds: p?.targets.productIds.join(', ') ?? '',
    categoryIds: p?.targets.categoryIds.join(', ') ?? '',
    brands: p?.targets.brands.join(', ') ?? '',
    vendorIds: p?.targets.vendorIds.join(', ') ?? '',
    audienceType: p?.audience.type ?? 'all',
    audienceValues: p?.audience.values.join(', ') ?? '',
    startsAt: toLocal(p?.startsAt ?? new Date().toISOString()),
    endsAt: toLocal(p?.endsAt),
  });

  const submit = async () => {
    const body: PromotionBody = {
      title: values.title,
      description: values.description,
      discountType: values.discountType as PromotionBody['discountType'],
      discountValue: values.discountValue.trim() === '' ? null : Number(values.discountValue),
      promoted: values.promoted,
      targets: {
        productIds: list(values.productIds),
        categoryIds: list(values.categoryIds),
        brands: list(values.brands),
        vendorIds: list(values.vendorIds),
      },
      audience: { type: values.audienceType as Audience['type'], values: list(values.audienceValues) },
      startsAt: toIso(values.startsAt),
      endsAt: toIso(values.endsAt) || null,
    };
    const checked = promotionBody.safeParse(body);
    if (!checked.success) return setErrors(issuesOf(checked));
    setErrors({});
    try {
      const answer = await save({ id: p?.id ?? null, body }).unwrap();
      notify.success(answer.message);
      onClose();
    } catch (err) {
      const fields = serverErrors(err);
      if (Object.keys(fields).length) setErrors(fields);
      else notify.error(errorMessage(err, PROMO_SAVE_FAILED));
    }
  };

  const title = p ? 'Edit promotion' : 'New promotion';
  return (
    <FormDialog
      title={title}
      formId="promotion-form"
      busy={saved.isLoading}
      submitText={p ? 'Save' : 'Create promotion'}
      onClose={onClose}
      onSubmit={() => void submit()}
    >
      <TextField {...text('title', 'Title')} required autoFocus />
      <TextField {...text('description', 'Description')} multiline minRows={2} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField select {...text('discountType', 'Discount')} sx={{ minWidth: 180 }}>
          <MenuItem value="percent">Percent off</MenuItem>
          <MenuItem value="amount">Amount off ($)</MenuItem>
          <MenuItem value="none">No discount</MenuItem>
        </TextField>
        <TextField
          {...text('discountValue', values.discountType === 'amount' ? 'Dollars off each unit' : 'Percent off')}
          type="number"
          disabled={values.discountType === 'none'}
          slotProps={{ htmlInput: { step: '0.01', min: 0 } }}
        />
      </Stack>
      <FormControlLabel
        control={
          <Checkbox checked={values.promoted} onChange={(ev) => setValues((v) => ({ ...v, promoted: ev.target.checked }))} />
        }
        label="Show on the promoted shelf"
      />
      <TextField {...text('productIds', 'Product ids (comma-separated)')} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField {...text('categoryIds', 'Category ids')} />
        <TextField {...text('vendorIds', 'Vendor ids')} />
      </Stack>
      <TextField {...text('brands', 'Brands (comma-separated)')} />
      <AudienceFields field={text as never} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField {...text('startsAt', 'Starts')} type="datetime-local" slotProps={{ inputLabel: { shrink: true } }} required />
        <TextField
          {...text('endsAt', 'Ends (empty: no end)')}
          type="datetime-local"
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Stack>
    </FormDialog>
  );
}

export function BannerFormDialog({ banner, onClose }: { banner: BannerRow | null; onClose: () => void }) {
  const [save, saved] = useSaveBannerMutation();
  const b = banner;
  const { values, setErrors, text } = useFields({
    title: b?.title ?? '',
    description: b?.description ?? '',
    imageUrl: b?.imageUrl ?? '',
    linkUrl: b?.linkUrl ?? '',
    audienceType: b?.audience.type ?? 'all',
    audienceValues: b?.audience.values.join(', ') ?? '',
    startsAt: toLocal(b?.startsAt ?? new Date().toISOString()),
    endsAt: toLocal(b?.endsAt),
  });

  const submit = async () => {
    const body: BannerBody = {
      title: values.title,
      description: values.description,
      imageUrl: values.imageUrl,
      linkUrl: values.linkUrl,
      audience: { type: values.audienceType as Audience['type'], values: list(values.audienceValues) },
      startsAt: toIso(values.startsAt),
      endsAt: toIso(values.endsAt) || null,
    };
    const checked = bannerBody.safeParse(body);
    if (!checked.success) return setErrors(issuesOf(checked));
    setErrors({});
    try {
      const answer = await save({ id: b?.id ?? null, body }).unwrap();
      notify.success(answer.message);
      onClose();
    } catch (err) {
      const fields = serverErrors(err);
      if (Object.keys(fields).length) setErrors(fields);
      else notify.error(errorMessage(err, PROMO_SAVE_FAILED));
    }
  };

  const title = b ? 'Edit banner' : 'New banner';
  return (
    <FormDialog
      title={title}
      formId="banner-form"
      busy={saved.isLoading}
      submitText={b ? 'Save' : 'Create banner'}
      onClose={onClose}
      onSubmit={() => void submit()}
    >
      <TextField {...text('title', 'Title')} required autoFocus />
      <TextField {...text('description', 'Description')} multiline minRows={2} />
      <TextField {...text('imageUrl', 'Image URL')} required placeholder="/product-images/banner.svg" />
      <TextField {...text('linkUrl', 'Link')} placeholder="/retailer/product-catalog or https://…" />
      <AudienceFields field={text as never} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField {...text('startsAt', 'Starts')} type="datetime-local" slotProps={{ inputLabel: { shrink: true } }} required />
        <TextField
          {...text('endsAt', 'Ends (empty: no end)')}
          type="datetime-local"
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Stack>
    </FormDialog>
  );
}
