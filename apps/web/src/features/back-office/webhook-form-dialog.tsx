// "Add endpoint" and "Edit endpoint": URL, description, events and active, checked with the API's own schema
// (@portal/shared/webhooks); the server's field messages land on the fields, anything else is toasted. A new
// endpoint's answer carries its signing secret, handed to the page to show once.
import { zodResolver } from '@hookform/resolvers/zod';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Switch from '@mui/material/Switch';
import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  webhookEndpointBody,
  type WebhookEndpoint,
  type WebhookEndpointForm,
  type WebhookEndpointInput,
  type WebhookEndpointWithSecret,
  type WebhookEvent,
} from '@portal/shared/webhooks/webhooks.schemas';
import { Controller, useForm } from 'react-hook-form';
import { FormModal } from '../../components/form-modal';
import { InputField } from '../../components/input-field';
import { errorMessage } from '../../lib/api';
import { muiField } from '../../lib/form';
import { notify } from '../../lib/notify';
import { ENDPOINT_SAVE_FAILED, useCreateWebhookEndpointMutation, useUpdateWebhookEndpointMutation } from './back-office.api';

const FIELDS = ['url', 'description', 'events'] as const;

const toValues = (e: WebhookEndpoint | null): WebhookEndpointForm => ({
  url: e?.url ?? 'https://',
  description: e?.description ?? '',
  events: (e?.events as WebhookEvent[] | undefined) ?? ['order.placed'],
  isActive: e?.isActive ?? true,
});

/** `endpoint` null: a new one. Mounted per opening (keyed by the caller). */
export function WebhookFormDialog({
  endpoint,
  onClose,
  onCreated,
}: {
  endpoint: WebhookEndpoint | null;
  onClose: () => void;
  onCreated: (created: WebhookEndpointWithSecret) => void;
}) {
  const [create, created] = useCreateWebhookEndpointMutation();
  const [update, updated] = useUpdateWebhookEndpointMutation();
  const busy = created.isLoading || updated.isLoading;
  const { register, handleSubmit, formState, setError, control } = useForm<WebhookEndpointForm, unknown, WebhookEndpointInput>({
    resolver: zodResolver(webhookEndpointBody),
    defaultValues: toValues(endpoint),
  });
  const e = formState.errors;

  const onSubmit = handleSubmit(async (body) => {
    try {
      if (endpoint) {
        const answer = await update({ id: endpoint.id, ...body }).unwrap();
        notify.success(answer.message);
        onClose();
      } else {
        const answer = await create(body).unwrap();
        onCreated(answer.data);
      }
    } catch (err) {
      const fields = (err as { data?: { error?: { fields?: Record<string, string> } } })?.data?.error?.fields ?? {};
      let onField = false;
      for (const name of FIELDS)
        if (fields[name]) {
          setError(name, { message: fields[name] });
          onField = true;
        }
      if (!onField) notify.error(errorMessage(err, ENDPOINT_SAVE_FAILED));
    }
  });

  return (
    <FormModal
      title={endpoint ? 'Edit endpoint' : 'Add endpoint'}
      onClose={onClose}
      onSubmit={(ev) => void onSubmit(ev)}
      busy={busy}
      submitLabel={endpoint ? 'Save' : 'Add endpoint'}
    >
      <InputField
        label="Endpoint URL"
        required
        autoFocus
        placeholder="https://erp.example.com/portal-hooks"
        {...muiField(register('url'))}
        error={Boolean(e.url)}
        helperText={e.url?.message ?? 'Deliveries are POSTed here as signed JSON'}
      />
      <InputField
        label="Description"
        placeholder="Accounting system"
        {...muiField(register('description'))}
        error={Boolean(e.description)}
        helperText={e.description?.message}
      />
      <Controller
        control={control}
        name="events"
        render={({ field }) => {
          const chosen = new Set(field.value ?? []);
          return (
            <FormControl component="fieldset" error={Boolean(e.events)}>
              <FormLabel component="legend">Events</FormLabel>
              <FormGroup>
                {WEBHOOK_EVENTS.map((event) => (
                  <FormControlLabel
                    key={event}
                    label={WEBHOOK_EVENT_LABELS[event]}
                    control={
                      <Checkbox
                        checked={chosen.has(event)}
                        onChange={(_ev, on) => field.onChange(WEBHOOK_EVENTS.filter((x) => (x === event ? on : chosen.has(x))))}
                      />
                    }
                  />
                ))}
              </FormGroup>
              {e.events ? <FormHelperText>{e.events.message}</FormHelperText> : null}
            </FormControl>
          );
        }}
      />
      <Controller
        control={control}
        name="isActive"
        render={({ field }) => (
          <FormControlLabel
            label="Active (paused endpoints get no deliveries)"
            control={<Switch checked={field.value ?? true} onChange={(_ev, on) => field.onChange(on)} />}
          />
        )}
      />
    </FormModal>
  );
}
