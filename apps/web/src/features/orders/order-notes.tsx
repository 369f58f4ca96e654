// The retailer's notes with the distributor's office on one order: the thread and a reply form.
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { NOTE_MAX_LENGTH, orderNoteBody, type OrderNoteInput } from '@portal/shared/orders/order-details.schemas';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../lib/api';
import { muiField } from '../../lib/form';
import { dateTime } from '../../lib/format';
import { notify } from '../../lib/notify';
import { NOTE_ADD_FAILED, NOTES_FAILED, useAddStoreOrderNoteMutation, useGetStoreOrderNotesQuery } from './order-notes.api';

export function StoreOrderNotes({ orderNumber }: { orderNumber: string }) {
  const q = useGetStoreOrderNotesQuery(orderNumber);
  const [add, { isLoading }] = useAddStoreOrderNoteMutation();
  const { register, handleSubmit, formState, reset } = useForm<OrderNoteInput>({
    resolver: zodResolver(orderNoteBody),
    defaultValues: { text: '' },
  });
  const submit = handleSubmit(async (values) => {
    try {
      const res = await add({ orderNumber, text: values.text }).unwrap();
      notify.success(res.message);
      reset({ text: '' });
    } catch (err) {
      notify.error(errorMessage(err, NOTE_ADD_FAILED));
    }
  });
  const notes = q.data ?? [];
  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 2 }} component="section" aria-labelledby="store-notes-title">
      <Typography id="store-notes-title" variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        Notes with your distributor
      </Typography>
      {q.isError && (
        <Typography variant="body2" color="error">
          {errorMessage(q.error, NOTES_FAILED)}
        </Typography>
      )}
      {q.isSuccess && notes.length === 0 && (
        <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
          No notes yet.
        </Typography>
      )}
      <Box component="ul" aria-label="Notes" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {notes.map((n) => (
          <Box component="li" key={n.id} sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}>
            <Typography variant="caption" color="textSecondary">
              {n.author.side === 'staff' ? `${n.author.name} (distributor)` : n.author.name} · {dateTime(n.createdAt)}
            </Typography>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {n.text}
            </Typography>
          </Box>
        ))}
      </Box>
      <Box component="form" noValidate onSubmit={(e) => void submit(e)} sx={{ mt: 1 }}>
        <TextField
          {...muiField(register('text'))}
          label="Write to your distributor"
          fullWidth
          multiline
          minRows={2}
          size="small"
          error={Boolean(formState.errors.text)}
          helperText={formState.errors.text?.message}
          slotProps={{ htmlInput: { maxLength: NOTE_MAX_LENGTH } }}
        />
        <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 1 }}>
          <Button type="submit" variant="contained" size="small" disabled={isLoading}>
            Send note
          </Button>
        </Stack>
      </Box>
    </Paper>
  );
}
