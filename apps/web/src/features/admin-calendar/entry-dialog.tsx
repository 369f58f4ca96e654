// Add or edit one dated entry of the delivery calendar (shared zod schema datedEntryBody), with a
// confirmation before deleting it. The answer names the stores whose next order or delivery day moved.
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  DATED_ENTRY_KINDS,
  ENTRY_KIND_LABELS,
  datedEntryBody,
  type DatedEntryBody,
  type DatedEntryResult,
} from '@portal/shared/calendar/delivery-calendar.schemas';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { ConfirmModal, FormModal } from '../../components/form-modal';
import {
  refusalOf,
  useAddCalendarEntryMutation,
  useDeleteCalendarEntryMutation,
  useEditCalendarEntryMutation,
} from './admin-calendar.api';

export interface EntryDraft extends DatedEntryBody {
  id?: string;
}

function movedText(r: DatedEntryResult, verb: string): string {
  if (r.affectedStores === 0) return `Calendar entry ${verb}`;
  return `Calendar entry ${verb}: ${r.affectedStores} ${r.affectedStores === 1 ? 'store' : 'stores'} moved to a new order or delivery day`;
}

export function EntryDialog({ draft, canDelete, onClose }: { draft: EntryDraft; canDelete: boolean; onClose: () => void }) {
  const [add, adding] = useAddCalendarEntryMutation();
  const [edit, editing] = useEditCalendarEntryMutation();
  const [remove, removing] = useDeleteCalendarEntryMutation();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [deleteRefusal, setDeleteRefusal] = useState<string | null>(null);
  const form = useForm<DatedEntryBody>({
    resolver: zodResolver(datedEntryBody) as never,
    defaultValues: {
      kind: draft.kind,
      title: draft.title,
      description: draft.description ?? '',
      date: draft.date,
      endDate: draft.endDate ?? '',
      routeNumber: draft.routeNumber ?? '',
      shift: draft.shift ?? (draft.kind === 'holiday' ? 'before' : null),
    },
  });
  const kind = form.watch('kind');
  const errors = form.formState.errors;

  const submit = form.handleSubmit(async (values) => {
    setRefusal(null);
    const body = { ...values, shift: values.kind === 'holiday' ? values.shift : null };
    try {
      const res = draft.id ? await edit({ id: draft.id, body }).unwrap() : await add(body).unwrap();
      toast.success(movedText(res.data, draft.id ? 'saved' : 'added'));
      onClose();
    } catch (e) {
      setRefusal(refusalOf(e, 'Failed to save the calendar entry'));
    }
  });

  if (confirming && draft.id) {
    const id = draft.id;
    return (
      <ConfirmModal
        title="Delete calendar entry"
        confirmLabel="Delete"
        busy={removing.isLoading}
        refusal={deleteRefusal}
        onClose={() => (deleteRefusal ? onClose() : setConfirming(false))}
        onConfirm={async () => {
          try {
            const res = await remove(id).unwrap();
            toast.success(movedText(res.data, 'deleted'));
            onClose();
          } catch (e) {
            setDeleteRefusal(refusalOf(e, 'Failed to delete the calendar entry'));
          }
        }}
      >
        {`Delete "${draft.title}" on ${draft.date}? Stores it moved go back to their usual days.`}
      </ConfirmModal>
    );
  }

  return (
    <FormModal
      title={draft.id ? 'Edit calendar entry' : 'Add calendar entry'}
      submitLabel={draft.id ? 'Save' : 'Add'}
      busy={adding.isLoading || editing.isLoading}
      onClose={onClose}
      onSubmit={(ev) => void submit(ev)}
    >
      {refusal ? <Alert severity="error">{refusal}</Alert> : null}
      <Controller
        control={form.control}
        name="kind"
        render={({ field }) => (
          <TextField select label="Kind" {...field} error={!!errors.kind} helperText={errors.kind?.message}>
            {DATED_ENTRY_KINDS.map((k) => (
              <MenuItem key={k} value={k}>
                {ENTRY_KIND_LABELS[k]}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <TextField label="Title" required {...form.register('title')} error={!!errors.title} helperText={errors.title?.message} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label="Date"
          type="date"
          required
          fullWidth
          slotProps={{ inputLabel: { shrink: true } }}
          {...form.register('date')}
          error={!!errors.date}
          helperText={errors.date?.message}
        />
        <TextField
          label="Until (optional)"
          type="date"
          fullWidth
          slotProps={{ inputLabel: { shrink: true } }}
          {...form.register('endDate')}
          error={!!errors.endDate}
          helperText={errors.endDate?.message}
        />
      </Stack>
      <TextField
        label="Route (empty: every route)"
        {...form.register('routeNumber')}
        error={!!errors.routeNumber}
        helperText={errors.routeNumber?.message}
      />
      {kind === 'holiday' ? (
        <Controller
          control={form.control}
          name="shift"
          render={({ field }) => (
            <TextField
              select
              label="Deliveries and order days on it move to"
              value={field.value ?? ''}
              onChange={field.onChange}
              error={!!errors.shift}
              helperText={errors.shift?.message}
            >
              <MenuItem value="before">The day before</MenuItem>
              <MenuItem value="after">The day after</MenuItem>
            </TextField>
          )}
        />
      ) : null}
      <TextField
        label="Description"
        multiline
        minRows={2}
        {...form.register('description')}
        error={!!errors.description}
        helperText={errors.description?.message}
      />
      {draft.id && canDelete ? (
        <Button color="error" onClick={() => setConfirming(true)} sx={{ alignSelf: 'flex-start' }}>
          Delete entry
        </Button>
      ) : null}
    </FormModal>
  );
}
