// The office's composer (/admin/notifications, New notification): title, message, an optional link into
// the retailer area, the audience (components/audience-picker.tsx) with the count of recipients it reaches
// (GET /admin/notifications/audience), and send now or at a chosen time. Validated by the shared
// notificationCompose schema (its messages on the fields), plus a scheduled time that must be in the future.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  NOTIFICATION_BODY_MAX,
  NOTIFICATION_MESSAGES as M,
  NOTIFICATION_TITLE_MAX,
  notificationCompose,
  type NotificationCompose,
} from '@portal/shared/notifications/notifications.schemas';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { AudiencePicker, type AudienceType } from '../../components/audience-picker';
import { FormModal } from '../../components/form-modal';
import { errorMessage } from '../../lib/api';
import { muiField } from '../../lib/form';
import { notify } from '../../lib/notify';
import { useDebounced } from '../../lib/use-debounced';
import { SEND_NOTIFICATION_FAILED, useGetAudienceCountQuery, useSendNotificationMutation } from './notifications.api';

export interface ComposerValues {
  title: string;
  body: string;
  url: string;
  audienceType: AudienceType;
  audienceValues: string[];
  when: 'now' | 'schedule';
  /** A datetime-local value (the browser's local time). */
  sendAt: string;
}

export const emptyComposer = (): ComposerValues => ({
  title: '',
  body: '',
  url: '',
  audienceType: 'all',
  audienceValues: [],
  when: 'now',
  sendAt: '',
});

/** The form's values as the request body: an empty link is none, "send now" has no time, a local time becomes UTC. */
export function composerBody(v: ComposerValues): Record<string, unknown> {
  const local = v.sendAt ? new Date(v.sendAt) : null;
  return {
    title: v.title,
    body: v.body,
    audienceType: v.audienceType,
    audienceValues: v.audienceType === 'all' ? [] : v.audienceValues,
    ...(v.url.trim() ? { url: v.url.trim() } : {}),
    ...(v.when === 'schedule' ? { sendAt: local && !Number.isNaN(local.getTime()) ? local.toISOString() : 'not a date' } : {}),
  };
}

/** The shared schema on the request body, and a scheduled time in the future (the server checks it again). */
export const composerSchema = (now: () => number = Date.now) =>
  z.preprocess(
    (v) => composerBody(v as ComposerValues),
    notificationCompose.superRefine((body, ctx) => {
      if (body.sendAt && Date.parse(body.sendAt) <= now())
        ctx.addIssue({ code: 'custom', path: ['sendAt'], message: M.scheduleInPast });
    }),
  );

const FIELDS = ['title', 'body', 'url', 'audienceValues', 'sendAt'] as const;

export function NotificationComposer({ onClose }: { onClose: () => void }) {
  const [send, state] = useSendNotificationMutation();
  const { register, handleSubmit, formState, control, setValue, setError } = useForm<
    ComposerValues,
    unknown,
    NotificationCompose
  >({
    // The preprocess step takes the form values (zod types its input as unknown).
    resolver: zodResolver(composerSchema() as unknown as z.ZodType<NotificationCompose, ComposerValues>),
    defaultValues: emptyComposer(),
  });
  const [audienceType, audienceValues, when, title, body] = useWatch({
    control,
    name: ['audienceType', 'audienceValues', 'when', 'title', 'body'],
  });
  // Debounced as text: a new object every render would never settle.
  const audienceKey = useDebounced(JSON.stringify([audienceType, audienceType === 'all' ? [] : audienceValues]));
  const [settledType, settledValues] = JSON.parse(audienceKey) as [AudienceType, string[]];
  const audience = { audienceType: settledType, audienceValues: settledValues };
  const count = useGetAudienceCountQuery(audience, {
    skip: audience.audienceType !== 'all' && audience.audienceValues.length === 0,
  });
  const errors = formState.errors;

  const submit = handleSubmit(async (values) => {
    try {
      const answer = await send(values).unwrap();
      notify.success(answer.message || (values.sendAt ? M.scheduled : M.sent));
      onClose();
    } catch (err) {
      const fields = (err as { data?: { error?: { fields?: Record<string, string> } } }).data?.error?.fields ?? {};
      let shown = false;
      for (const name of FIELDS) {
        if (fields[name]) {
          setError(name, { message: fields[name] });
          shown = true;
        }
      }
      if (!shown) notify.error(errorMessage(err, SEND_NOTIFICATION_FAILED));
    }
  });

  const recipients =
    audienceType !== 'all' && audienceValues.length === 0
      ? null
      : count.data && !count.isFetching
        ? count.data.recipients
        : undefined;

  return (
    <FormModal
      title="New notification"
      submitLabel={when === 'schedule' ? 'Schedule' : 'Send now'}
      busy={state.isLoading}
      onClose={onClose}
      onSubmit={(ev) => void submit(ev)}
      size="md"
    >
      <TextField
        label="Title"
        required
        autoFocus
        {...muiField(register('title'))}
        error={Boolean(errors.title)}
        helperText={errors.title?.message ?? `${title.length}/${NOTIFICATION_TITLE_MAX}`}
      />
      <TextField
        label="Message"
        required
        multiline
        minRows={3}
        {...muiField(register('body'))}
        error={Boolean(errors.body)}
        helperText={errors.body?.message ?? `${body.length}/${NOTIFICATION_BODY_MAX}`}
      />
      <TextField
        label="Link (optional)"
        placeholder="/retailer/order"
        {...muiField(register('url'))}
        error={Boolean(errors.url)}
        helperText={errors.url?.message ?? 'A page of the retailer area that the notification opens'}
      />
      <AudiencePicker
        type={audienceType}
        values={audienceValues}
        error={errors.audienceValues?.message}
        onChange={(type, values) => {
          setValue('audienceType', type);
          setValue('audienceValues', values, { shouldValidate: formState.isSubmitted });
        }}
        disabled={state.isLoading}
      />
      <Box aria-live="polite" data-testid="audience-count">
        {recipients === null ? null : recipients === undefined ? (
          <Typography variant="body2" color="textSecondary">
            Counting recipients…
          </Typography>
        ) : recipients === 0 ? (
          <Alert severity="warning">{M.noRecipients}</Alert>
        ) : (
          <Typography variant="body2">
            Reaches <strong>{recipients.toLocaleString('en-US')}</strong> {recipients === 1 ? 'recipient' : 'recipients'}
          </Typography>
        )}
      </Box>
      <Controller
        control={control}
        name="when"
        render={({ field }) => (
          <Box>
            <Typography variant="body2" color="textSecondary" sx={{ mb: 0.5 }}>
              When
            </Typography>
            <ToggleButtonGroup
              exclusive
              size="small"
              value={field.value}
              aria-label="When"
              onChange={(_e, v: ComposerValues['when'] | null) => v && field.onChange(v)}
            >
              <ToggleButton value="now" sx={{ px: 2 }}>
                Now
              </ToggleButton>
              <ToggleButton value="schedule" sx={{ px: 2 }}>
                Later
              </ToggleButton>
            </ToggleButtonGroup>
          </Box>
        )}
      />
      {when === 'schedule' ? (
        <TextField
          label="Send at"
          type="datetime-local"
          {...muiField(register('sendAt'))}
          error={Boolean(errors.sendAt)}
          helperText={errors.sendAt?.message ?? 'Your local time'}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      ) : null}
    </FormModal>
  );
}
