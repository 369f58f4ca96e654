// The distributor's editor of one policy: a title and a Markdown body with a preview rendered exactly as
// readers see it (PolicyText), validated with the API's own rules; the server's field messages land on the
// fields. Each save becomes a new version.
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import TextField from '@mui/material/TextField';
import {
  POLICY_BODY_MAX,
  POLICY_SAVED_MESSAGE,
  POLICY_TITLE_MAX,
  policyEditBody,
  type PolicyEditBody,
  type PolicyKind,
} from '@portal/shared/policies/policies.schemas';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { errorMessage } from '../../lib/api';
import { muiField } from '../../lib/form';
import { notify } from '../../lib/notify';
import { POLICY_SAVE_FAILED, useSavePolicyMutation } from './policies.api';
import { PolicyText } from './policy-text';

export function PolicyEditor({ kind, initial, onDone }: { kind: PolicyKind; initial: PolicyEditBody; onDone: () => void }) {
  const [save, { isLoading }] = useSavePolicyMutation();
  const { register, handleSubmit, formState, setError, control } = useForm({
    resolver: zodResolver(policyEditBody),
    defaultValues: initial,
  });
  const e = formState.errors;
  const body = useWatch({ control, name: 'body' });
  const [tab, setTab] = useState<'write' | 'preview'>('write');

  const onSubmit = handleSubmit(
    async (values) => {
      try {
        const answer = await save({ kind, ...values }).unwrap();
        notify.success(answer.message || POLICY_SAVED_MESSAGE);
        onDone();
      } catch (err) {
        const fields = (err as { data?: { error?: { fields?: Record<string, string> } } }).data?.error?.fields ?? {};
        for (const name of ['title', 'body'] as const) if (fields[name]) setError(name, { message: fields[name] });
        setTab('write');
        notify.error(errorMessage(err, POLICY_SAVE_FAILED));
      }
    },
    () => setTab('write'),
  );

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
        <Tabs value={tab} onChange={(_ev, v: 'write' | 'preview') => setTab(v)} aria-label="Text view">
          <Tab value="write" label="Write" />
          <Tab value="preview" label="Preview" />
        </Tabs>
        {/* Kept mounted while previewing, so the field keeps its registration and its value. */}
        <TextField
          label="Text (Markdown)"
          multiline
          minRows={12}
          maxRows={28}
          {...muiField(register('body'))}
          error={Boolean(e.body)}
          helperText={
            e.body?.message ??
            `Markdown: # heading, **bold**, *italic*, - list, [link](https://…). HTML and images are left out. ${body.length.toLocaleString('en-US')} / ${POLICY_BODY_MAX.toLocaleString('en-US')} characters.`
          }
          sx={{ display: tab === 'write' ? undefined : 'none' }}
        />
        {tab === 'preview' ? (
          <Paper variant="outlined" aria-label="Preview" sx={{ p: 2, minHeight: 200 }}>
            {body.trim() ? (
              <PolicyText body={body} />
            ) : (
              <Typography variant="body2" color="textSecondary">
                Nothing to preview yet.
              </Typography>
            )}
          </Paper>
        ) : null}
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
