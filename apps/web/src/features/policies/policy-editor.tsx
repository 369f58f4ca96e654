// The distributor's editor of one policy: a title and a plain-text body (blank line between
// paragraphs), validated with the API's own rules; the server's field messages land on the fields.
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  POLICY_BODY_MAX,
  POLICY_SAVED_MESSAGE,
  POLICY_TITLE_MAX,
  policyEditBody,
  type PolicyEditBody,
  type PolicyKind,
} from '@portal/shared/policies/policies.schemas';
import { useForm, useWatch } from 'react-hook-form';
import { errorMessage } from '../../lib/api';
import { muiField } from '../../lib/form';
import { notify } from '../../lib/notify';
import { POLICY_SAVE_FAILED, useSavePolicyMutation } from './policies.api';

export function PolicyEditor({ kind, initial, onDone }: { kind: PolicyKind; initial: PolicyEditBody; onDone: () => void }) {
  const [save, { isLoading }] = useSavePolicyMutation();
  const { register, handleSubmit, formState, setError, control } = useForm({
    resolver: zodResolver(policyEditBody),
    defaultValues: initial,
  });
  const e = formState.errors;
  const bodyLength = useWatch({ control, name: 'body' }).length;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await save({ kind, ...values }).unwrap();
      notify.success(answer.message || POLICY_SAVED_MESSAGE);
      onDone();
    } catch (err) {
      const fields = (err as { data?: { error?: { fields?: Record<string, string> } } }).data?.error?.fields ?? {};
      for (const name of ['title', 'body'] as const) if (fields[name]) setError(name, { message: fields[name] });
      notify.error(errorMessage(err, POLICY_SAVE_FAILED));
    }
  });

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack component="form" noValidate spacing={2} aria-label="Edit policy" onSubmit={(ev) => void onSubmit(ev)}>
        <TextField
          label="Title"
          {...muiField(register('title'))}
          error={Boolean(e.title)}
          helperText={e.title?.message}
          slotProps={{ htmlInput: { maxLength: POLICY_TITLE_MAX } }}
        />
        <TextField
          label="Text"
          multiline
          minRows={12}
          maxRows={28}
          {...muiField(register('body'))}
          error={Boolean(e.body)}
          helperText={
            e.body?.message ??
            `Plain text. Leave a blank line between paragraphs. ${bodyLength.toLocaleString('en-US')} / ${POLICY_BODY_MAX.toLocaleString('en-US')} characters.`
          }
        />
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={onDone} disabled={isLoading}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={isLoading}>
            Save
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
