// Short picks on /admin/order/details/:orderId (docs/pick-lists.md): while the order is being picked, a
// line can be recorded short: the quantity picked (less than ordered) and a reason. The dialog says what
// will happen (the line and total go down, the store's invoice is credited, the store is told) before
// anything is sent. Every short pick recorded is listed with who recorded it and why.
import RemoveShoppingCartOutlinedIcon from '@mui/icons-material/RemoveShoppingCartOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { SHORT_REASON_LABELS, SHORT_REASONS, shortPickLineSchema, type ShortPickLine } from '@portal/shared/epick/epick.schemas';
import { formatMoney } from '@portal/shared/money/money';
import type { OrderDetails } from '@portal/shared/orders/order-details.schemas';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { FormModal } from '../../components/form-modal';
import { errorMessage } from '../../lib/api';
import { dateTime } from '../../lib/format';
import { notify } from '../../lib/notify';
import {
  SHORT_PICK_FAILED,
  SHORT_PICKS_FAILED,
  useGetShortPicksQuery,
  useRecordShortPicksMutation,
} from './admin-order-details.api';

export function ShortPicksSection({ order, canEdit }: { order: OrderDetails; canEdit: boolean }) {
  const picking = order.status === 'picking';
  const q = useGetShortPicksQuery(order.id);
  const [open, setOpen] = useState(false);
  const records = q.data ?? [];
  if (!picking && records.length === 0) return null;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="order-short-title">
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1 }}>
        <Typography id="order-short-title" variant="h6" component="h2" sx={{ flex: 1 }}>
          Short picks
        </Typography>
        {picking && canEdit ? (
          <Button variant="outlined" startIcon={<RemoveShoppingCartOutlinedIcon />} onClick={() => setOpen(true)}>
            Record short pick
          </Button>
        ) : null}
      </Stack>
      {q.isError ? (
        <Alert severity="error">{errorMessage(q.error, SHORT_PICKS_FAILED)}</Alert>
      ) : records.length === 0 ? (
        <Typography variant="body2" color="textSecondary">
          Nothing short so far. A line that cannot be picked in full is recorded here; the store is told.
        </Typography>
      ) : (
        <Table size="small" aria-label="Short picks">
          <TableHead>
            <TableRow>
              <TableCell>Product</TableCell>
              <TableCell align="right">Picked</TableCell>
              <TableCell>Reason</TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>By</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {records.map((r) => (
              <TableRow key={r.id}>
                <TableCell>
                  {r.description} ({r.itemNumber})
                </TableCell>
                <TableCell align="right">
                  {r.pickedQuantity} of {r.orderedQuantity}
                </TableCell>
                <TableCell>
                  {r.reasonLabel}
                  {r.note ? ` — ${r.note}` : ''}
                </TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                  {r.by} · {dateTime(r.at)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {open ? <ShortPickDialog order={order} onClose={() => setOpen(false)} /> : null}
    </Paper>
  );
}

// The form's own check on top of the API's: a line must be chosen and the picked quantity lower than ordered.
type FormValues = { lineNo: number; pickedQuantity: number; reason: ShortPickLine['reason'] | ''; note: string };

function ShortPickDialog({ order, onClose }: { order: OrderDetails; onClose: () => void }) {
  const [record, { isLoading }] = useRecordShortPicksMutation();
  const lines = order.lines.filter((l) => l.quantity > 0);
  // The chosen line's quantity bounds the picked one: the schema is made for the line on each check.
  const schemaFor = (lineNo: number) => {
    const ordered = lines.find((l) => l.lineNo === lineNo)?.quantity ?? 0;
    return shortPickLineSchema.extend({
      pickedQuantity: shortPickLineSchema.shape.pickedQuantity.max(
        Math.max(0, ordered - 1),
        `Must be less than the ${ordered} ordered`,
      ),
    });
  };
  const { control, handleSubmit, formState, register } = useForm<FormValues, unknown, z.output<typeof shortPickLineSchema>>({
    resolver: (values, context, options) =>
      zodResolver(schemaFor(Number(values.lineNo)) as unknown as z.ZodType<z.output<typeof shortPickLineSchema>, FormValues>)(
        values,
        context,
        options,
      ),
    defaultValues: { lineNo: lines[0]?.lineNo ?? 1, pickedQuantity: 0, reason: '', note: '' },
  });
  const [lineNo, picked] = useWatch({ control, name: ['lineNo', 'pickedQuantity'] });
  const line = lines.find((l) => l.lineNo === Number(lineNo));
  const e = formState.errors;
  const newLineTotal =
    line && Number.isInteger(Number(picked)) && Number(picked) < line.quantity && Number(picked) >= 0
      ? Math.round((line.lineTotal * 100 * Number(picked)) / line.quantity)
      : null;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await record({ orderId: order.id, lines: [values] }).unwrap();
      notify.success(answer.message);
      onClose();
    } catch (err) {
      notify.error(errorMessage(err, SHORT_PICK_FAILED));
    }
  });

  return (
    <FormModal
      title="Record short pick"
      onClose={onClose}
      onSubmit={(ev) => void onSubmit(ev)}
      busy={isLoading}
      submitLabel="Record short pick"
    >
      <Controller
        control={control}
        name="lineNo"
        render={({ field }) => (
          <TextField select label="Line" value={field.value} onChange={(ev) => field.onChange(Number(ev.target.value))}>
            {lines.map((l) => (
              <MenuItem key={l.lineNo} value={l.lineNo}>
                {l.description} ({l.itemNumber}) · {l.quantity} ordered
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <TextField
        label="Quantity picked"
        type="number"
        {...register('pickedQuantity', { valueAsNumber: true })}
        error={Boolean(e.pickedQuantity)}
        helperText={e.pickedQuantity?.message ?? (line ? `Less than the ${line.quantity} ordered; 0 if none` : ' ')}
        slotProps={{ htmlInput: { min: 0, step: 1, inputMode: 'numeric' } }}
      />
      <Controller
        control={control}
        name="reason"
        render={({ field }) => (
          <TextField
            select
            label="Reason"
            value={field.value}
            onChange={(ev) => field.onChange(ev.target.value)}
            error={Boolean(e.reason)}
            helperText={e.reason?.message ?? ' '}
          >
            {SHORT_REASONS.map((r) => (
              <MenuItem key={r} value={r}>
                {SHORT_REASON_LABELS[r]}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <TextField label="Note (optional)" {...register('note')} error={Boolean(e.note)} helperText={e.note?.message ?? ' '} />
      <Alert severity="warning" role="note">
        {line && newLineTotal != null
          ? `${line.description}: ${line.quantity} → ${Number(picked)}, line total ${formatMoney(Math.round(line.lineTotal * 100))} → about ${formatMoney(newLineTotal)}. `
          : ''}
        The order total goes down, the store&apos;s invoice is credited and the store is told. This cannot be undone.
      </Alert>
    </FormModal>
  );
}
