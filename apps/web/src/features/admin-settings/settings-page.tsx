// /admin/settings: the distributor's settings as one form in sections (company and logo, time zone, new
// stores, delivery charge, order numbers, e-mail sender, sign-up), validated with the API's own rules;
// the server's field messages land on their fields. Read-only without the Settings edit permission.
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  SETTINGS_SAVED_MESSAGE,
  timeZoneChoices,
  type Settings,
  type SettingsBody,
} from '@portal/shared/settings/settings.schemas';
import { useMemo, type ReactNode } from 'react';
import { Controller, useFieldArray, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { useAppSelector } from '../../app/hooks';
import { ImageUploadField } from '../../components/image-upload-field';
import { ErrorState, ListSkeleton } from '../../components/list-states';
import { PageTitle } from '../../components/page-title';
import { errorMessage } from '../../lib/api';
import { shortDate } from '../../lib/format';
import { muiField } from '../../lib/form';
import { notify } from '../../lib/notify';
import {
  LOGO_UPLOAD_URL,
  SETTINGS_FAILED,
  SETTINGS_SAVE_FAILED,
  useGetSettingsQuery,
  useSaveSettingsMutation,
} from './settings.api';
import { orderNumberPreview, settingsFormSchema, toFormValues, type SettingsFormValues } from './settings-form';
import { SECTIONS } from '@portal/shared/layout/menus';
import { SectionTabs } from '../../components/section-tabs';

function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" sx={{ fontSize: '1.05rem' }}>
        {title}
      </Typography>
      {hint ? (
        <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
          {hint}
        </Typography>
      ) : (
        <Box sx={{ mb: 2 }} />
      )}
      <Stack spacing={2}>{children}</Stack>
    </Paper>
  );
}

const Row = ({ children }: { children: ReactNode }) => (
  <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fit, minmax(200px, 1fr))' } }}>
    {children}
  </Box>
);

export function SettingsPage() {
  const q = useGetSettingsQuery();
  const canEdit = useAppSelector((s) => s.auth.module.some((m) => m.module === 'Settings' && m.edit));
  return (
    <Box sx={{ maxWidth: 960 }}>
      <PageTitle
        title="Settings"
        subtitle={
          q.data?.updatedAt
            ? `Last saved ${shortDate(q.data.updatedAt)}`
            : 'Company details, terms for new stores, delivery, order numbers and sign-up'
        }
      />
      <SectionTabs label="Settings" sections={SECTIONS.settings} />
      {q.isLoading ? (
        <ListSkeleton rows={6} image={false} label="Loading settings" />
      ) : q.data ? (
        <SettingsForm key={q.data.updatedAt ?? 'never'} settings={q.data} canEdit={canEdit} />
      ) : (
        <ErrorState message={errorMessage(q.error, SETTINGS_FAILED)} onRetry={() => void q.refetch()} />
      )}
    </Box>
  );
}

function SettingsForm({ settings, canEdit }: { settings: Settings; canEdit: boolean }) {
  const [save, { isLoading }] = useSaveSettingsMutation();
  const form = useForm<SettingsFormValues, unknown, SettingsBody>({
    resolver: zodResolver(settingsFormSchema),
    defaultValues: toFormValues(settings),
  });
  const { register, control, handleSubmit, formState, setError } = form;
  const e = formState.errors;
  const tiers = useFieldArray({ control, name: 'deliveryCharge.tiers' });
  const mode = useWatch({ control, name: 'deliveryCharge.mode' });
  const [prefix, padding] = useWatch({ control, name: ['orderNumberFormat.prefix', 'orderNumberFormat.padding'] });
  const zones = useMemo(() => timeZoneChoices(), []);
  const disabled = !canEdit || isLoading;

  const text = (name: FieldPath<SettingsFormValues>, label: string, message: string | undefined, extra: object = {}) => (
    <TextField
      label={label}
      {...muiField(register(name))}
      error={Boolean(message)}
      helperText={message ?? (extra as { hint?: string }).hint}
      disabled={disabled}
      slotProps={(extra as { slotProps?: object }).slotProps}
    />
  );

  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await save(values).unwrap();
      notify.success(answer.message || SETTINGS_SAVED_MESSAGE);
    } catch (err) {
      const fields = (err as { data?: { error?: { fields?: Record<string, string> } } }).data?.error?.fields ?? {};
      for (const [name, message] of Object.entries(fields)) setError(name as FieldPath<SettingsFormValues>, { message });
      notify.error(errorMessage(err, SETTINGS_SAVE_FAILED));
    }
  });

  return (
    <Stack component="form" noValidate spacing={2} aria-label="Settings" onSubmit={(ev) => void onSubmit(ev)}>
      <Section title="Company" hint="Shown at sign-in, in the information strip, on order PDFs and in e-mails.">
        <Controller
          control={control}
          name="company.logoUrl"
          render={({ field }) => (
            <ImageUploadField
              label="Logo"
              value={field.value ?? null}
              onChange={(url) => field.onChange(url)}
              error={e.company?.logoUrl?.message}
              disabled={disabled}
              uploadUrl={LOGO_UPLOAD_URL}
            />
          )}
        />
        <Row>
          {text('company.name', 'Short name', e.company?.name?.message)}
          {text('company.companyName', 'Company (legal) name', e.company?.companyName?.message)}
        </Row>
        <Row>
          {text('company.email', 'Office e-mail', e.company?.email?.message, { hint: 'Contact requests are sent here' })}
          {text('company.phone', 'Phone', e.company?.phone?.message)}
        </Row>
        {text('company.addr1', 'Address', e.company?.addr1?.message)}
        <Row>
          {text('company.city', 'City', e.company?.city?.message)}
          {text('company.state', 'State', e.company?.state?.message)}
          {text('company.zip', 'ZIP code', e.company?.zip?.message)}
        </Row>
      </Section>

      <Section title="Time zone" hint="Dates on order PDFs are printed in this time zone.">
        <Controller
          control={control}
          name="timeZone"
          render={({ field }) => (
            <Autocomplete
              options={zones}
              value={field.value}
              onChange={(_ev, v) => field.onChange(v ?? '')}
              disableClearable
              disabled={disabled}
              renderInput={(params) => (
                <TextField {...params} label="Time zone" error={Boolean(e.timeZone)} helperText={e.timeZone?.message} />
              )}
            />
          )}
        />
      </Section>

      <Section title="New stores" hint="Terms a store starts with when it is added or its sign-up is approved. Empty: none.">
        <Row>
          {text('newStoreDefaults.minOrderCents', 'Minimum order ($)', e.newStoreDefaults?.minOrderCents?.message)}
          {text('newStoreDefaults.itemLimit', 'Item limit (per order)', e.newStoreDefaults?.itemLimit?.message)}
          {text('newStoreDefaults.creditLimitCents', 'Credit limit ($)', e.newStoreDefaults?.creditLimitCents?.message)}
        </Row>
      </Section>

      <Section title="Delivery charge" hint="Applies to every store on the standard delivery rule.">
        <Controller
          control={control}
          name="deliveryCharge.mode"
          render={({ field }) => (
            <TextField select label="Charge" {...field} disabled={disabled} sx={{ maxWidth: 360 }}>
              <MenuItem value="none">No delivery charge</MenuItem>
              <MenuItem value="flat">A flat amount</MenuItem>
              <MenuItem value="by_order_value">By order value (tiers)</MenuItem>
            </TextField>
          )}
        />
        {mode === 'flat' ? text('deliveryCharge.flatCents', 'Flat charge ($)', e.deliveryCharge?.flatCents?.message) : null}
        {mode === 'by_order_value' ? (
          <Stack spacing={1}>
            {tiers.fields.map((tier, i) => (
              <Box key={tier.id} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
                <TextField
                  label="From order value ($)"
                  {...muiField(register(`deliveryCharge.tiers.${i}.minSubtotal`))}
                  error={Boolean(e.deliveryCharge?.tiers?.[i]?.minSubtotal)}
                  helperText={e.deliveryCharge?.tiers?.[i]?.minSubtotal?.message}
                  disabled={disabled}
                  sx={{ flex: 1 }}
                />
                <TextField
                  label="Charge ($)"
                  {...muiField(register(`deliveryCharge.tiers.${i}.charge`))}
                  error={Boolean(e.deliveryCharge?.tiers?.[i]?.charge)}
                  helperText={e.deliveryCharge?.tiers?.[i]?.charge?.message}
                  disabled={disabled}
                  sx={{ flex: 1 }}
                />
                <IconButton
                  aria-label={`Remove tier ${i + 1}`}
                  onClick={() => tiers.remove(i)}
                  disabled={disabled}
                  sx={{ mt: 1 }}
                >
                  <DeleteOutlinedIcon />
                </IconButton>
              </Box>
            ))}
            {e.deliveryCharge?.tiers?.message || e.deliveryCharge?.tiers?.root?.message ? (
              <FormHelperText error>{e.deliveryCharge?.tiers?.message ?? e.deliveryCharge?.tiers?.root?.message}</FormHelperText>
            ) : null}
            <Box>
              <Button startIcon={<AddIcon />} onClick={() => tiers.append({ minSubtotal: '', charge: '' })} disabled={disabled}>
                Add tier
              </Button>
            </Box>
          </Stack>
        ) : null}
        {mode !== 'none'
          ? text('deliveryCharge.freeOverCents', 'Free delivery from ($)', e.deliveryCharge?.freeOverCents?.message, {
              hint: 'Empty: never free',
            })
          : null}
      </Section>

      <Section title="Order numbers" hint="Applies to orders placed from now on; numbers already given never change.">
        <Row>
          {text('orderNumberFormat.prefix', 'Prefix', e.orderNumberFormat?.prefix?.message, {
            hint: 'Capital letters, digits or dashes, e.g. GS-',
          })}
          {text('orderNumberFormat.padding', 'Digits (zero padded)', e.orderNumberFormat?.padding?.message, {
            hint: '0: as it is',
          })}
        </Row>
        <Typography variant="body2" aria-live="polite">
          Next order number:{' '}
          <strong>{orderNumberPreview(settings.nextOrderNumberExample, settings.orderNumberFormat, prefix, padding)}</strong>
        </Typography>
      </Section>

      <Section
        title="E-mail sender"
        hint="Who e-mails to stores and the office come from. Empty address: the server's default sender."
      >
        <Row>
          {text('emailSender.fromName', 'Sender name', e.emailSender?.fromName?.message, { hint: 'Empty: the short name' })}
          {text('emailSender.fromAddress', 'Sender address', e.emailSender?.fromAddress?.message)}
        </Row>
      </Section>

      <Section title="Sign-up" hint="When off, the public sign-up page refuses new stores; the office still adds them.">
        <Controller
          control={control}
          name="selfRegistration"
          render={({ field }) => (
            <FormControlLabel
              control={<Switch checked={field.value} onChange={(_ev, v) => field.onChange(v)} disabled={disabled} />}
              label="Stores may sign up online"
            />
          )}
        />
      </Section>

      {canEdit ? (
        <Box
          sx={{
            position: 'sticky',
            bottom: 0,
            // above the outlined fields' floating labels (z-index 1) scrolling under it
            zIndex: 2,
            py: 1.5,
            bgcolor: 'background.default',
            display: 'flex',
            justifyContent: 'flex-end',
            borderTop: 1,
            borderColor: 'divider',
          }}
        >
          <Button type="submit" variant="contained" loading={isLoading}>
            Save settings
          </Button>
        </Box>
      ) : (
        <Typography variant="body2" color="textSecondary">
          You can view these settings; changing them needs the Settings edit permission.
        </Typography>
      )}
    </Stack>
  );
}
