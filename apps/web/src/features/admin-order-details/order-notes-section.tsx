// The notes between staff and the store on one order: the thread, oldest first, and a staff note form.
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { NOTE_MAX_LENGTH, orderNoteBody, type OrderNote, type OrderNoteInput } from '@portal/shared/orders/order-details.schemas';
import { useForm, useWatch } from 'react-hook-form';
import { errorMessage } from '../../lib/api';
import { muiField } from '../../lib/form';
import { dateTime } from '../../lib/format';
import { notify } from '../../lib/notify';
import { ORDER_NOTE_FAILED, useAddAdminOrderNoteMutation } from './admin-order-details.api';

export function OrderNotesSection({ orderId, notes, canWrite }: { orderId: string; notes: OrderNote[]; canWrite: boolean }) {
  const [add, { isLoading }] = useAddAdminOrderNoteMutation();
  const { register, handleSubmit, formState, reset, control } = useForm<OrderNoteInput>({
    resolver: zodResolver(orderNoteBody),
    defaultValues: { text: '' },
  });
  const length = useWatch({ control, name: 'text' })?.length ?? 0;
  const submit = handleSubmit(async (values) => {
    try {
      const res = await add({ orderId, text: values.text }).unwrap();
      notify.success(res.message);
      reset({ text: '' });
    } catch (err) {
      notify.error(errorMessage(err, ORDER_NOTE_FAILED));
    }
  });

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="order-notes-title">
      <Typography id="order-notes-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        Notes with the store
      </Typography>
      {notes.length === 0 ? (
        <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
          No notes yet. The store reads these on its order and can answer.
        </Typography>
      ) : (
        <Box component="ul" aria-label="Notes" sx={{ listStyle: 'none', m: 0, p: 0, mb: 2 }}>
          {notes.map((n) => (
            <Box
              component="li"
              key={n.id}
              sx={{
                p: 1.5,
                mb: 1,
                borderRadius: 1,
                bgcolor: n.author.side === 'staff' ? 'action.hover' : 'transparent',
                border: 1,
                borderColor: 'divider',
              }}
            >
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5, flexWrap: 'wrap' }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {n.author.name}
                </Typography>
                <Chip size="small" label={n.author.side === 'staff' ? 'Staff' : 'Store'} sx={{ height: 20, fontSize: 11 }} />
                <Typography variant="caption" color="textSecondary">
                  {dateTime(n.createdAt)}
                </Typography>
              </Stack>
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {n.text}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
      {canWrite && (
        <Box component="form" noValidate onSubmit={(e) => void submit(e)}>
          <TextField
            {...muiField(register('text'))}
            label="Write to the store"
            fullWidth
            multiline
            minRows={2}
            size="small"
            error={Boolean(formState.errors.text)}
            helperText={formState.errors.text?.message ?? `${length}/${NOTE_MAX_LENGTH}`}
            slotProps={{ htmlInput: { maxLength: NOTE_MAX_LENGTH } }}
          />
          <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 1 }}>
            <Button type="submit" variant="contained" size="small" disabled={isLoading}>
              Add note
            </Button>
          </Stack>
        </Box>
      )}
    </Paper>
  );
}
